import { createFileRoute } from '@tanstack/react-router'
import { PinResetScreen } from './-components/pin-reset-screen'

/** Open to everyone: the PIN reset link works signed in and signed out (spec section 2). */
export const Route = createFileRoute('/account/resetpin/')({
  component: () => <PinResetScreen />,
})
