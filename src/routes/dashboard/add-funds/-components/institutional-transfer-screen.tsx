import { useLoaderData } from '@tanstack/react-router'
import type { CallResponse } from '#api/contract'
import { Card } from '#ui/card'
import { type Detail, DetailList } from '../../-shared/detail-list'
import { SectionPage } from '../../-shared/section-page'

type Institution = CallResponse<'institutionDetails'>

function detailsOf(institution: Institution): Detail[] {
  return [
    { label: 'Username', value: institution.username, copyable: true },
    { label: 'Account number', value: institution.accountNumber, copyable: true },
    { label: 'Swift code', value: institution.swiftCode, copyable: true },
    { label: 'Routing number', value: institution.routingNumber, copyable: true },
    { label: 'Country', value: institution.country, copyable: true },
  ]
}

/** dashboard/add-funds/it: the details another institution needs to send money here. */
export function InstitutionalTransferScreen() {
  const state = useLoaderData({ from: '/dashboard/add-funds/it' })
  return (
    <SectionPage
      title="Institutional Transfer"
      lead="Give these details to the bank or institution sending you money."
      failure={state.status === 'failed' ? state.message : null}
    >
      {state.status === 'ready' ? (
        <Card heading="Your Details">
          <DetailList details={detailsOf(state.data)} />
        </Card>
      ) : null}
    </SectionPage>
  )
}
