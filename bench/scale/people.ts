/**
 * The bench's people: the bank's staff (an admin, the payments reviewer whose decisions the
 * seeded history records, and the auditor the bench signs in as), added as an operator adds
 * them (`addStaff`), and the auditor enrolled and signed in through the console's API as a
 * person does it (test/server/support/staff.ts: password, authenticator app); the measured
 * customer signed in through the portal's two steps.
 */
import { desc, eq } from 'drizzle-orm'
import { totpCodeAt } from '#server/auth/totp'
import type { Database } from '#server/db/database'
import { mailOutbox } from '#server/db/schema'
import { addStaff, type StaffActor } from '#server/domain/staff'
import { openBody } from '#server/mail/sealed-body'
import { succeeded } from './calls'
import {
  benchPublicUrl,
  type CustomerBrowser,
  customerBrowser,
  type Portal,
  staffBrowser,
} from './portal-server'
import { seedEmailDomain } from './seed'

export const staffEmails = {
  admin: `admin@${seedEmailDomain}`,
  reviewer: `payments@${seedEmailDomain}`,
  auditor: `auditor@${seedEmailDomain}`,
}
const staffPassword = 'correct horse battery staple'

const added = (outcome: Awaited<ReturnType<typeof addStaff>>) => {
  if (!outcome.ok) throw new Error(`staff add: ${outcome.message}`)
  return { staffId: outcome.id, email: outcome.email }
}

/** The staff, before seeding: the history names the reviewer. */
export async function addBenchStaff(db: Database) {
  const deps = { db, now: () => new Date(), mailQueued: () => {}, publicUrl: benchPublicUrl }
  const terminal: StaffActor = { staffId: null, email: 'scale-bench' }
  const admin = added(
    await addStaff(deps, terminal, {
      email: staffEmails.admin,
      name: 'Ada Admin',
      roles: ['admin'],
    }),
  )
  const reviewer = added(
    await addStaff(deps, admin, {
      email: staffEmails.reviewer,
      name: 'Pat Payments',
      roles: ['payments'],
    }),
  )
  added(
    await addStaff(deps, admin, {
      email: staffEmails.auditor,
      name: 'Avery Auditor',
      roles: ['auditor'],
    }),
  )
  return { reviewer: { id: reviewer.staffId as number, email: reviewer.email } }
}

async function enrolmentLink(db: Database, email: string) {
  const [mail] = await db
    .select({ textBody: mailOutbox.textBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1)
  const link = mail && /\/wp-admin\/enrol#([A-Za-z0-9_-]{43})/.exec(openBody(mail.textBody))?.[1]
  if (!link) throw new Error(`no enrolment link was e-mailed to ${email}`)
  return link
}

/** The auditor through enrolment with an authenticator app, which ends signed in. */
export async function signedInAuditor(db: Database, portal: Portal) {
  const staff = staffBrowser(portal)
  const step = async (action: string, fields: Record<string, string>) =>
    succeeded(action, await staff(action, fields))
  await step('enrolpassword', {
    link: await enrolmentLink(db, staffEmails.auditor),
    password: staffPassword,
  })
  const begun = await step('totpbegin', {})
  await step('totpconfirm', { code: totpCodeAt(String(begun.secret), new Date()) })
  return staff
}

/** The measured customer, signed in through both steps; their session token. */
export async function signedInCustomer(
  portal: Portal,
  email: string,
  passcode: string,
): Promise<{ browser: CustomerBrowser; token: string }> {
  const browser = customerBrowser(portal)
  await browser.crud('iduser', { email })
  const answer = await browser.crud('userlogin', { email, password: passcode, remeber: 'on' })
  if (typeof answer.jwt !== 'string') throw new Error(`userlogin: ${JSON.stringify(answer)}`)
  return { browser, token: answer.jwt }
}
