import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { launchJourneyBrowser } from './support/chromium'
import { type DevServer, startDevServer } from './support/dev-server'

/**
 * `npm run dev` with ?inspect: the app's actors report to the Stately inspector window. The
 * inspector's address is answered here by a stand-in page (no network) that says it is
 * connected, as Stately's does, and keeps what it receives. The same dev server also serves
 * the flow explorer at /wp-user/flows/.
 */

const inspectorStub = `<!doctype html><title>inspector stand-in</title><script>
  window.received = []
  window.addEventListener('message', (event) => window.received.push(event.data))
  window.opener.postMessage({ type: '@statelyai.connected' }, '*')
</script>`

describe('development tools on the dev server', () => {
  let server: DevServer
  let browser: Browser
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    server = await startDevServer('vite.config.ts')
    browser = await launchJourneyBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })
  beforeEach(async () => {
    context = await browser.newContext()
    await context.route('https://stately.ai/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: inspectorStub }),
    )
    // Every window the app opens, recorded before its scripts run.
    await context.addInitScript(() => {
      const recorder = window as unknown as { opened: string[] }
      recorder.opened = []
      const open = window.open.bind(window)
      window.open = (url, ...rest) => {
        recorder.opened.push(String(url))
        return open(url, ...rest)
      }
    })
    page = await context.newPage()
  })

  const windowsOpened = () =>
    page.evaluate(() => (window as unknown as { opened: string[] }).opened)
  afterEach(() => context.close())

  it("attaches the Stately inspector to the app's actors with ?inspect", async () => {
    const popup = context.waitForEvent('page', { timeout: 60_000 })
    await page.goto(`${server.origin}/wp-user/account/login?inspect`)
    const inspector = await popup
    expect(inspector.url()).toBe('https://stately.ai/inspect')
    await page.getByRole('heading', { name: 'Sign in' }).waitFor({ timeout: 60_000 })
    // Opened before the app renders (main.tsx awaits the hook first): what the test without
    // ?inspect relies on.
    expect(await windowsOpened()).toEqual(['https://stately.ai/inspect'])
    await inspector.waitForFunction(
      () =>
        (window as unknown as { received: Array<{ type?: string }> }).received.some(
          (event) => event.type === '@xstate.actor',
        ),
      undefined,
      { timeout: 30_000 },
    )
    const received = await inspector.evaluate(
      () => (window as unknown as { received: Array<{ type?: string }> }).received,
    )
    expect(received.map((event) => event.type)).toContain('@xstate.snapshot')
    // The login screen's machine is among the actors the inspector was told about.
    const actors = received.filter((event) => event.type === '@xstate.actor')
    expect(actors.map((event) => (event as { name?: string }).name)).toContain('login')
  })

  it('opens no inspector without ?inspect', async () => {
    let opened = false
    context.on('page', () => {
      opened = true
    })
    await page.goto(`${server.origin}/wp-user/account/login`)
    // The app renders only once the hook has decided (main.tsx awaits it): by then an
    // inspector would have been opened, as the test above sees with ?inspect.
    await page.getByRole('heading', { name: 'Sign in' }).waitFor({ timeout: 60_000 })
    expect(await windowsOpened()).toEqual([])
    expect(opened).toBe(false)
    expect(context.pages()).toEqual([page])
  })

  it('serves the flow explorer at /wp-user/flows/', async () => {
    await page.goto(`${server.origin}/wp-user/flows/`)
    await page.getByRole('heading', { name: 'Flow explorer' }).waitFor({ timeout: 60_000 })
    await page.locator('[data-testid="diagram"] svg').waitFor({ timeout: 60_000 })
    // /wp-user/flows/ redirects to the explorer's page, which lists the machines and draws one.
    expect(new URL(page.url()).pathname).toBe('/wp-user/src/dev/flow-explorer/')
    const flows = await page
      .getByRole('navigation', { name: 'Flows' })
      .getByRole('link')
      .allTextContents()
    expect(flows).toEqual(expect.arrayContaining(['login', 'signup', 'verify']))
    expect(await page.locator('[data-testid="diagram"] svg g.node').count()).toBeGreaterThan(1)
  })
})
