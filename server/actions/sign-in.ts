import type { CallResponse } from '#api/contract'
import { isTicked } from '#api/contract/fields'
import { revokeSession } from '../auth/sessions'
import { accountNoticeOf } from '../domain/account-notices'
import { forgetDeviceUnlessRemembered, rememberedCustomerOf } from '../domain/customer-devices'
import { hasPasskey } from '../domain/customer-passkeys'
import {
  greetingFor,
  type SignIn,
  signIn as signInCustomer,
  signInWithPasskey as signInCustomerWithPasskey,
} from '../domain/sign-in'
import type { Handler, HandlerContext } from '../rpc/handler'
import { requireSession } from '../rpc/handler'
import { invalidCredentials, tooManyAttempts } from './messages'
import { authenticationAnswerOf, unreadableAnswer } from './passkey-answers'

/**
 * Login step 1 (docs/decisions/080): the greeting only on a device remembered for this e-mail's
 * customer; anywhere else one neutral answer, registered e-mail or not, after the same work.
 */
export const identifyCustomer: Handler<'identifyCustomer'> = async ({
  input,
  deps,
  deviceCookie,
}) => {
  const greeting = await greetingFor(deps.db, input.email, await deviceCookie.read(), deps.now())
  // Anywhere but a remembered device, "Use your passkey" is offered whoever the e-mail is of.
  if (!greeting) {
    return {
      error: false,
      message: '',
      user: { fullname: '', picture: null },
      role: 'customer',
      passkey: true,
    }
  }
  return {
    error: false,
    message: '',
    user: { fullname: greeting.user.fullname, picture: greeting.picture },
    role: greeting.user.role,
    passkey: await hasPasskey(deps.db, greeting.user.id),
  }
}

export const signIn: Handler<'signIn'> = async (context) => {
  const { input, deps } = context
  const signedIn = await signInCustomer(
    deps.db,
    {
      ...(await signingInFrom(context)),
      email: input.email,
      password: input.password,
      remember: isTicked(input.rememberMe),
    },
    deps.now(),
  )
  return signInAnswerOf(context, signedIn)
}

/**
 * Login with a passkey, step 2 (docs/decisions/081): the same answers as with the passcode; a
 * passkey's answer that cannot be read is refused as a wrong one would be.
 */
export const signInWithPasskey: Handler<'signInWithPasskey'> = async (context) => {
  const { input, deps } = context
  const credential = authenticationAnswerOf(input.credential)
  const signedIn = await signInCustomerWithPasskey(deps, {
    ...(await signingInFrom(context)),
    email: input.email,
    remember: isTicked(input.rememberMe),
    credential: credential ?? unreadableAnswer,
  })
  return signInAnswerOf(context, signedIn)
}

/** The browser a sign-in comes from, as the domain takes it. */
async function signingInFrom({
  deps,
  clientAddress,
  userAgent,
  deviceCookie,
  language,
}: HandlerContext<'signIn' | 'signInWithPasskey'>) {
  return {
    language,
    clientAddress,
    cookieToken: await deviceCookie.read(),
    userAgent,
    publicUrl: deps.publicUrl,
  }
}

/** A sign-in's outcome as userlogin (and userloginpasskey) answer it, the cookie set. */
async function signInAnswerOf(
  { deps, deviceCookie }: HandlerContext<'signIn' | 'signInWithPasskey'>,
  signedIn: SignIn,
): Promise<CallResponse<'signIn'>> {
  const now = deps.now()
  if (signedIn.outcome === 'refused') {
    if (signedIn.blockedUntil)
      return {
        error: true,
        message: tooManyAttempts(signedIn.blockedUntil, now),
        blockedUntil: signedIn.blockedUntil.toISOString(),
      }
    return { error: true, message: invalidCredentials, attemptsLeft: signedIn.attemptsLeft }
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
      if (signedIn.alerted) deps.mailQueued()
      await deviceCookie.set(signedIn.device.cookie.token, signedIn.device.cookie.until)
      return { ...base, jwt: signedIn.jwt, message: 'Welcome Back' }
  }
}

/** Ends the session; a device not remembered is forgotten with its cookie (decision 080). */
export const signOut: Handler<'signOut'> = async ({ deps, token, deviceCookie }) => {
  const now = deps.now()
  if (token) await revokeSession(deps.db, token, now)
  if (await forgetDeviceUnlessRemembered(deps.db, await deviceCookie.read(), now))
    deviceCookie.clear()
  return { status: true }
}

/** The e-mail of the customer this browser remembers, for login step 1 (decision 080). */
export const rememberedDevice: Handler<'rememberedDevice'> = async ({ deps, deviceCookie }) => {
  const remembered = await rememberedCustomerOf(deps.db, await deviceCookie.read(), deps.now())
  if (!remembered) deviceCookie.clearHint()
  return { email: remembered?.user.email ?? null }
}

export const accountNotice: Handler<'accountNotice'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const notice = await accountNoticeOf(deps.db, userId)
  return { notice: notice ? { head: notice.head, body: notice.body } : null }
}
