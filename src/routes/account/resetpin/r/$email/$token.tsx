import { createFileRoute } from '@tanstack/react-router'
import { PinResetScreen } from '../../-components/pin-reset-screen'

/** Open to everyone: the PIN reset link works signed in and signed out (spec section 2). */
export const Route = createFileRoute('/account/resetpin/r/$email/$token')({
  component: ResetPinFromLink,
})

function ResetPinFromLink() {
  const { email, token } = Route.useParams()
  return <PinResetScreen key={`${email}/${token}`} email={email} code={token} />
}
