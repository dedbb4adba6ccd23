import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../../-components/placeholder-page'

export const Route = createFileRoute('/_signed-out/account/verify/')({
  component: () => <PlaceholderPage title="Verify your e-mail" />,
})
