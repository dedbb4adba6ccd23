import { createFileRoute } from '@tanstack/react-router'
import { VerifyScreen } from '../../-components/verify-screen'

/** Where signup leads: the address is in the path. */
export const Route = createFileRoute('/_signed-out/account/verify/$email')({
  component: VerifyByPath,
})

function VerifyByPath() {
  const { email } = Route.useParams()
  return <VerifyScreen key={email} email={email} />
}
