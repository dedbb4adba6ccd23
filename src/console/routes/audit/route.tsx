import { createRoute } from '@tanstack/react-router'
import { answerOrThrow } from '../../api/answer-or-throw'
import { staffCall } from '../../api/staff-call'
import { allowOnly, type ConsoleSection } from '../../section'
import { signedInRoute } from '../signed-in'
import { AuditScreen } from './audit-screen'
import { auditSearch, filterOf } from './audit-search'

/** The auditor and the admin read the log (docs/decisions/075); the server checks again. */
const section: ConsoleSection = { label: 'Audit log', allowed: ['auditor', 'admin'] }

/** Every operator action and read of personal data, newest first; each load is itself logged. */
export const auditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'audit',
  staticData: { consoleSection: section },
  validateSearch: auditSearch,
  beforeLoad: allowOnly(section),
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) =>
    answerOrThrow(
      await staffCall('auditlist', {
        ...filterOf(deps),
        page: deps.page ? String(deps.page) : undefined,
        after: deps.after,
        before: deps.before,
      }),
    ),
  component: AuditScreen,
})
