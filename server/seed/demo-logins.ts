import { eq, inArray } from 'drizzle-orm'
import { verifySecret } from '../auth/secrets'
import type { Queryable } from '../db/database'
import { accountNotices, users } from '../db/schema'
import { demoCredentials } from './demo-data'

type DemoLogin = (typeof demoCredentials)[number]

/**
 * The demo logins as they are now, for the start banner: operators and tests change them (a
 * declined KYC, a new PIN, a lockout), so each line is read from the database, not from the
 * seed. Demo users that are gone are left out.
 */
export async function describeDemoLogins(db: Queryable, now: Date): Promise<string[]> {
  const rows = await db
    .select({ user: users, notice: accountNotices.head })
    .from(users)
    .leftJoin(accountNotices, eq(accountNotices.userId, users.id))
    .where(
      inArray(
        users.email,
        demoCredentials.map((demo) => demo.email),
      ),
    )
  const lines = demoCredentials.map(async (demo) => {
    const row = rows.find((candidate) => candidate.user.email === demo.email)
    return row ? describe(demo, row.user, row.notice, now) : null
  })
  return (await Promise.all(lines)).filter((line) => line !== null)
}

async function describe(
  demo: DemoLogin,
  user: typeof users.$inferSelect,
  notice: string | null,
  now: Date,
) {
  const [secretKept, pin] = await Promise.all([
    verifySecret(user.passcodeHash, demo.secret),
    pinFact(user.pinHash, 'pin' in demo ? demo.pin : undefined),
  ])
  const facts: string[] = [user.role]
  if (user.role === 'customer') {
    facts.push(user.verificationStatus)
    if (!user.emailVerifiedAt) facts.push('e-mail not verified')
    facts.push(pin)
  }
  if (notice) facts.push(`account notice "${notice}"`)
  if (user.lockedUntil && user.lockedUntil > now)
    facts.push(`locked until ${user.lockedUntil.toISOString()}`)
  const kind = user.role === 'admin' ? 'password' : 'passcode'
  const secret = secretKept ? demo.secret : `(${kind} changed from ${demo.secret})`
  return `${demo.email} / ${secret}: ${facts.join(', ')}`
}

async function pinFact(pinHash: string | null, seededPin: string | undefined) {
  if (!pinHash) return 'no PIN yet'
  if (seededPin && (await verifySecret(pinHash, seededPin))) return `PIN ${seededPin}`
  return 'PIN set'
}
