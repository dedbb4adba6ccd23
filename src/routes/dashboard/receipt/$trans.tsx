import { createFileRoute } from '@tanstack/react-router'
import { ReceiptScreen } from './-components/receipt-screen'

/** Customer data: loaded on every visit (`gcTime: 0`), never kept for the next customer. */
export const Route = createFileRoute('/dashboard/receipt/$trans')({
  // Imported here, not at the top: its check of the id uses the contract, which the first load
  // of every page would otherwise carry.
  loader: async ({ params }) =>
    (await import('./-components/receipt-data')).loadReceipt(params.trans),
  gcTime: 0,
  component: ReceiptScreen,
})
