import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { demoCredentials } from '../../server/db/seed'
import { launchChromium } from './support/chromium'
import { type Portal, startPortal } from './support/portal'

const [demo] = demoCredentials

describe('the app shell in Chromium', () => {
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
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    page = await context.newPage()
  })
  afterEach(() => context.close())

  /** Stores a token as the app does before any of its scripts run. */
  const storeToken = (token: string) =>
    context.addInitScript((value) => window.localStorage.setItem('baUid', value), token)

  const loginToken = async () => {
    const answer = await portal.call('?crud=userlogin', {
      email: demo.email,
      password: demo.secret,
    })
    expect(answer.jwt).toEqual(expect.any(String))
    return answer.jwt as string
  }

  it('renders the login screen at /wp-user/', async () => {
    await page.goto(`${portal.url}/`)
    await page.getByRole('heading', { name: 'Sign in' }).waitFor({ state: 'visible' })
    await page.getByLabel('E-mail address').waitFor({ state: 'visible' })
    expect(await page.locator('footer').textContent()).toContain(String(new Date().getFullYear()))
  })

  it('sends an unknown route to login when signed out', async () => {
    await page.goto(`${portal.url}/no/such/page`)
    await page.waitForURL(`${portal.url}/account/login`)
    await page.getByRole('heading', { name: 'Sign in' }).waitFor({ state: 'visible' })
  })

  it('logs in through both steps and reaches the dashboard', async () => {
    await page.goto(`${portal.url}/`)
    await page.getByLabel('E-mail address').fill(demo.email)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByText('Dana Morgan').first().waitFor()
    await page.getByLabel('Passcode').fill(demo.secret)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(`${portal.url}/dashboard`)
    await page.getByRole('heading', { name: 'Dana Morgan' }).waitFor()
    expect(await page.getByLabel('Account overview').textContent()).toContain('$5,787.45')
  })

  it('opens a deep link with a valid stored token in the dashboard shell', async () => {
    await storeToken(await loginToken())
    await page.goto(`${portal.url}/dashboard/send`)
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor()
    expect(page.url()).toBe(`${portal.url}/dashboard/send`)
    const current = page
      .getByRole('navigation', { name: 'Main menu' })
      .locator('[aria-current="page"]')
    expect(await current.textContent()).toContain('Bank Transfer')
  })

  it('sends an unknown route to the dashboard when signed in', async () => {
    await storeToken(await loginToken())
    await page.goto(`${portal.url}/dashboard/no-such-screen`)
    await page.waitForURL(`${portal.url}/dashboard`)
  })

  it('ends at login when the stored token is not valid', async () => {
    await storeToken('revoked-or-made-up-token')
    await page.goto(`${portal.url}/dashboard`)
    await page.waitForURL(`${portal.url}/account/login`)
    await page.getByRole('heading', { name: 'Sign in' }).waitFor({ state: 'visible' })
    expect(await page.evaluate(() => window.localStorage.getItem('baUid'))).toBeNull()
  })
})
