import { createFileRoute, redirect } from '@tanstack/react-router'

/** The top-level kyc route: the same as account/kyc, the KYC form. */
export const Route = createFileRoute('/_signed-out/kyc')({
  beforeLoad: () => {
    throw redirect({ to: '/account/kyc/form', replace: true })
  },
})
