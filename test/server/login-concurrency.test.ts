import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustomer } from './support/customers'
import { bothDatabases } from './support/databases'
import { startTestApp, type TestApp } from './support/test-app'

describe.each(bothDatabases)('logins in parallel and spread out on %s', (target) => {
  let t: TestApp
  let hosts = 0
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  /** A client at an address no other attempt uses, so only the account's own limit applies. */
  const login = (email: string, password: string) => {
    hosts++
    return t
      .from(`203.0.${Math.floor(hosts / 250)}.${(hosts % 250) + 1}`)
      .crud('signIn', { email, password })
  }

  it('lets 10 simultaneous logins with the right passcode all in', async () => {
    const customer = await createCustomer(t)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => login(customer.email, customer.passcode)),
    )
    expect(answers.map((answer) => answer.body.message)).toEqual(Array(10).fill('Welcome Back'))
  })

  it('lets every right passcode in while 4 wrong ones run alongside', async () => {
    const customer = await createCustomer(t)
    const wrong = ['000000', '111111', '222222', '333333']
    const passcodes = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 0 ? (wrong[i / 3] as string) : customer.passcode,
    )
    const answers = await Promise.all(
      passcodes.map((passcode) =>
        login(customer.email, passcode).then((answer) => ({ passcode, answer })),
      ),
    )
    for (const { passcode, answer } of answers)
      expect(answer.body.message).toBe(
        passcode === customer.passcode ? 'Welcome Back' : 'Invalid Credentials',
      )
  })

  it('answers spaced wrong passcodes for a known and an unknown e-mail alike', async () => {
    const customer = await createCustomer(t)
    const unknown = `nobody-${Date.now()}@example.com`
    // Minutes between attempts: slow guessing (never five in a window), then a burst, then waits.
    const gaps = [0, 16, 16, 16, 16, 16, 4, 4, 4, 4, 4, 1, 5, 10, 16, 2]
    const seen: { known: unknown; unknown: unknown }[] = []
    for (const gap of gaps) {
      t.clock.advance(gap * 60_000)
      seen.push({
        known: (await login(customer.email, '000000')).body,
        unknown: (await login(unknown, '000000')).body,
      })
    }
    for (const [index, pair] of seen.entries())
      expect(pair.unknown, `attempt ${index + 1}`).toEqual(pair.known)
    expect(
      seen.some((pair) =>
        (pair.known as { message: string }).message.startsWith(
          'Too many failed attempts. Try again in 15 minutes',
        ),
      ),
    ).toBe(true)
  })
})
