import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../../../../-components/placeholder-page'

export const Route = createFileRoute('/_signed-out/account/reset/r/$email/$token')({
  component: () => <PlaceholderPage title="Reset passcode" />,
})
