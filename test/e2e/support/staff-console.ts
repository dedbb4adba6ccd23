import { randomBytes } from 'node:crypto'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { StaffRole } from '#api/contract/staff'
import { totpCodeAt } from '#server/auth/totp'
import { addStaff, type StaffActor } from '#server/domain/staff'
import { codeIn, lastMailTo } from '../../server/support/mailbox'
import type { ChromiumSession } from './chromium-session'
import { pngFile } from './png-file'
import type { Portal } from './portal'
import { demoCustomer } from './signed-in'

/**
 * Members of staff for the console's journeys: added as the terminal or an admin adds them,
 * enrolled with an authenticator app through the console's API (the enrolment journey itself
 * is test/e2e/staff-sign-in.e2e.test.ts's), and signed in in a browser context by their cookie.
 */

export interface ConsolePerson {
  email: string
  name: string
  actor: StaffActor
  /** The console's session cookie after the enrolment signed them in. */
  cookie: string
}

const password = 'correct horse battery staple'
const png = pngFile('proof.png')

/** A staff call with the console's Origin and `cookie`; the answer and its new cookie, if any. */
export async function consoleCall(portal: Portal, cookie: string, action: string, fields = {}) {
  const origin = new URL(portal.publicUrl).origin
  const response = await fetch(`${origin}/wp-admin/api`, {
    method: 'POST',
    headers: { origin, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({ action, ...fields }),
  })
  const set = response.headers.getSetCookie().find((line) => line.startsWith('staff_session='))
  return {
    body: (await response.json()) as Record<string, unknown>,
    cookie: set ? (set.split(';')[0] ?? '') : cookie,
  }
}

/** Adds and enrols a person (the first one by the terminal, the others by `by`). */
export async function enrolConsolePerson(
  portal: Portal,
  person: { email: string; name: string; roles: StaffRole[] },
  by: StaffActor = { staffId: null, email: 'root' },
): Promise<ConsolePerson> {
  const deps = {
    db: portal.db,
    now: () => new Date(),
    mailQueued: () => {},
    publicUrl: portal.publicUrl,
  }
  const added = await addStaff(deps, by, person)
  if (!added.ok) throw new Error(added.message)
  const mail = await lastMailTo(portal.db, person.email)
  const link = /\/wp-admin\/enrol#([A-Za-z0-9_-]{43})/.exec(mail.textBody)?.[1] ?? ''
  let step = await consoleCall(portal, '', 'enrolpassword', { link, password })
  const begun = await consoleCall(portal, step.cookie, 'totpbegin')
  const code = totpCodeAt(begun.body.secret as string, new Date())
  step = await consoleCall(portal, step.cookie, 'totpconfirm', { code })
  if (step.body.status !== true) throw new Error(`enrolment: ${JSON.stringify(step.body)}`)
  return { ...person, actor: { staffId: added.id, email: person.email }, cookie: step.cookie }
}

/** `person`'s console cookie, for a browser context of the session's portal. */
function consoleCookie(session: ChromiumSession, person: ConsolePerson) {
  const [name = '', value = ''] = person.cookie.split('=')
  return { name, value, url: `${new URL(session.portal.publicUrl).origin}/wp-admin/` }
}

/** The session's browser context signed in to the console as `person`. */
export async function signInConsole(session: ChromiumSession, person: ConsolePerson) {
  await session.context.addCookies([consoleCookie(session, person)])
}

/**
 * Another browser, signed in to the console as `person` (a second person at their own desk):
 * its page, and the function that closes it. Without a viewport, Chromium's default size.
 */
export async function openConsoleAs(
  session: ChromiumSession,
  person: ConsolePerson,
  viewport?: { width: number; height: number },
) {
  const context = await session.browser.newContext(viewport ? { viewport } : {})
  await context.addCookies([consoleCookie(session, person)])
  const page = await context.newPage()
  return { page, close: () => context.close() }
}

/** On the approvals inbox: approves the first item, and waits for its toast (the approval landed). */
export async function approveFirstItem(page: Page) {
  await page
    .getByRole('button', { name: /^Approve:/ })
    .first()
    .click()
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click()
  // The buttons go while the approval is on its way; its toast says it has landed.
  const decided = page.getByText(/^Approval \d+ /)
  await decided.waitFor()
  expect(await decided.textContent()).toMatch(/^Approval \d+ approved: /)
}

/** On the deposit requests' list: opens the case of the first of the demo customer's. */
export async function openDemoDepositCase(page: Page) {
  await page
    .getByRole('link', { name: /Dana Morgan/ })
    .first()
    .click()
  await page
    .getByRole('heading', { level: 1, name: /Deposit request \d+ of Dana Morgan/ })
    .waitFor()
}

/** The console's address of `path` on the session's portal. */
export const consoleUrl = (session: ChromiumSession, path: string) =>
  `${new URL(session.portal.publicUrl).origin}/wp-admin${path}`

export interface ConsoleTeam {
  admin: ConsolePerson
  kyc: ConsolePerson
  payments: ConsolePerson
  payments2: ConsolePerson
  support: ConsolePerson
}

/** An admin and the people who work the queues, two of them with the payments role. */
export async function enrolTeam(portal: Portal): Promise<ConsoleTeam> {
  const admin = await enrolConsolePerson(portal, {
    email: 'lead@staff.test',
    name: 'Lena Admin',
    roles: ['admin'],
  })
  const person = (key: string, name: string, roles: StaffRole[]) =>
    enrolConsolePerson(portal, { email: `${key}@staff.test`, name, roles }, admin.actor)
  return {
    admin,
    kyc: await person('kyc', 'Ana Ruiz', ['kyc']),
    payments: await person('payments', 'Cara Diaz', ['payments']),
    payments2: await person('payments2', 'Dev Shah', ['payments']),
    support: await person('support', 'Eva Lind', ['support']),
  }
}

/** The demo customer's token and a deposit request of `amount` from them, with its proof. */
export async function demoDeposit(portal: Portal, amount: string) {
  if (!demoCustomer) throw new Error('no demo customer')
  const login = await portal.call('?crud=userlogin', {
    email: demoCustomer.email,
    password: demoCustomer.secret,
  })
  const form = new FormData()
  const fields = {
    action: 'newcd',
    token: login.jwt as string,
    type: 'Bitcoin (BTC)',
    amount,
    tx_hash: randomBytes(32).toString('hex'),
    idempotency_key: randomBytes(16).toString('hex'),
  }
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  form.append('depositPic', new File([png.buffer], 'proof.png', { type: 'image/png' }))
  const answer = await fetch(`${new URL(portal.publicUrl).origin}/api/users`, {
    method: 'POST',
    body: form,
  })
  expect(await answer.json()).toMatchObject({ icon: 'success' })
  return login.jwt as string
}

const scan = pngFile('scan.png')

/** A customer as the portal makes one: signed up, e-mail verified, KYC sent with three scans. */
export async function customerAwaitingKyc(portal: Portal) {
  const email = `kyc-${randomBytes(4).toString('hex')}@example.com`
  await portal.call('?crud=newuser', {
    first_name: 'Noor',
    last_name: 'Haddad',
    username: `noor_${randomBytes(3).toString('hex')}`,
    email,
    password: '246810',
    fullname: '',
  })
  const code = codeIn(await lastMailTo(portal.db, email))
  const verified = await portal.call('?crud=verifyuser', { email, ver_code: code })
  const form = new FormData()
  const fields = {
    action: 'submit_verification',
    token: verified.jwt as string,
    country: 'Jordan',
    phone: '+962790000000',
    home_address: '5 Rainbow Street, Amman',
    dob: '1988-04-12',
    type: "Driver's License",
    document_number: 'JO12345678',
    document_country: 'JO',
    document_expiry: '2031-06-30',
  }
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  for (const field of ['pic', 'idcardFront', 'idcardBack'])
    form.append(field, new File([scan.buffer], `${field}.png`, { type: 'image/png' }))
  const sent = await fetch(`${new URL(portal.publicUrl).origin}/api/users`, {
    method: 'POST',
    body: form,
  })
  expect(sent.ok).toBe(true)
  return { email, passcode: '246810', name: 'Noor Haddad' }
}
