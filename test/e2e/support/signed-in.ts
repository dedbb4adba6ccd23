import axe from 'axe-core'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { demoCredentials } from '#server/seed/demo-data'
import type { ChromiumSession } from './chromium-session'
import type { Shooter } from './screenshots'

/** The two widths every signed-in screen is looked at: a phone and a desktop. */
export const widths = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } }

export type Device = keyof typeof widths

/**
 * Looks at the page as it is at each of `widths` in turn, resizing the viewport in place instead
 * of loading the page, its data and a session again at the other width: the app lays out by CSS
 * media queries and redraws its charts and virtual lists from resize observers, so the page
 * resized is the page loaded at that width. Two frames pass after each resize, so the observers'
 * redraw is painted before `look` runs.
 */
export async function atEachWidth(
  page: Page,
  look: (device: Device, viewport: { width: number; height: number }) => Promise<unknown>,
) {
  for (const [device, viewport] of Object.entries(widths) as Array<[Device, typeof widths.phone]>) {
    await page.setViewportSize(viewport)
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    await look(device, viewport)
  }
}

const wcag22 = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** The demo customer with history and the PIN 1234 (README, "Demo logins"). */
export const [demoCustomer] = demoCredentials

/**
 * No WCAG 2.2 A/AA violation on the page once its finite animations have ended (rule ids and
 * targets on failure). Mid-fade, axe reads blended colours: a toast still sliding in measured
 * 4.41:1 for text that is 5.35:1 once it is there.
 */
export async function expectAccessible(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
  })
  // axe-core's own API, loaded once per document: @axe-core/playwright loaded its 550 KB again
  // and opened a page of its own for every check, over half of the journeys' CPU (decision 092).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  const violations = await page.evaluate(async (tags) => {
    const { axe: inPage } = window as unknown as { axe: typeof axe }
    const results = await inPage.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })
    return results.violations.map(({ id, nodes }) => ({
      id,
      nodes: nodes.map(({ target, failureSummary }) => ({
        target: target.map(String),
        failureSummary,
      })),
    }))
  }, wcag22)
  expect(
    violations.map(({ id, nodes }) => ({
      id,
      nodes: nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
    })),
  ).toEqual([])
}

/** Signs the demo customer in by storing a fresh token before the app's scripts run. */
export async function signInDemoCustomer(session: ChromiumSession) {
  if (!demoCustomer) throw new Error('no demo customer in the seed')
  const answer = await session.portal.call('?crud=userlogin', {
    email: demoCustomer.email,
    password: demoCustomer.secret,
  })
  expect(answer.jwt).toEqual(expect.any(String))
  await session.context.addInitScript(
    (token) => window.localStorage.setItem('baUid', token),
    answer.jwt as string,
  )
}

/** Opens `path` of the portal and waits for its page heading. */
export async function openPage(session: ChromiumSession, path: string, heading: string) {
  await session.page.goto(`${session.portal.url}${path}`)
  await session.page.getByRole('heading', { level: 1, name: heading }).waitFor()
}

/**
 * `look(name)` checks the page as it is now at each width (atEachWidth): `check` if given, no
 * WCAG 2.2 A/AA violation, and the screenshot `name` at that width.
 */
export function lookAtEachWidth(
  session: ChromiumSession,
  shooter: Shooter,
  {
    fullPage = true,
    check,
  }: { fullPage?: boolean; check?: (device: Device) => Promise<void> } = {},
) {
  return (name: string) =>
    atEachWidth(session.page, async (device, viewport) => {
      await check?.(device)
      await expectAccessible(session.page).catch((error: unknown) => {
        throw new Error(`${name} at ${device} width: ${String(error)}`)
      })
      await shooter(session, viewport.width, { fullPage })(name)
    })
}
