import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { flowModel } from '#dev/flows/flow-model'
import { loadFlows } from '../../tools/flows/load-flows'
import { launchJourneyBrowser } from './support/chromium'
import { type DevServer, startDevServer } from './support/dev-server'
import { type ExplorerPage, explorerPage } from './support/explorer-page'

/**
 * The local flow explorer (`npm run flows:serve`) in Chromium, with no network: it lists every
 * machine, highlights the current state in the diagram and walks flows by clicking, with the
 * flows' own outcomes as the server's answers.
 */

const flows = await loadFlows()
const byName = (name: string) => flows.find((flow) => flow.name === name)
const login = byName('login')
const dana = 'dana@meridian.example'

describe('the flow explorer in Chromium', () => {
  let server: DevServer
  let browser: Browser
  let context: BrowserContext
  let explorer: ExplorerPage

  beforeAll(async () => {
    server = await startDevServer('tools/flow-explorer/vite.config.ts')
    browser = await launchJourneyBrowser()
    context = await browser.newContext({ viewport: { width: 1400, height: 1000 } })
    // Nothing may leave the machine: every request off the dev server fails the test.
    await context.route(
      (url) => !url.href.startsWith(server.origin),
      (route) => {
        throw new Error(`the explorer asked the network for ${route.request().url()}`)
      },
    )
    explorer = explorerPage(await context.newPage(), server.origin)
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })
  beforeEach(async () => {
    // A fresh page per walk (the first load also warms up Vite's dependency cache).
    explorer = explorerPage(await context.newPage(), server.origin)
  })

  it('lists every machine in src/machines', async () => {
    await explorer.open('verify')
    expect(await explorer.flowNames()).toEqual(flows.map((flow) => flow.name))
  })

  it.skipIf(!login)(
    'walks the login flow to each of its branches',
    async () => {
      if (!login) return
      await explorer.open('login')
      const reached = new Set<string>()
      const note = async () => reached.add((await explorer.current()).replace(/ \(final\)$/, ''))
      const toPasscodeStep = async () => {
        await explorer.restart('{}')
        await explorer.data('SUBMIT_EMAIL', JSON.stringify({ email: dana }))
        await explorer.clickStarting('SUBMIT_EMAIL [')
        await explorer.click('identifyCustomer: the customer this browser remembers')
        expect(await explorer.current()).toBe('passcodeEntry')
        await explorer.data(
          'SUBMIT_PASSCODE',
          JSON.stringify({ password: '123456', remember: true }),
        )
        await explorer.clickStarting('SUBMIT_PASSCODE [')
      }
      for (const outcome of login.outcomes.signIn ?? []) {
        await toPasscodeStep()
        await explorer.click(`signIn: ${outcome.label}`)
        await note()
        const redirect = (await explorer.steps()).find((step) => step.startsWith('after '))
        if (redirect) {
          await explorer.click(redirect)
          await note()
        }
      }
      for (const outcome of login.outcomes.identifyCustomer ?? []) {
        await explorer.restart('{}')
        await explorer.clickStarting('SUBMIT_EMAIL [')
        await explorer.click(`identifyCustomer: ${outcome.label}`)
        await note()
      }
      // Every end of the flow and every timed redirect was reached by clicking.
      const model = flowModel(login.machine)
      const ends = model.states.filter(
        (state) =>
          state.type === 'final' ||
          model.transitions.some(
            (t) => t.kind === 'after' && t.source.join('.') === state.path.join('.'),
          ),
      )
      expect(ends.length).toBeGreaterThan(0)
      for (const state of ends) expect(reached).toContain(state.path.join('.'))
      expect(reached).toContain('passcodeEntry')
      expect(reached).toContain('emailEntry')
    },
    180_000,
  )

  it('walks signup, then verify through a failed and a successful resend', async () => {
    await explorer.open('signup')
    await explorer.clickStarting('SUBMIT [')
    await explorer.click('signUp: account created')
    expect(await explorer.current()).toBe('registered')
    await explorer.clickStarting('CONTINUE')
    expect(await explorer.current()).toBe('leftForVerify (final)')

    await explorer.open('verify')
    await explorer.restart(JSON.stringify({ email: dana }))
    expect(await explorer.current()).toBe('verifying.code.entering, verifying.resend.counting')
    expect(await explorer.highlighted('counting')).toContain('counting')
    expect((await explorer.steps()).filter((step) => step.startsWith('after tick'))).toEqual([
      'after tick (1 s) [isLastSecond] → verifying.resend.available',
      'after tick (1 s) → verifying.resend.counting',
    ])
    // the branch the guard refuses at 180 s is taken by forcing the guard
    await explorer.click('after tick (1 s) [isLastSecond] → verifying.resend.available')
    expect(await explorer.current()).toContain('verifying.resend.available')
    await explorer.highlighted('available')
    await explorer.clickStarting('RESEND')
    await explorer.click('resendVerificationCode: network failure')
    expect(await explorer.current()).toContain('verifying.resend.available')
    await explorer.clickStarting('RESEND')
    expect(await explorer.current()).toContain('verifying.resend.sending')
    await explorer.highlighted('sending')
    await explorer.click('resendVerificationCode: code sent')
    expect(await explorer.current()).toContain('verifying.resend.counting')
    await explorer.highlighted('counting')
    await explorer.clickStarting('SUBMIT_CODE [')
    await explorer.click('verifyEmail: verified: dashboard')
    expect(await explorer.current()).toBe('dashboardNotice')
    await explorer.clickStarting('CONTINUE')
    expect(await explorer.current()).toBe('leftForDashboard (final)')
  }, 120_000)
})
