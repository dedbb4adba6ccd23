import { asc } from 'drizzle-orm'
import { TOTP } from 'otpauth'
import type { CDPSession, Page } from 'playwright-core'
import type { StaffRole } from '#api/contract/staff'
import { staff } from '#server/db/schema'
import { staffCommands } from '#server/ops/staff-commands'
import type { ChromiumSession } from './chromium-session'
import { linkIn, waitForMail } from './mailbox'
import type { Portal, PortalSettings } from './portal'

/**
 * The staff console in journeys (docs/decisions/068 and 074). Passkeys are bound to
 * PUBLIC_URL's host name, and browsers refuse them on an IP address: the server's links and
 * the browser use http://localhost:<port>.
 */
export const onLocalhost: PortalSettings = (port) => ({ PUBLIC_URL: `http://localhost:${port}` })

export const consoleUrl = (portal: Portal) => `${new URL(portal.publicUrl).origin}/wp-admin`

/** Who runs `npm run ops`: the OS account before any staff, then the first admin (`--as`). */
async function terminalActor(portal: Portal) {
  const [first] = await portal.db.select().from(staff).orderBy(asc(staff.id)).limit(1)
  return first ? { staffId: first.id, email: first.email } : { staffId: null, email: 'root' }
}

/**
 * Adds a member of staff from the terminal (`npm run ops -- staff add <email> <roles> <name>`)
 * and returns the enrolment link of their e-mail.
 */
export async function addStaffFromTerminal(
  portal: Portal,
  email: string,
  roles: readonly StaffRole[],
  name: string,
): Promise<string> {
  const add = staffCommands['staff add']
  if (!add) throw new Error("no operator command 'staff add'")
  await add.run(portal.db, [email, roles.join(','), ...name.split(' ')], new Date(), {
    actor: await terminalActor(portal),
    publicUrl: portal.publicUrl,
  })
  const mail = await waitForMail(portal.dataDir, { to: email })
  return linkIn(mail, `${consoleUrl(portal)}/enrol#`)
}

/** Chromium's virtual authenticator: a platform passkey that verifies its user at once. */
export async function addVirtualPasskeyDevice(session: ChromiumSession): Promise<CDPSession> {
  const cdp = await session.context.newCDPSession(session.page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  })
  return cdp
}

/** What an authenticator app shows for `secret` at `when` (the next step with `+30_000`). */
export function totpCode(secret: string, when = Date.now()): string {
  return new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: when,
  })
}

/** The secret the enrolment shows as text (grouped by four for typing), without spaces. */
export async function shownTotpSecret(page: Page): Promise<string> {
  const text = await page.getByTestId('totp-secret').innerText()
  return text.replace(/\s+/g, '')
}

export async function signInWithPassword(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/sign-in`)
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Continue' }).click()
}
