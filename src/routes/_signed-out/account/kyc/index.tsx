import { createFileRoute, redirect } from '@tanstack/react-router'

/** account/kyc: the KYC form. */
export const Route = createFileRoute('/_signed-out/account/kyc/')({
  beforeLoad: () => {
    throw redirect({ to: '/account/kyc/form', replace: true })
  },
})
