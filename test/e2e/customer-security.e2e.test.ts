import { describe, expect, it } from 'vitest'
import { useChromiumSession } from './support/chromium-session'
import { logOutFromProfileMenu, signInThroughLogin } from './support/customer-sign-in'
import { linkIn, waitForMail } from './support/mailbox'
import { screenshots } from './support/screenshots'
import { demoCustomer, widths } from './support/signed-in'

const shots = screenshots('customer-security')

/** The portal's own cookies in the browser (the device cookie and its hint, decision 080). */
const portalCookies = async (session: ReturnType<typeof useChromiumSession>) =>
  (await session.context.cookies()).map((cookie) => ({
    name: cookie.name,
    httpOnly: cookie.httpOnly,
    session: cookie.expires === -1,
  }))

for (const [device, viewport] of Object.entries(widths)) {
  describe(`Remember me and the login that reveals nobody, ${device} (decision 080)`, () => {
    const session = useChromiumSession(viewport)
    const shoot = (name: string) => shots(session, viewport.width)(name)

    it('ticked: after logout, login fills in the e-mail and greets the customer by name', async () => {
      const { page, portal } = session
      await signInThroughLogin(page, portal.url, { remember: true })
      expect(await portalCookies(session)).toEqual(
        expect.arrayContaining([
          { name: 'meridian_device', httpOnly: true, session: false },
          { name: 'meridian_remembered', httpOnly: false, session: false },
        ]),
      )
      await logOutFromProfileMenu(page)
      await expect
        .poll(() => page.getByLabel('E-mail address').inputValue())
        .toBe(demoCustomer?.email)
      await shoot('login-remembered-email')
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByText('Dana Morgan').waitFor()
      expect(await page.getByLabel('Remember me').isChecked()).toBe(true)
      await shoot('login-remembered-greeting')
    })

    it('anywhere else step 2 greets neutrally: the e-mail alone, no name', async () => {
      const { page, portal } = session
      await page.goto(`${portal.url}/account/login`)
      await page.getByLabel('E-mail address').fill(demoCustomer?.email ?? '')
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByLabel('Passcode').waitFor()
      expect(await page.getByText('Dana Morgan').count()).toBe(0)
      expect(await page.getByText(demoCustomer?.email ?? '').count()).toBe(1)
      await shoot('login-neutral-greeting')
    })

    it('unticked: nothing of the sign-in stays in the browser after logout', async () => {
      const { page, portal } = session
      await signInThroughLogin(page, portal.url, { remember: false })
      expect(await portalCookies(session)).toEqual([
        { name: 'meridian_device', httpOnly: true, session: true },
      ])
      await logOutFromProfileMenu(page)
      // Logout is best effort (it leaves after 3 s without an answer): the answer that removes
      // the cookie may land after login shows.
      await expect.poll(() => portalCookies(session)).toEqual([])
      expect(await page.evaluate(() => window.localStorage.length)).toBe(0)
      expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0)
      expect(await page.getByLabel('E-mail address').inputValue()).toBe('')
    })
  })
}

describe('a new sign-in: the alert e-mail, the device list and Sign out (decision 080)', () => {
  const session = useChromiumSession(widths.desktop)
  const both = async (name: string) => {
    for (const viewport of [widths.phone, widths.desktop]) {
      await session.page.setViewportSize(viewport)
      // A whole-page shot from the top: the fixed header then shows where it belongs.
      await session.page.evaluate(() => window.scrollTo(0, 0))
      await shots(session, viewport.width)(name)
    }
  }

  it('alerts a sign-in from a second browser, which the first signs out from Settings', async () => {
    const { page, portal, browser } = session
    await signInThroughLogin(page, portal.url, { remember: false })

    const other = await browser.newContext({ viewport: widths.desktop })
    try {
      const otherPage = await other.newPage()
      await signInThroughLogin(otherPage, portal.url, { remember: true })
      const alert = await waitForMail(portal.dataDir, {
        to: demoCustomer?.email ?? '',
        subject: 'a new sign-in to your account',
      })
      expect(alert.text).toMatch(/signed in to on a new device, Chrome \d+ on Linux/)
      expect(alert.text).toContain('/wp-user/account/forgot#not-me=')

      await page.goto(`${portal.url}/dashboard/settings`)
      const devices = page.getByRole('list', { name: 'Your devices' })
      await expect.poll(() => devices.getByRole('listitem').count()).toBe(2)
      expect(await devices.getByRole('listitem').first().textContent()).toContain('This device')
      await page.getByRole('heading', { name: 'Security log' }).waitFor()
      await both('settings-devices')
      await page.setViewportSize(widths.desktop)

      await devices.getByRole('button', { name: /^Sign out Chrome/ }).click()
      await page.getByText('Action Successful! That device is signed out.').waitFor()
      await expect.poll(() => devices.getByRole('listitem').count()).toBe(1)

      // The other browser's session has ended: its next page is login.
      await otherPage.goto(`${portal.url}/dashboard`)
      await otherPage.waitForURL(`${portal.url}/account/login`)
    } finally {
      await other.close()
    }
  })

  it("'This wasn't me' from the e-mail signs every device out and opens the passcode reset", async () => {
    const { page, portal } = session
    const alert = await waitForMail(portal.dataDir, {
      to: demoCustomer?.email ?? '',
      subject: 'a new sign-in to your account',
    })
    await page.goto(linkIn(alert, `${new URL(portal.url).origin}/wp-user/account/forgot#not-me=`))
    await page.getByRole('heading', { level: 1, name: 'Secure your account' }).waitFor()
    await both('not-me')
    await page.setViewportSize(widths.desktop)
    await page.getByRole('button', { name: 'Secure my account' }).click()
    await page.getByText(/Every device signed in to your account is signed out/).waitFor()
    await both('not-me-secured')
    await page.getByRole('button', { name: 'Continue to choosing a new passcode' }).click()
    await page.waitForURL(/\/account\/reset\?email=/)
    await waitForMail(portal.dataDir, {
      to: demoCustomer?.email ?? '',
      subject: 'reset your passcode',
    })
  })
})
