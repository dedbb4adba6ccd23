import { createFileRoute } from '@tanstack/react-router'
import { requireFlowToken } from '../../-components/flow-token'
import { KycFormScreen } from './-components/kyc-form-screen'

/** The KYC form of a customer who holds the temporary token tempbaUid. */
export const Route = createFileRoute('/_signed-out/account/kyc/form')({
  beforeLoad: () => requireFlowToken('tempbaUid'),
  component: KycFormScreen,
})
