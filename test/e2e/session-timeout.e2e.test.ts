import { describe, it } from 'vitest'
import { type ChromiumSession, useChromiumSession } from './support/chromium-session'
import { screenshots } from './support/screenshots'
import { expectAccessible, openPage, signInDemoCustomer, widths } from './support/signed-in'

/** Screenshots of the warning and the notice at both widths. */
const shooter = screenshots('session-timeout')

/**
 * The idle timeout in a real browser, against a server whose sessions end after 1 minute
 * without a call: the warning opens at 30 s left (half the limit, docs/decisions/044).
 */
describe.concurrent('the session timeout in Chromium (SESSION_IDLE_MINUTES=1)', () => {
  const session: ChromiumSession = useChromiumSession(widths.phone, { SESSION_IDLE_MINUTES: '1' })

  /**
   * The tests wait on the clock, not the CPU, so they run at once, each in a browser context
   * of its own with its own session.
   */
  async function newTab(): Promise<ChromiumSession> {
    const context = await session.browser.newContext({ viewport: widths.phone })
    return { ...session, context, page: await context.newPage() }
  }

  const dialog = (tab: ChromiumSession) =>
    tab.page.getByRole('alertdialog', { name: 'Are you still there?' })

  /** The time left of `token`'s session as the server sees it, without activity. */
  async function sessionStatus(token: string) {
    return session.portal.call('', { action: 'sessionstatus', token })
  }

  const storedToken = (tab: ChromiumSession) =>
    tab.page.evaluate(
      () => window.localStorage.getItem('baUid') ?? window.sessionStorage.getItem('baUid'),
    )

  async function shootBothWidths(tab: ChromiumSession, name: string) {
    for (const [device, viewport] of Object.entries(widths)) {
      await tab.page.setViewportSize(viewport)
      await shooter(tab, viewport.width, { fullPage: false })(name)
      await expectAccessible(tab.page).catch((error: unknown) => {
        throw new Error(`${name} at ${device} width: ${String(error)}`)
      })
    }
  }

  it('warns with a countdown, stays signed in, then signs out at 0 with the notice', {
    timeout: 180_000,
  }, async ({ expect }) => {
    const tab = await newTab()
    await signInDemoCustomer(tab)
    await openPage(tab, '/dashboard', 'Dana Morgan')
    const token = await storedToken(tab)
    expect(token).toEqual(expect.any(String))

    // The warning opens at 30 s left, with the countdown in m:ss.
    await dialog(tab).waitFor({ timeout: 45_000 })
    // The safe choice has the focus.
    expect(await tab.page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')).toBe(
      'Stay signed in',
    )
    const countdown = await dialog(tab)
      .getByText(/^0:[0-3]\d$/)
      .innerText()
    expect(Number(countdown.slice(2))).toBeLessThanOrEqual(30)
    await expect
      .poll(
        () =>
          dialog(tab)
            .getByText(/^0:[0-3]\d$/)
            .innerText(),
        { timeout: 3000 },
      )
      .not.toBe(countdown)
    // Screen readers hear it in 15-second steps, politely.
    const live = dialog(tab).locator('[aria-live="polite"]')
    expect(await live.innerText()).toMatch(/^You will be signed out in (15|30) seconds\.$/)
    expect(
      await dialog(tab)
        .getByText(/signed out after 1 minute without activity/)
        .count(),
    ).toBe(1)
    await shootBothWidths(tab, 'warning')

    // Stay signed in: keepalive, the dialog closes, the server's clock starts over.
    await tab.page.getByRole('button', { name: 'Stay signed in' }).click()
    await dialog(tab).waitFor({ state: 'hidden' })
    const renewed = await sessionStatus(token ?? '')
    expect(renewed.remaining_seconds).toBeGreaterThan(50)
    expect(renewed.idle_timeout_seconds).toBe(60)

    // Left alone: the warning again, then login with the notice, and nothing stored.
    await dialog(tab).waitFor({ timeout: 45_000 })
    const notice = tab.page.getByText(
      'You were signed out after 1 minute without activity. Please sign in again.',
    )
    await notice.waitFor({ timeout: 45_000 })
    expect(new URL(tab.page.url()).pathname).toBe('/wp-user/account/login')
    await tab.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor()
    expect(await storedToken(tab)).toBeNull()
    const ended = await sessionStatus(token ?? '')
    expect(ended.remaining_seconds).toBeUndefined()
    await shootBothWidths(tab, 'signed-out-notice')
  })

  it("honours another tab's Stay signed in: this tab's warning closes at 0 instead of signing out", {
    timeout: 120_000,
  }, async ({ expect }) => {
    const tab = await newTab()
    await signInDemoCustomer(tab)
    await openPage(tab, '/dashboard', 'Dana Morgan')
    const other = await tab.context.newPage()
    await other.goto(`${session.portal.url}/dashboard`)
    await other.getByRole('heading', { level: 1, name: 'Dana Morgan' }).waitFor()

    await dialog(tab).waitFor({ timeout: 45_000 })
    const otherDialog = other.getByRole('alertdialog', { name: 'Are you still there?' })
    await otherDialog.waitFor({ timeout: 10_000 })
    // The other tab stays signed in 10 s into this tab's countdown: at this tab's 0 the
    // session has 40 s left, more than the 30 s warning.
    const secondsShown = async () =>
      Number(
        (
          await dialog(tab)
            .getByText(/^0:[0-3]\d$/)
            .innerText()
        ).slice(2),
      )
    await expect.poll(secondsShown, { timeout: 20_000, interval: 250 }).toBeLessThanOrEqual(20)
    await otherDialog.getByRole('button', { name: 'Stay signed in' }).click()
    await otherDialog.waitFor({ state: 'hidden' })

    // This tab counts on, reads the time left at 0, finds the session alive and closes.
    await dialog(tab).waitFor({ state: 'hidden', timeout: 40_000 })
    expect(new URL(tab.page.url()).pathname).toBe('/wp-user/dashboard')
    expect(await storedToken(tab)).toEqual(expect.any(String))
    expect((await sessionStatus((await storedToken(tab)) ?? '')).remaining_seconds).toBeGreaterThan(
      0,
    )
    await other.close()
  })

  it('Log out in the warning revokes the session and clears every stored key', {
    timeout: 90_000,
  }, async ({ expect }) => {
    const tab = await newTab()
    await signInDemoCustomer(tab)
    await openPage(tab, '/dashboard', 'Dana Morgan')
    const token = await storedToken(tab)
    await dialog(tab).waitFor({ timeout: 45_000 })
    await dialog(tab).getByRole('button', { name: 'Log out' }).click()
    await tab.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor()
    // A plain logout has no idle notice.
    expect(await tab.page.getByText(/without activity/).count()).toBe(0)
    expect(await tab.page.evaluate(() => window.localStorage.length)).toBe(0)
    expect(await tab.page.evaluate(() => window.sessionStorage.length)).toBe(0)
    expect((await sessionStatus(token ?? '')).remaining_seconds).toBeUndefined()
  })

  it('Logout in the profile menu revokes the session and clears every stored key', async ({
    expect,
  }) => {
    const tab = await newTab()
    await signInDemoCustomer(tab)
    await openPage(tab, '/dashboard', 'Dana Morgan')
    const token = await storedToken(tab)
    await tab.page.evaluate(() => window.localStorage.setItem('displayAmount', 'hide'))
    await tab.page.getByRole('button', { name: 'Profile menu for Dana Morgan' }).click()
    await tab.page.getByRole('button', { name: 'Logout' }).click()
    await tab.page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor()
    expect(await tab.page.evaluate(() => window.localStorage.length)).toBe(0)
    expect(await tab.page.evaluate(() => window.sessionStorage.length)).toBe(0)
    await expect
      .poll(async () => (await sessionStatus(token ?? '')).remaining_seconds)
      .toBeUndefined()
  })
})
