import { describe, expect, it } from 'vitest'
import { useChromiumSession } from './support/chromium-session'
import { logOutFromProfileMenu, signInThroughLogin } from './support/customer-sign-in'
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
      expect(await portalCookies(session)).toEqual([])
      expect(await page.evaluate(() => window.localStorage.length)).toBe(0)
      expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0)
      expect(await page.getByLabel('E-mail address').inputValue()).toBe('')
    })
  })
}
