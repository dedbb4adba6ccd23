import { describe, expect, it } from 'vitest'
import { demoCredentials } from '#server/seed/demo-data'
import { useChromiumSession } from './support/chromium-session'

const byWho = (who: string) => {
  const found = demoCredentials.find((credentials) => credentials.who.includes(who))
  if (!found) throw new Error(`no demo login for ${who}`)
  return found
}

describe('login branches and the KYC screens in Chromium', () => {
  const session = useChromiumSession({ width: 390, height: 844 })

  const signIn = async (email: string, secret: string, field: 'Passcode' | 'Password') => {
    await session.page.goto(`${session.portal.url}/`)
    await session.page.getByLabel('E-mail address').fill(email)
    await session.page.getByRole('button', { name: 'Continue' }).click()
    // Step 2 says nothing of whose e-mail it is: a member of staff asks for the password field.
    if (field === 'Password')
      await session.page.getByRole('button', { name: 'Bank staff: use a password' }).click()
    await session.page.getByLabel(field).fill(secret)
    await session.page.getByRole('button', { name: 'Sign in' }).click()
  }

  it('takes a customer awaiting review to under-review, whose Okay logs out', async () => {
    const pending = byWho('KYC')
    await signIn(pending.email, pending.secret, 'Passcode')
    await session.page.waitForURL(`${session.portal.url}/account/kyc/under-review`)
    expect(await session.page.evaluate(() => sessionStorage.getItem('tempbaUid'))).toEqual(
      expect.any(String),
    )
    await session.page.getByRole('button', { name: 'Okay' }).click()
    await session.page.waitForURL(`${session.portal.url}/account/login`)
    expect(await session.page.evaluate(() => sessionStorage.getItem('tempbaUid'))).toBeNull()
  })

  it('gives an admin a password field when asked and offers Continue to the admin area', async () => {
    const admin = byWho('admin')
    await session.page.goto(`${session.portal.url}/`)
    await session.page.getByLabel('E-mail address').fill(admin.email)
    await session.page.getByRole('button', { name: 'Continue' }).click()
    await session.page.getByLabel('Passcode').waitFor()
    expect(await session.page.getByText('Portal Admin').count()).toBe(0)
    await session.page.getByRole('button', { name: 'Bank staff: use a password' }).click()
    await session.page.getByLabel('Password').waitFor()
    // An admin's password is not a passcode: no Forgot passcode? on the admin step.
    expect(await session.page.getByRole('link', { name: 'Forgot passcode?' }).count()).toBe(0)
    await signIn(admin.email, admin.secret, 'Password')
    await session.page.getByRole('button', { name: 'Continue to the admin area' }).click()
    await session.page.waitForURL((url) => url.pathname.startsWith('/wp-admin'))
  })

  it('sends a visitor without the temporary token from the KYC form to login', async () => {
    const page = session.page
    for (const address of ['/kyc', '/account/info/notice']) {
      await page.goto(`${session.portal.url}${address}`)
      await page.waitForURL(`${session.portal.url}/account/login`)
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor()
      expect(new URL(page.url()).pathname, address).toBe('/wp-user/account/login')
      expect(await page.getByLabel('E-mail address').isVisible(), address).toBe(true)
      expect(await page.evaluate(() => sessionStorage.getItem('tempbaUid')), address).toBeNull()
    }
  })
})
