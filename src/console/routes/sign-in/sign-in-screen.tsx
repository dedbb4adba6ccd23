import { AlertBox } from '#ui/alert-box'
import { CenteredPage } from '#ui/centered-page'
import { useDocumentTitle } from '#ui/use-document-title'
import { sessionEndMessages } from '../../api/session-end'
import type { ConsoleRouter } from '../../router'
import { signInRoute } from './route'

export function SignInScreen() {
  const { ended } = signInRoute.useSearch<ConsoleRouter>()
  useDocumentTitle('Staff sign-in')
  return (
    <CenteredPage>
      <h1>Staff sign-in</h1>
      <AlertBox
        display={ended !== undefined}
        type={ended === 'signed-out' ? 'success' : 'warning'}
        msg={ended ? sessionEndMessages[ended] : null}
      />
    </CenteredPage>
  )
}
