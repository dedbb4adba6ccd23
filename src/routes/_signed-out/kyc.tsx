import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../-components/placeholder-page'

export const Route = createFileRoute('/_signed-out/kyc')({
  component: () => <PlaceholderPage title="Identity verification" />,
})
