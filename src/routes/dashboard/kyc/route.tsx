import { createFileRoute } from '@tanstack/react-router'
import { loadSection } from '../-shared/section-data'
import { KycRequestScreen } from './-components/kyc-request-screen'

/** The bank's verification address comes with its contacts (getcontact). */
export const Route = createFileRoute('/dashboard/kyc')({
  loader: () => loadSection('supportContacts'),
  gcTime: 0,
  component: KycRequestScreen,
})
