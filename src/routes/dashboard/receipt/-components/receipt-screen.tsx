import { t } from '@lingui/core/macro'
import { useLoaderData } from '@tanstack/react-router'
import { SectionPage } from '../../-shared/section-page'
import { useFileDownloadActor } from '../../-shared/use-file-download'
import { ReceiptNotFound, ReceiptView } from './receipt-view'

/** dashboard/receipt/$trans: the receipt the loader read, or "Receipt not found". */
export function ReceiptScreen() {
  const state = useLoaderData({ from: '/dashboard/receipt/$trans' })
  const downloads = useFileDownloadActor()
  if (state.status === 'failed') return <SectionPage title={t`Receipt`} failure={state.message} />
  const { transaction, currency } = state.data
  if (!transaction)
    return (
      <SectionPage title={t`Receipt not found`}>
        <ReceiptNotFound />
      </SectionPage>
    )
  return (
    <SectionPage title={t`Receipt`}>
      <ReceiptView
        transaction={transaction}
        currency={currency}
        downloads={downloads}
        onPrint={() => window.print()}
      />
    </SectionPage>
  )
}
