import { eq } from 'drizzle-orm'
import type { Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { users } from '#server/db/schema'
import { demoCredentials } from '#server/seed/demo-data'
import { testCostHash } from '../server/support/hashing'
import { useChromiumSession } from './support/chromium-session'

const [demo] = demoCredentials

describe('the app shell in Chromium', () => {
  const session = useChromiumSession()

  /** Stores a token as the app does before any of its scripts run. */
  const storeToken = (token: string) =>
    session.context.addInitScript((value) => window.localStorage.setItem('baUid', value), token)

  const loginToken = async () => {
    const answer = await session.portal.call('?crud=userlogin', {
      email: demo.email,
      password: demo.secret,
    })
    expect(answer.jwt).toEqual(expect.any(String))
    return answer.jwt as string
  }

  /**
   * Holds the app's entry module (main-*.js) until `release()`, as on a slow phone: the page
   * and its entry are there, the app is not. `requested()` once the entry has asked for it,
   * which it does after it holds the prerendered forms' submits (src/boot.ts).
   */
  async function holdTheApp() {
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let requested = false
    await session.page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
      requested = true
      await released
      await route.continue()
    })
    return { release, requested: () => requested }
  }

  /** The page's calls to the API by name (`crud` or `action`), and any other POST (a form post). */
  function recordPosts() {
    const calls: string[] = []
    const formPosts: string[] = []
    session.page.on('request', (request: Request) => {
      if (request.method() !== 'POST') return
      const url = new URL(request.url())
      if (!url.pathname.startsWith('/api/')) return void formPosts.push(request.url())
      const name =
        url.searchParams.get('crud') ??
        new URLSearchParams(request.postData() ?? '').get('action') ??
        'unknown'
      calls.push(name)
    })
    return { calls, formPosts }
  }

  it('renders the login screen at /wp-user/', async () => {
    await session.page.goto(`${session.portal.url}/`)
    await session.page.getByRole('heading', { name: 'Sign in' }).waitFor({ state: 'visible' })
    await session.page.getByLabel('E-mail address').waitFor({ state: 'visible' })
    expect(await session.page.locator('footer').textContent()).toContain(
      String(new Date().getFullYear()),
    )
  })

  it('loads the login page’s app only after its first contentful paint, then hydrates it', async () => {
    await session.page.goto(`${session.portal.url}/`)
    // Hydrated: the Continue button's click is the app's (the two steps), not a form post.
    await session.page.getByLabel('E-mail address').fill(demo.email)
    await session.page.getByRole('button', { name: 'Continue' }).click()
    // Step 2 greets neutrally on a browser that remembers nobody (decision 080).
    await session.page.getByLabel('Passcode').waitFor()
    const timing = await session.page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      modules: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/(main|app|ui|login-screen)-[\w-]{8}\.js$/.test(entry.name))
        .map((entry) => ({ name: entry.name, start: entry.startTime })),
    }))
    expect(timing.paint).toEqual(expect.any(Number))
    expect(timing.modules.length).toBe(4)
    for (const module of timing.modules)
      expect(module.start, module.name).toBeGreaterThanOrEqual(timing.paint as number)
  })

  it('holds a form sent before the app is there and sends it once the app has hydrated', async () => {
    const app = await holdTheApp()
    const { calls, formPosts } = recordPosts()
    await session.page.goto(`${session.portal.url}/`, { waitUntil: 'commit' })
    await expect.poll(app.requested).toBe(true)
    await session.page.getByLabel('E-mail address').fill(demo.email)
    await session.page.getByRole('button', { name: 'Continue' }).click()
    // Sent while the app is held: neither posted as a form nor called, the typed text kept.
    expect(await session.page.getByLabel('E-mail address').inputValue()).toBe(demo.email)
    expect(formPosts).toEqual([])
    expect(calls).toEqual([])

    app.release()
    await session.page.getByLabel('Passcode').waitFor()
    expect(formPosts).toEqual([])
    expect(calls).toEqual(['iduser'])
  })

  it('keeps a signup form filled and sent before the app is there, and sends it once hydrated', async () => {
    const app = await holdTheApp()
    const { calls, formPosts } = recordPosts()
    await session.page.goto(`${session.portal.url}/account/signup`, { waitUntil: 'commit' })
    await expect.poll(app.requested).toBe(true)
    const page = session.page
    await page.getByLabel('First name').fill('Robin')
    await page.getByLabel('Last name').fill('Early')
    await page.getByLabel('Username').fill('robin.early')
    await page.getByLabel('E-mail address').fill('robin.early@meridian.example')
    await page.getByLabel('Passcode', { exact: true }).fill('739164')
    await page.getByLabel('Confirm passcode').fill('739164')
    await page.getByLabel("I'm at least 18 years old").check()
    await page.getByRole('button', { name: 'Open account' }).click()
    expect(await page.getByLabel('First name').inputValue()).toBe('Robin')
    expect(formPosts).toEqual([])
    expect(calls).toEqual([])

    app.release()
    await page.getByRole('heading', { name: 'Account created' }).waitFor()
    // Sent once, by the app, with what was typed before it was there.
    expect(formPosts).toEqual([])
    expect(calls).toEqual(['newuser'])
    const [created] = await session.portal.db
      .select()
      .from(users)
      .where(eq(users.email, 'robin.early@meridian.example'))
    expect(created).toMatchObject({
      firstName: 'Robin',
      lastName: 'Early',
      username: 'robin.early',
    })
    // The portal these journeys start hashes at the test suite's cost (test/e2e/vitest.config.ts).
    expect(created?.passcodeHash).toMatch(testCostHash)
  })

  it('sends an unknown route to login when signed out', async () => {
    await session.page.goto(`${session.portal.url}/no/such/page`)
    await session.page.waitForURL(`${session.portal.url}/account/login`)
    await session.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor()
    expect(new URL(session.page.url()).pathname).toBe('/wp-user/account/login')
    expect(await session.page.getByLabel('E-mail address').isVisible()).toBe(true)
  })

  it('logs in through both steps and reaches the dashboard', async () => {
    await session.page.goto(`${session.portal.url}/`)
    await session.page.getByLabel('E-mail address').fill(demo.email)
    await session.page.getByRole('button', { name: 'Continue' }).click()
    // Step 2 greets neutrally on a browser that remembers nobody (decision 080).
    await session.page.getByLabel('Passcode').waitFor()
    await session.page.getByLabel('Passcode').fill(demo.secret)
    await session.page.getByRole('button', { name: 'Sign in' }).click()
    await session.page.waitForURL(`${session.portal.url}/dashboard`)
    await session.page.getByRole('heading', { name: 'Dana Morgan' }).waitFor()
    expect(await session.page.getByLabel('Account overview').textContent()).toContain('$5,787.50')
  })

  it('opens a deep link with a valid stored token in the dashboard shell', async () => {
    await storeToken(await loginToken())
    await session.page.goto(`${session.portal.url}/dashboard/send`)
    await session.page.getByRole('navigation', { name: 'Main menu' }).waitFor()
    expect(session.page.url()).toBe(`${session.portal.url}/dashboard/send`)
    const current = session.page
      .getByRole('navigation', { name: 'Main menu' })
      .locator('[aria-current="page"]')
    expect(await current.textContent()).toContain('Bank Transfer')
  })

  it("sends the signed-in area's first calls once: the app takes the boot script's answers", async () => {
    await storeToken(await loginToken())
    const actions: (string | null)[] = []
    const onRequest = (request: import('playwright-core').Request) => {
      if (request.url().endsWith('/api/users'))
        actions.push(new URLSearchParams(request.postData() ?? '').get('action'))
    }
    session.page.on('request', onRequest)
    try {
      await session.page.goto(`${session.portal.url}/dashboard`)
      await session.page.getByRole('navigation', { name: 'Main menu' }).waitFor()
    } finally {
      session.page.off('request', onRequest)
    }
    const first = actions.filter((action) => action === 'getstatement' || action === 'pincheck')
    expect(first.sort()).toEqual(['getstatement', 'pincheck'])
  })

  it('sends an unknown route to the dashboard when signed in', async () => {
    await storeToken(await loginToken())
    await session.page.goto(`${session.portal.url}/dashboard/no-such-screen`)
    await session.page.waitForURL(`${session.portal.url}/dashboard`)
    await session.page.getByRole('heading', { level: 1, name: 'Dana Morgan' }).waitFor()
    expect(new URL(session.page.url()).pathname).toBe('/wp-user/dashboard')
    expect(await session.page.getByLabel('Account overview').textContent()).toContain('$5,787.50')
  })

  it('ends at login when the stored token is not valid', async () => {
    await storeToken('revoked-or-made-up-token')
    await session.page.goto(`${session.portal.url}/dashboard`)
    await session.page.waitForURL(`${session.portal.url}/account/login`)
    await session.page.getByRole('heading', { name: 'Sign in' }).waitFor({ state: 'visible' })
    expect(await session.page.evaluate(() => window.localStorage.getItem('baUid'))).toBeNull()
  })
})
