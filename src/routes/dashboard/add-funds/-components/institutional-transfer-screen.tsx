import { t } from '@lingui/core/macro'
import { useLoaderData } from '@tanstack/react-router'
import type { CallResponse } from '#api/contract'
import { Card } from '#ui/card'
import { type Detail, DetailList } from '../../-shared/detail-list'
import { SectionPage } from '../../-shared/section-page'

type Institution = CallResponse<'institutionDetails'>

function detailsOf(institution: Institution): Detail[] {
  return [
    { label: t`Username`, value: institution.username, copyable: true },
    { label: t`Account number`, value: institution.accountNumber, copyable: true },
    { label: t`Swift code`, value: institution.swiftCode, copyable: true },
    { label: t`Routing number`, value: institution.routingNumber, copyable: true },
    { label: t`Country`, value: institution.country, copyable: true },
  ]
}

/** dashboard/add-funds/it: the details another institution needs to send money here. */
export function InstitutionalTransferScreen() {
  const state = useLoaderData({ from: '/dashboard/add-funds/it' })
  return (
    <SectionPage
      title={t`Institutional Transfer`}
      lead={t`Give these details to the bank or institution sending you money.`}
      failure={state.status === 'failed' ? state.message : null}
    >
      {state.status === 'ready' ? (
        <Card heading={t`Your Details`}>
          <DetailList details={detailsOf(state.data)} />
        </Card>
      ) : null}
    </SectionPage>
  )
}
