import { randomBytes } from 'node:crypto'
import { sealSecret } from '#server/auth/sealed-secrets'
import { hashSecret } from '#server/auth/secrets'
import { newTotpSecret, totpCodeAt } from '#server/auth/totp'
import type { Database } from '#server/db/database'
import { staff, staffRoleGrants } from '#server/db/schema'
import { staffApiPath, staffCookieName } from '#server/staff/dispatcher'
import { call } from '../../chaos/api'
import { type Customer, passcode, pin, savedPayee } from '../../chaos/seed'

/**
 * A customer's and a member of staff's calls to a real server over HTTP, as their browsers send
 * them: for the tests that put something between the server and its database (PgBouncer) or
 * run two releases side by side. The customers are the chaos test's (test/chaos/seed.ts: a PIN,
 * a saved payee, an opening balance).
 */

const address = '127.0.0.1'

const answerBody = (answer: Awaited<ReturnType<typeof call>>, what: string) => {
  if (answer.kind !== 'answer') throw new Error(`${what}: no answer (${answer.reason})`)
  return answer.body
}

/** Signs the customer in on `base`; the session's token. */
export async function customerSignIn(base: string, customer: Customer): Promise<string> {
  const body = answerBody(
    await call(base, 'userlogin', true, { email: customer.email, password: passcode }, { address }),
    'userlogin',
  )
  if (typeof body.jwt !== 'string') throw new Error(`userlogin: ${JSON.stringify(body)}`)
  return body.jwt
}

/** The customer's balance as the dashboard reads it (a decimal string). */
export async function customerBalance(base: string, token: string): Promise<string> {
  const body = answerBody(await call(base, 'getperc', false, {}, { address, token }), 'getperc')
  const balance = (body.tb as { current_balance?: unknown } | undefined)?.current_balance
  if (typeof balance !== 'string') throw new Error(`getperc: ${JSON.stringify(body)}`)
  return balance
}

/** A transfer of `amount` (decimal) to the saved payee: the PIN, then the submission. */
export async function customerTransfer(base: string, token: string, amount: string) {
  const intent = {
    amount,
    bank: savedPayee.bank,
    swift: savedPayee.swiftCode,
    act_no: savedPayee.accountNumber,
    act_hold_name: savedPayee.accountHolderName,
    currency: savedPayee.currency,
    routing: savedPayee.routingNumber,
    country: savedPayee.country,
  }
  const confirmed = answerBody(
    await call(base, 'confirmmypin', false, { pin, ...intent }, { address, token }),
    'confirmmypin',
  )
  if (confirmed.status !== true || typeof confirmed.authorization !== 'string')
    throw new Error(`confirmmypin: ${JSON.stringify(confirmed)}`)
  const submitted = answerBody(
    await call(
      base,
      'newtrs',
      false,
      {
        ...intent,
        note: 'Over HTTP',
        extra: '',
        authorization: confirmed.authorization,
        idempotency_key: randomBytes(18).toString('base64url'),
      },
      { address, token },
    ),
    'newtrs',
  )
  if (submitted.icon !== 'success') throw new Error(`newtrs: ${JSON.stringify(submitted)}`)
}

export interface SignableStaff {
  email: string
  password: string
  totpSecret: string
}

/**
 * A member of staff with the support role, enrolled (a password and an authenticator app), put
 * straight into the database. The TOTP secret is sealed with this process's mail key: the
 * servers must run with the same MAIL_KEY.
 */
export async function addSignableStaff(db: Database, email: string): Promise<SignableStaff> {
  const password = 'correct horse battery staple'
  const totpSecret = newTotpSecret()
  const now = new Date()
  const [row] = await db
    .insert(staff)
    .values({
      email,
      name: `Staff ${email}`,
      passwordHash: await hashSecret(password),
      enrolledAt: now,
      totpSecret: sealSecret(totpSecret),
    })
    .returning({ id: staff.id })
  if (!row) throw new Error('staff insert returned nothing')
  await db.insert(staffRoleGrants).values({ staffId: row.id, role: 'support', grantedAt: now })
  return { email, password, totpSecret }
}

/** A staff console call to `base` from the console at `origin` (the server's PUBLIC_URL). */
export async function staffCallOverHttp(
  base: string,
  origin: string,
  action: string,
  fields: Record<string, string>,
  token?: string,
) {
  const response = await fetch(`${base}${staffApiPath}`, {
    method: 'POST',
    headers: { origin, ...(token ? { cookie: `${staffCookieName}=${token}` } : {}) },
    body: new URLSearchParams({ action, ...fields }),
  })
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${staffCookieName}=`))
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    token: cookie?.slice(staffCookieName.length + 1) || token,
  }
}

/** Signs the member of staff in on `base` (password, then a TOTP code); the session's token. */
export async function staffSignIn(
  base: string,
  origin: string,
  person: SignableStaff,
): Promise<string> {
  const first = await staffCallOverHttp(base, origin, 'signin', {
    email: person.email,
    password: person.password,
  })
  if (first.body.status !== true) throw new Error(`signin: ${JSON.stringify(first.body)}`)
  const second = await staffCallOverHttp(
    base,
    origin,
    'secondfactor',
    { method: 'totp', code: totpCodeAt(person.totpSecret, new Date()) },
    first.token,
  )
  if (second.body.status !== true || !second.token)
    throw new Error(`secondfactor: ${JSON.stringify(second.body)}`)
  return second.token
}

/** The e-mails of the customers a staff search for `query` finds. */
export async function staffSearch(base: string, origin: string, token: string, query: string) {
  const found = await staffCallOverHttp(base, origin, 'customersearch', { query }, token)
  if (found.status !== 200) throw new Error(`customersearch: ${JSON.stringify(found.body)}`)
  return (found.body.customers as { email: string }[]).map((customer) => customer.email)
}
