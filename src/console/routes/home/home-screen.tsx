import { Card } from '#ui/card'
import { useDocumentTitle } from '#ui/use-document-title'
import { roleNames } from '../../api/role-names'
import type { ConsoleRouter } from '../../router'
import { signedInRoute } from '../signed-in'

/** The person and their session; the queues join it as their calls arrive. */
export function HomeScreen() {
  const { me } = signedInRoute.useRouteContext<ConsoleRouter>()
  useDocumentTitle('Staff console')
  return (
    <>
      <h1>Welcome, {me.name}</h1>
      <Card heading="Your access">
        <p>
          Signed in as {me.email}, with the roles {roleNames(me.roles)}.
        </p>
        <p>
          This session ends at the latest at{' '}
          <time dateTime={me.expires_at}>{new Date(me.expires_at).toLocaleTimeString()}</time>.
        </p>
      </Card>
    </>
  )
}
