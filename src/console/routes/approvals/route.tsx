import { createRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { approvalCheckerRoles } from '#api/contract/staff'
import { answerOrThrow } from '../../api/answer-or-throw'
import { staffCall } from '../../api/staff-call'
import { allowOnly, type ConsoleSection } from '../../section'
import { signedInRoute } from '../signed-in'
import { ApprovalsScreen } from './approvals-screen'

const section: ConsoleSection = {
  label: 'Approvals',
  allowed: [...approvalCheckerRoles, 'auditor'],
}

const inboxAddress = v.object({
  status: v.fallback(v.optional(v.picklist(['pending', 'decided'])), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
})

/**
 * Four eyes (issue 18): decisions above their threshold and proposed changes, waiting for a
 * second person.
 */
export const approvalsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'approvals',
  staticData: { consoleSection: section },
  validateSearch: inboxAddress,
  beforeLoad: allowOnly(section),
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) =>
    answerOrThrow(
      await staffCall('approvallist', {
        status: deps.status,
        page: deps.page ? String(deps.page) : undefined,
      }),
    ),
  component: ApprovalsScreen,
})
