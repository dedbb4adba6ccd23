import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { launchChromium, launchJourneyBrowser } from './chromium'
import { type Portal, type PortalSettings, startPortal } from './portal'

export interface ChromiumSession {
  portal: Portal
  browser: Browser
  /** A fresh context (no storage) and page for every test. */
  context: BrowserContext
  page: Page
}

/**
 * For a describe block: one portal and one Chromium for the block, and a fresh browser context
 * and page before each test. Read the fields inside tests and hooks, not at definition time.
 * `browser` starts Chromium with its `chromiumArgs` (a feature turned on), the full browser when
 * `fullBrowser` (else the headless shell, launchJourneyBrowser), and gives each context its
 * `contextOptions` (`colorScheme: 'dark'`: the system prefers dark).
 */
export interface BrowserSettings {
  chromiumArgs?: readonly string[]
  /** The payment dialog (Secure Payment Confirmation) is the full browser's. */
  fullBrowser?: boolean
  contextOptions?: BrowserContextOptions
}

export function useChromiumSession(
  viewport = { width: 1280, height: 900 },
  settings: PortalSettings = {},
  { chromiumArgs = [], fullBrowser = false, contextOptions = {} }: BrowserSettings = {},
): ChromiumSession {
  const session = {} as ChromiumSession
  beforeAll(async () => {
    session.portal = await startPortal(settings)
    const launch = fullBrowser ? launchChromium : launchJourneyBrowser
    session.browser = await launch(chromiumArgs)
  })
  afterAll(async () => {
    await session.browser?.close()
    await session.portal?.stop()
  })
  beforeEach(async () => {
    session.context = await session.browser.newContext({ ...contextOptions, viewport })
    session.page = await session.context.newPage()
  })
  afterEach(() => session.context?.close())
  return session
}
