import type { StaffRole } from '#api/contract/staff'
import { totpCodeAt } from '#server/auth/totp'
import { addStaff, type StaffActor } from '#server/domain/staff'
import { lastMailTo } from '../../server/support/mailbox'
import type { ChromiumSession } from './chromium-session'
import type { Portal } from './portal'

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

/** A staff call with the console's Origin and `cookie`; the answer and its new cookie, if any. */
async function consoleCall(portal: Portal, cookie: string, action: string, fields = {}) {
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

/** The session's browser context signed in to the console as `person`. */
export async function signInConsole(session: ChromiumSession, person: ConsolePerson) {
  const [name = '', value = ''] = person.cookie.split('=')
  await session.context.addCookies([
    { name, value, url: `${new URL(session.portal.publicUrl).origin}/wp-admin/` },
  ])
}

/** The console's address of `path` on the session's portal. */
export const consoleUrl = (session: ChromiumSession, path: string) =>
  `${new URL(session.portal.publicUrl).origin}/wp-admin${path}`
