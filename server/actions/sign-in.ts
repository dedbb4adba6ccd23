import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { hashSecret, verifySecret } from '../auth/secrets'
import { createSession, revokeSession } from '../auth/sessions'
import { accountNotices, kycDocumentTypes, users } from '../db/schema'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'
import { loadCustomer } from '../views/customer'

export const invalidCredentials = 'Invalid Credentials'

/**
 * Compared against when the e-mail is unknown, so a wrong e-mail costs the same time as a wrong
 * passcode (argon2id of a random secret, same parameters as real hashes).
 */
let unknownUserHash: Promise<string> | undefined
const hashForUnknownUser = () => {
  unknownUserHash ??= hashSecret(randomBytes(16).toString('hex'))
  return unknownUserHash
}

const findUserByEmail = async (db: Parameters<Handler<'iduser'>>[0]['deps']['db'], email: string) =>
  (await db.select().from(users).where(eq(users.email, email)))[0]

export const iduser: Handler<'iduser'> = async ({ input, deps }) => {
  const user = await findUserByEmail(deps.db, input.email)
  if (!user) {
    // Same shape as for a known e-mail: step 2 then fails with Invalid Credentials.
    return { error: false, message: '', user: { fullname: '', picture: null }, role: 'customer' }
  }
  const customer = await loadCustomer(deps.db, user.id)
  return {
    error: false,
    message: '',
    user: { fullname: user.fullname, picture: customer.picture },
    role: user.role,
  }
}

export const userlogin: Handler<'userlogin'> = async ({ input, deps, clientAddress }) => {
  const user = await findUserByEmail(deps.db, input.email)
  const passcodeOk = await verifySecret(
    user?.passcodeHash ?? (await hashForUnknownUser()),
    input.password,
  )
  if (!user || !passcodeOk) return { error: true, message: invalidCredentials }

  const base = {
    error: false,
    email: user.email,
    role: user.role,
    verified: user.emailVerifiedAt !== null,
    submitted: user.kycSubmittedAt !== null,
    verification_status: user.verificationStatus,
  }
  const now = deps.now()
  if (!base.verified) return { ...base, message: 'Please verify your e-mail address to continue.' }
  if (user.role === 'admin') return { ...base, message: 'Taking you to the admin area.' }

  const [notice] = await deps.db
    .select()
    .from(accountNotices)
    .where(eq(accountNotices.userId, user.id))
  if (notice) {
    const jwt = await createSession(deps.db, {
      userId: user.id,
      kind: 'notice',
      clientAddress,
      now,
    })
    return { ...base, ismsg: true, jwt, message: notice.head }
  }
  if (user.verificationStatus !== 'Verified') {
    const jwt = await createSession(deps.db, { userId: user.id, kind: 'kyc', clientAddress, now })
    return { ...base, jwt, message: user.verificationStatus }
  }
  const remember = input.remeber !== undefined && ['on', 'true', '1', 'yes'].includes(input.remeber)
  const jwt = await createSession(deps.db, {
    userId: user.id,
    kind: 'session',
    remember,
    clientAddress,
    now,
  })
  return { ...base, jwt, message: 'Welcome Back' }
}

export const logout: Handler<'logout'> = async ({ deps, token }) => {
  if (token) await revokeSession(deps.db, token, deps.now())
  return { status: true }
}

export const getsinfo: Handler<'getsinfo'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const [notice] = await deps.db
    .select()
    .from(accountNotices)
    .where(eq(accountNotices.userId, userId))
  return { notice: notice ? { head: notice.head, body: notice.body } : null }
}

export const getdocs: Handler<'getdocs'> = async ({ deps }) => {
  const docs = await deps.db
    .select({ doc_name: kycDocumentTypes.docName })
    .from(kycDocumentTypes)
    .orderBy(kycDocumentTypes.docName)
  return { docs }
}
