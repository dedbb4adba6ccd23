import { AlertBox } from '#ui/alert-box'
import { Card } from '#ui/card'
import { useDocumentTitle } from '#ui/use-document-title'
import { roleNames } from '../../api/role-names'
import type { ConsoleRouter } from '../../router'
import { signedInRoute } from '../signed-in'
import { QueueTable } from './queue-table'
import { homeRoute } from './route'

/**
 * The queues with their counts and the age of the oldest item, then the person's access; above
 * them, a warning while the demo accounts are in the database.
 */
export function HomeScreen() {
  const { me } = signedInRoute.useRouteContext<ConsoleRouter>()
  const { queues, demo_accounts } = homeRoute.useLoaderData<ConsoleRouter>()
  useDocumentTitle('Staff console')
  return (
    <>
      <h1>Welcome, {me.name}</h1>
      <AlertBox
        display={demo_accounts}
        standing
        type="warning"
        msg={
          <>
            <strong>This database holds the demo accounts</strong>, whose passcodes, PIN and
            password are published. Do not serve real customers from it: an admin removes them with{' '}
            <code>npm run ops -- demo remove</code>.
          </>
        }
      />
      <Card heading="Queues">
        <QueueTable queues={queues} />
      </Card>
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
