import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '../../../../-components/placeholder-page'

/** Open to everyone: the PIN reset link works signed in and signed out (spec section 2). */
export const Route = createFileRoute('/account/resetpin/r/$email/$token')({
  component: () => <PlaceholderPage title="Reset PIN" />,
})
