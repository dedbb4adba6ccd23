import { createRoute } from '@tanstack/react-router'
import { answerOrThrow } from '../../api/answer-or-throw'
import { staffCall } from '../../api/staff-call'
import { allowOnly } from '../../section'
import { signedInRoute } from '../signed-in'
import { KycRequestsScreen } from './kyc-requests-screen'
import { kycListSearch, listFields } from './kyc-search'

/** Signed-in customers' KYC requests from the dashboard, each decided in its row. */
export const kycRequestsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'kyc/requests',
  validateSearch: kycListSearch,
  beforeLoad: allowOnly({ label: 'KYC requests', allowed: ['kyc', 'auditor'] }),
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) => answerOrThrow(await staffCall('kycrequestlist', listFields(deps))),
  component: KycRequestsScreen,
})
