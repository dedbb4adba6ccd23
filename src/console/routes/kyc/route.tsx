import { createRoute } from '@tanstack/react-router'
import { answerOrThrow } from '../../api/answer-or-throw'
import { staffCall } from '../../api/staff-call'
import { allowOnly, type ConsoleSection } from '../../section'
import { signedInRoute } from '../signed-in'
import { KycListScreen } from './kyc-list-screen'
import { kycListSearch, listFields } from './kyc-search'

const section: ConsoleSection = { label: 'KYC', allowed: ['kyc', 'auditor'] }

/** KYC submissions from sign-up, waiting first; each opens its case. */
export const kycRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: 'kyc',
  staticData: { consoleSection: section },
  validateSearch: kycListSearch,
  beforeLoad: allowOnly(section),
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) => answerOrThrow(await staffCall('kyclist', listFields(deps))),
  component: KycListScreen,
})
