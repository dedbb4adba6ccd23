import { createFileRoute } from '@tanstack/react-router'
import { proofOfPaymentForms } from '#machines/proof-of-payment.machine'
import { proofOfPaymentPages } from '../-shared/proof-of-payment/proof-of-payment-pages'
import { ProofOfPaymentScreen } from '../-shared/proof-of-payment/proof-of-payment-screen'
import { loadSection } from '../-shared/section-data'

/** Customer data: loaded on every visit (`gcTime: 0`), never kept for the next customer. */
export const Route = createFileRoute('/dashboard/make-payment/crypto')({
  loader: () => loadSection('paymentForm'),
  gcTime: 0,
  component: CryptoPaymentScreen,
})

function CryptoPaymentScreen() {
  return (
    <ProofOfPaymentScreen
      form={proofOfPaymentForms.payment}
      page={proofOfPaymentPages.payment}
      state={Route.useLoaderData()}
    />
  )
}
