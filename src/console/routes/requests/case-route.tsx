import { createRoute } from '@tanstack/react-router'
import { answerOrThrow } from '../../api/answer-or-throw'
import { staffCall } from '../../api/staff-call'
import { allowOnly } from '../../section'
import { signedInRoute } from '../signed-in'
import { RequestCaseScreen } from './request-case-screen'

/** One funding request, opened from the list (the server writes the opening to the audit log). */
export const requestCaseRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'requests/$id',
  beforeLoad: allowOnly({ label: 'Request', allowed: ['payments', 'auditor'] }),
  loader: async ({ params }) => answerOrThrow(await staffCall('requestcase', { id: params.id })),
  component: RequestCaseScreen,
})
