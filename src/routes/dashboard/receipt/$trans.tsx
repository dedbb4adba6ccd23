import { createFileRoute } from '@tanstack/react-router'
import { withCatalog } from '#i18n/catalogs'
import { ReceiptScreen } from './-components/receipt-screen'
import { receiptCatalog } from './-locales/catalog'

/**
 * The receipt with the section's words beside it. receipt-data is imported here, not at the
 * top: its check of the id uses the contract, which the first load of every page would otherwise
 * carry.
 */
const loadReceiptWithWords = withCatalog(receiptCatalog, async (receiptId: string) =>
  (await import('./-components/receipt-data')).loadReceipt(receiptId),
)

/** Customer data: loaded on every visit (`gcTime: 0`), never kept for the next customer. */
export const Route = createFileRoute('/dashboard/receipt/$trans')({
  loader: ({ params }) => loadReceiptWithWords(params.trans),
  gcTime: 0,
  component: ReceiptScreen,
})
