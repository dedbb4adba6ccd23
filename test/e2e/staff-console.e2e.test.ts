import { describe, expect, it } from 'vitest'
import { demoCredentials } from '#server/seed/demo-data'
import { portalVersion } from '#server/version'
import { useChromiumSession } from './support/chromium-session'
import {
  addStaffFromTerminal,
  addVirtualPasskeyDevice,
  consoleUrl,
  onLocalhost,
  shownTotpSecret,
  signInWithPassword,
  totpCode,
} from './support/console'
import { screenshots } from './support/screenshots'
import { expectAccessible } from './support/signed-in'

const password = 'correct horse battery staple'

/**
 * The staff console's identity in Chromium (issue 17, docs/decisions/068 and 074): enrolment
 * with a passkey (Chromium's virtual authenticator) and with an authenticator app, signing out
 * and in again with each, and the portal's admin branch landing on the console's sign-in.
 */
describe.each([
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
])('the staff console at $width px', (viewport) => {
  const session = useChromiumSession(viewport, onLocalhost)
  const shoot = screenshots('staff-console')

  it('enrols with a passkey, signs out, and signs in with the passkey', {
    timeout: 120_000,
  }, async () => {
    const { page } = session
    const shot = shoot(session, viewport.width)
    const url = consoleUrl(session.portal)
    await addVirtualPasskeyDevice(session)
    const email = `ada.${viewport.width}@meridian.example`
    const link = await addStaffFromTerminal(session.portal, email, ['admin'], 'Ada Admin')

    await page.goto(link)
    await page.getByText('For Ada Admin').waitFor()
    await expectAccessible(page)
    await shot('enrol-password')
    await page.getByLabel('New password', { exact: true }).fill('short')
    await page.getByLabel('The new password again').fill('short')
    await page.getByRole('button', { name: 'Set password' }).click()
    await page.getByRole('alert').getByText('at least 12 characters').waitFor()
    await page.getByLabel('New password', { exact: true }).fill(password)
    await page.getByLabel('The new password again').fill(password)
    await page.getByRole('button', { name: 'Set password' }).click()
    await page.getByRole('button', { name: 'Add a passkey' }).waitFor()
    await expectAccessible(page)
    await shot('enrol-second-factor')
    await page.getByRole('button', { name: 'Add a passkey' }).click()

    await page.getByRole('heading', { level: 1, name: 'Welcome, Ada Admin' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/wp-admin/')
    // The release, for a report to the operators (docs/decisions/108).
    expect(await page.getByRole('contentinfo').innerText()).toBe(`Portal release ${portalVersion}`)
    const nav = page.getByRole('navigation', { name: 'Console' })
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(
      expect.arrayContaining(['Home', 'Staff', 'My sessions']),
    )
    // The journeys' portal holds the demo accounts: Home warns every member of staff (decision 106).
    await page.getByRole('note').getByText('This database holds the demo accounts').waitFor()
    await expectAccessible(page)
    await shot('home')

    await nav.getByRole('link', { name: 'Staff' }).click()
    await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor()
    await page.getByLabel('E-mail address').fill(`lee.${viewport.width}@meridian.example`)
    await page.getByLabel('Name').fill('Lee Support')
    await page.getByLabel('Support').check()
    await page.getByRole('button', { name: 'Add member of staff' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Add Lee Support?').waitFor()
    await expectAccessible(page)
    await shot('staff-add-confirm')
    await dialog.getByRole('button', { name: 'Add and send the link' }).click()
    await page
      .getByText(/is added; the enrolment link is on its way/)
      .first()
      .waitFor()
    const lee = page.getByRole('row', { name: /Lee Support/ })
    await lee.getByText('Enrolment not finished').waitFor()
    await lee.getByRole('button', { name: 'Change the roles of Lee Support' }).click()
    await dialog.getByLabel('KYC').check()
    await dialog.getByRole('button', { name: 'Change roles' }).click()
    await lee.getByText('Support, KYC').waitFor()
    await lee.getByRole('button', { name: 'Disable Lee Support' }).click()
    await dialog.getByRole('button', { name: 'Disable' }).click()
    await lee.getByText('Disabled').waitFor()
    await expectAccessible(page)
    await shot('staff')

    await nav.getByRole('link', { name: 'My sessions' }).click()
    await page.getByRole('heading', { level: 1, name: 'My sessions' }).waitFor()
    await page.getByText('This session').waitFor()
    await expectAccessible(page)
    await shot('my-sessions')

    await nav.getByRole('button', { name: 'Sign out' }).click()
    await page.getByText('You have signed out.').waitFor()
    expect(new URL(page.url()).pathname).toBe('/wp-admin/sign-in')
    await expectAccessible(page)
    await shot('sign-in')

    await signInWithPassword(page, url, email, password)
    await page.getByRole('button', { name: 'Use your passkey' }).waitFor()
    await expectAccessible(page)
    await shot('sign-in-passkey')
    await page.getByRole('button', { name: 'Use your passkey' }).click()
    await page.getByRole('heading', { level: 1, name: 'Welcome, Ada Admin' }).waitFor()
  })

  it('enrols with an authenticator app and signs in with its code', async () => {
    const { page } = session
    const shot = shoot(session, viewport.width)
    const url = consoleUrl(session.portal)
    const email = `kim.${viewport.width}@meridian.example`
    const link = await addStaffFromTerminal(session.portal, email, ['kyc'], 'Kim Kyc')

    await page.goto(link)
    await page.getByLabel('New password', { exact: true }).fill(password)
    await page.getByLabel('The new password again').fill(password)
    await page.getByRole('button', { name: 'Set password' }).click()
    await page.getByRole('button', { name: 'Use an authenticator app' }).click()
    await page.getByRole('img', { name: /QR code/ }).waitFor()
    await expectAccessible(page)
    await shot('enrol-totp')
    const secret = await shownTotpSecret(page)
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await page.getByLabel('Code from your authenticator app').fill('000000')
    await page.getByRole('button', { name: 'Confirm and sign in' }).click()
    await page.getByRole('alert').waitFor()
    await page.getByLabel('Code from your authenticator app').fill(totpCode(secret))
    await page.getByRole('button', { name: 'Confirm and sign in' }).click()
    await page.getByRole('heading', { level: 1, name: 'Welcome, Kim Kyc' }).waitFor()
    const nav = page.getByRole('navigation', { name: 'Console' })
    expect(await nav.getByRole('link', { name: 'Staff' }).count()).toBe(0)

    await nav.getByRole('button', { name: 'Sign out' }).click()
    await page.getByText('You have signed out.').waitFor()
    await signInWithPassword(page, url, email, password)
    await page.getByLabel('Code from your authenticator app').waitFor()
    await expectAccessible(page)
    await shot('sign-in-code')
    // A code is taken once: the app's next one, as the server allows a step of drift.
    await page
      .getByLabel('Code from your authenticator app')
      .fill(totpCode(secret, Date.now() + 30_000))
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('heading', { level: 1, name: 'Welcome, Kim Kyc' }).waitFor()
  })

  it("sends the portal's admin to the console's sign-in", async () => {
    const { page } = session
    const admin = demoCredentials.find((credentials) => credentials.who.includes('admin'))
    if (!admin) throw new Error('no demo admin in the seed')
    await page.goto(`${session.portal.url}/`)
    // The login page is prerendered: typing before the app takes it over may be lost.
    await page.waitForLoadState('networkidle')
    await page.getByLabel('E-mail address').fill(admin.email)
    await page.getByRole('button', { name: 'Continue' }).click()
    // Step 2 says nothing of whose e-mail it is (decision 080): staff ask for the password field.
    await page.getByRole('button', { name: 'Bank staff: use a password' }).click()
    await page.getByLabel('Password').fill(admin.secret)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('button', { name: 'Continue to the admin area' }).click()
    await page.getByRole('heading', { level: 1, name: 'Staff sign-in' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/wp-admin/sign-in')
  })
})

describe('the staff idle timeout', () => {
  const session = useChromiumSession({ width: 1440, height: 900 }, onLocalhost)
  const shoot = screenshots('staff-console')

  it('warns before the 15 idle minutes end, and Log out opens the sign-in', async () => {
    const { page } = session
    // The browser's clock runs ahead of the server's: the idle end the server gave comes near.
    await page.clock.install()
    const email = 'sam@meridian.example'
    const link = await addStaffFromTerminal(session.portal, email, ['support'], 'Sam Support')
    await page.goto(link)
    await page.getByLabel('New password', { exact: true }).fill(password)
    await page.getByLabel('The new password again').fill(password)
    await page.getByRole('button', { name: 'Set password' }).click()
    await page.getByRole('button', { name: 'Use an authenticator app' }).click()
    const secret = await shownTotpSecret(page)
    await page.getByLabel('Code from your authenticator app').fill(totpCode(secret))
    await page.getByRole('button', { name: 'Confirm and sign in' }).click()
    await page.getByRole('heading', { level: 1, name: 'Welcome, Sam Support' }).waitFor()

    await page.clock.fastForward('14:30')
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' })
    await warning.waitFor()
    expect(await warning.textContent()).toContain('15 minutes without activity')
    await expectAccessible(page)
    await shoot(session, 1440, { fullPage: false })('idle-warning')
    await warning.getByRole('button', { name: 'Log out' }).click()
    await page.getByText('You have signed out.').waitFor()
    expect(new URL(page.url()).pathname).toBe('/wp-admin/sign-in')
  })
})
