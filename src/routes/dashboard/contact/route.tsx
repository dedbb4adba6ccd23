import { createFileRoute } from '@tanstack/react-router'
import { loadSection } from '../-shared/section-data'
import { ContactScreen } from './-components/contact-screen'

export const Route = createFileRoute('/dashboard/contact')({
  loader: () => loadSection('supportContacts'),
  gcTime: 0,
  component: ContactScreen,
})
