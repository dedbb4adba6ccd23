import { createFileRoute } from '@tanstack/react-router'
import { PasscodeResetScreen } from '../../../../-components/passcode-reset-screen'

/** The link from the reset e-mail: the address and the code are in the path. */
export const Route = createFileRoute('/_signed-out/account/reset/r/$email/$token')({
  component: ResetPasscodeFromLink,
})

function ResetPasscodeFromLink() {
  const { email, token } = Route.useParams()
  return <PasscodeResetScreen key={`${email}/${token}`} email={email} code={token} />
}
