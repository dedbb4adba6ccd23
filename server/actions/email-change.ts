import { and, eq, isNull } from 'drizzle-orm'
import { addressBucket } from '../auth/client-address'
import { checkCodeLimited } from '../auth/limited-checks'
import { consumeCode } from '../auth/one-time-codes'
import { violatedUniqueIndex } from '../db/errors'
import { oneTimeCodes, users } from '../db/schema'
import { issueCodeByMail, prepareCode } from '../domain/code-mail'
import { findUserByEmail, findUserById, lockUser } from '../domain/users'
import { enqueueMail } from '../mail/outbox'
import { emailChangeCodeMail, emailChangedMail } from '../mail/templates'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'
import { ProtocolError, sessionEnded } from '../rpc/protocol-error'
import { invalidCode, tooManyAttempts, waitBeforeNewCode } from './messages'

/**
 * Changing the e-mail address in two steps (docs/decisions/026-email-change.md): `updateemail`
 * sends a 6-digit code to the new address and remembers the address with the code; only
 * `confirmemail` with that code replaces the old address, which is then told.
 */
export const sameAddress = 'This is already your e-mail address.'
export const addressUnavailable = 'This e-mail address cannot be used. Please choose another.'

async function signedInUser(db: Parameters<typeof findUserById>[0], userId: number) {
  const user = await findUserById(db, userId)
  if (!user) throw new ProtocolError(401, sessionEnded)
  return user
}

export const updateemail: Handler<'updateemail'> = async ({ input, deps, session }) => {
  const { userId } = requireSession(session)
  const user = await signedInUser(deps.db, userId)
  if (input.email === user.email) return { status: false, message: sameAddress }
  if (await findUserByEmail(deps.db, input.email))
    return { status: false, message: addressUnavailable }
  const prepared = await prepareCode()
  const now = deps.now()
  const outcome = await deps.db.transaction(async (tx) => {
    const issued = await issueCodeByMail(tx, {
      userId,
      purpose: 'change_email',
      prepared,
      mail: (code) => emailChangeCodeMail(input.email, code),
      now,
    })
    if (issued.issued)
      await tx
        .update(oneTimeCodes)
        .set({ boundTo: { email: input.email } })
        .where(
          and(
            eq(oneTimeCodes.userId, userId),
            eq(oneTimeCodes.purpose, 'change_email'),
            isNull(oneTimeCodes.usedAt),
          ),
        )
    return issued
  })
  if (!outcome.issued) return { status: false, message: waitBeforeNewCode(outcome.waitSeconds) }
  deps.mailQueued()
  return {
    status: true,
    message: `We have sent a 6-digit code to ${input.email}. Enter it to confirm your new address.`,
  }
}

export const confirmemail: Handler<'confirmemail'> = async ({
  input,
  deps,
  session,
  clientAddress,
}) => {
  const { userId } = requireSession(session)
  const user = await signedInUser(deps.db, userId)
  const now = deps.now()
  const check = await checkCodeLimited(deps.db, {
    userId,
    email: user.email,
    purpose: 'change_email',
    code: input.code,
    address: addressBucket(clientAddress),
    now,
  })
  if (!check.ok)
    return {
      status: false,
      message: check.blockedUntil ? tooManyAttempts(check.blockedUntil, now) : invalidCode,
    }
  const [code] = await deps.db
    .select({ boundTo: oneTimeCodes.boundTo })
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.id, check.codeId))
  const newEmail = (code?.boundTo as { email?: unknown } | null)?.email
  if (typeof newEmail !== 'string') return { status: false, message: invalidCode }

  try {
    const outcome = await deps.db.transaction(async (tx) => {
      const locked = await lockUser(tx, userId)
      if (!locked) throw new ProtocolError(401, sessionEnded)
      if (!(await consumeCode(tx, check.codeId, now))) return 'used' as const
      await tx.update(users).set({ email: newEmail }).where(eq(users.id, userId))
      await enqueueMail(tx, emailChangedMail(locked.email, newEmail), now)
      return 'changed' as const
    })
    if (outcome === 'used') return { status: false, message: invalidCode }
  } catch (error) {
    // Someone opened an account with that address after the code was sent.
    if (violatedUniqueIndex(error) === 'users_email_key')
      return { status: false, message: addressUnavailable }
    throw error
  }
  deps.mailQueued()
  return { status: true, message: 'Your e-mail address has been changed.', email: newEmail }
}
