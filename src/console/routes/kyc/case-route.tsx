import { createRoute } from '@tanstack/react-router'
import { answerOrThrow } from '../../api/answer-or-throw'
import { staffCall } from '../../api/staff-call'
import { allowOnly } from '../../section'
import { signedInRoute } from '../signed-in'
import { KycCaseScreen } from './kyc-case-screen'

/** One KYC submission, opened from the list (the server writes the opening to the audit log). */
export const kycCaseRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'kyc/$id',
  beforeLoad: allowOnly({ label: 'KYC case', allowed: ['kyc', 'auditor'] }),
  loader: async ({ params }) => answerOrThrow(await staffCall('kyccase', { id: params.id })),
  component: KycCaseScreen,
})
