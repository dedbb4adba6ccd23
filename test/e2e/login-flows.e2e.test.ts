import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { demoCredentials } from '../../server/db/seed'
import { launchChromium } from './support/chromium'
import { type Portal, startPortal } from './support/portal'

const byWho = (who: string) => {
  const found = demoCredentials.find((credentials) => credentials.who.includes(who))
  if (!found) throw new Error(`no demo login for ${who}`)
  return found
}

describe('login branches and the KYC screens in Chromium', () => {
  let portal: Portal
  let browser: Browser
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    portal = await startPortal()
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await portal?.stop()
  })
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    page = await context.newPage()
  })
  afterEach(() => context.close())

  const signIn = async (email: string, secret: string, field: 'Passcode' | 'Password') => {
    await page.goto(`${portal.url}/`)
    await page.getByLabel('E-mail address').fill(email)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByLabel(field).fill(secret)
    await page.getByRole('button', { name: 'Sign in' }).click()
  }

  it('takes a customer awaiting review to under-review, whose Okay logs out', async () => {
    const pending = byWho('KYC')
    await signIn(pending.email, pending.secret, 'Passcode')
    await page.waitForURL(`${portal.url}/account/kyc/under-review`)
    expect(await page.evaluate(() => sessionStorage.getItem('tempbaUid'))).toEqual(
      expect.any(String),
    )
    await page.getByRole('button', { name: 'Okay' }).click()
    await page.waitForURL(`${portal.url}/account/login`)
    expect(await page.evaluate(() => sessionStorage.getItem('tempbaUid'))).toBeNull()
  })

  it('gives an admin a password field and offers Continue to the admin area', async () => {
    const admin = byWho('admin')
    await signIn(admin.email, admin.secret, 'Password')
    await page.getByRole('button', { name: 'Continue to the admin area' }).click()
    await page.waitForURL((url) => url.pathname.startsWith('/wp-admin'))
  })

  it('sends a visitor without the temporary token from the KYC form to login', async () => {
    await page.goto(`${portal.url}/kyc`)
    await page.waitForURL(`${portal.url}/account/login`)
    await page.goto(`${portal.url}/account/info/notice`)
    await page.waitForURL(`${portal.url}/account/login`)
  })
})
