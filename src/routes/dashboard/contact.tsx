import { createFileRoute } from '@tanstack/react-router'
import { ContactScreen } from './-components/contact-screen'
import { loadSection } from './-shared/section-data'

export const Route = createFileRoute('/dashboard/contact')({
  loader: () => loadSection('getcontact'),
  gcTime: 0,
  component: ContactScreen,
})
