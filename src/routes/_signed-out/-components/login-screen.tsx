import { LoginForm } from './login-form'
import { SignedOutLayout } from './signed-out-layout'

/** Login, shown at /, /account and /account/login. */
export function LoginScreen() {
  return (
    <SignedOutLayout title="Sign in">
      <LoginForm />
    </SignedOutLayout>
  )
}
