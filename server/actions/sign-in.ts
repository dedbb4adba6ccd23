import { revokeSession } from '../auth/sessions'
import { accountNoticeOf } from '../domain/account-notices'
import { greetingFor, signIn as signInCustomer } from '../domain/sign-in'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'
import { invalidCredentials, tooManyAttempts } from './messages'

export const identifyCustomer: Handler<'identifyCustomer'> = async ({ input, deps }) => {
  const greeting = await greetingFor(deps.db, input.email)
  if (!greeting) {
    // Same shape as for a known e-mail: step 2 then fails with Invalid Credentials.
    return { error: false, message: '', user: { fullname: '', picture: null }, role: 'customer' }
  }
  return {
    error: false,
    message: '',
    user: { fullname: greeting.user.fullname, picture: greeting.picture },
    role: greeting.user.role,
  }
}

export const signIn: Handler<'signIn'> = async ({ input, deps, clientAddress }) => {
  const now = deps.now()
  const remember =
    input.rememberMe !== undefined && ['on', 'true', '1', 'yes'].includes(input.rememberMe)
  const signedIn = await signInCustomer(
    deps.db,
    { email: input.email, password: input.password, remember, clientAddress },
    now,
  )
  if (signedIn.outcome === 'refused') {
    if (signedIn.blockedUntil)
      return {
        error: true,
        message: tooManyAttempts(signedIn.blockedUntil, now),
        blocked_until: signedIn.blockedUntil.toISOString(),
      }
    return { error: true, message: invalidCredentials, attempts_left: signedIn.attemptsLeft }
  }

  const { user } = signedIn
  const base = {
    error: false,
    email: user.email,
    role: user.role,
    verified: user.emailVerifiedAt !== null,
    submitted: user.kycSubmittedAt !== null,
    verificationStatus: user.verificationStatus,
  }
  switch (signedIn.outcome) {
    case 'unverified':
      return { ...base, message: 'Please verify your e-mail address to continue.' }
    case 'admin':
      return { ...base, message: 'Taking you to the admin area.' }
    case 'notice':
      return { ...base, hasNotice: true, jwt: signedIn.jwt, message: signedIn.head }
    case 'kyc':
      return { ...base, jwt: signedIn.jwt, message: user.verificationStatus }
    case 'session':
      return { ...base, jwt: signedIn.jwt, message: 'Welcome Back' }
  }
}

export const signOut: Handler<'signOut'> = async ({ deps, token }) => {
  if (token) await revokeSession(deps.db, token, deps.now())
  return { status: true }
}

export const accountNotice: Handler<'accountNotice'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const notice = await accountNoticeOf(deps.db, userId)
  return { notice: notice ? { head: notice.head, body: notice.body } : null }
}
