import { createFileRoute } from '@tanstack/react-router'
import { proofOfPaymentForms } from '#machines/proof-of-payment.machine'
import { proofOfPaymentPages } from '../-shared/proof-of-payment/proof-of-payment-pages'
import { ProofOfPaymentScreen } from '../-shared/proof-of-payment/proof-of-payment-screen'
import { loadSection } from '../-shared/section-data'

/** Customer data: loaded on every visit (`gcTime: 0`), never kept for the next customer. */
export const Route = createFileRoute('/dashboard/add-funds/crypto')({
  loader: () => loadSection('cryptoDepositForm'),
  gcTime: 0,
  component: CryptoDepositScreen,
})

function CryptoDepositScreen() {
  return (
    <ProofOfPaymentScreen
      form={proofOfPaymentForms.deposit}
      page={proofOfPaymentPages.deposit}
      state={Route.useLoaderData()}
    />
  )
}
