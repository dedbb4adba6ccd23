import { createRoute } from '@tanstack/react-router'
import { answerOrThrow } from '../../api/answer-or-throw'
import { staffCall } from '../../api/staff-call'
import { allowOnly, type ConsoleSection } from '../../section'
import { signedInRoute } from '../signed-in'
import { RequestListScreen } from './request-list-screen'
import { requestListSearch } from './request-search'

const section: ConsoleSection = { label: 'Requests', allowed: ['payments', 'auditor'] }

/** Deposits, payments, fixed deposits and upgrades, waiting first; each opens its case. */
export const requestsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'requests',
  staticData: { consoleSection: section },
  validateSearch: requestListSearch,
  beforeLoad: allowOnly(section),
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) =>
    answerOrThrow(
      await staffCall('requestlist', {
        status: deps.status,
        kind: deps.kind,
        page: deps.page ? String(deps.page) : undefined,
      }),
    ),
  component: RequestListScreen,
})
