import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountLockout } from '#server/auth/account-lockout'
import { addressBucket } from '#server/auth/client-address'
import { addressLimit } from '#server/auth/failure-log'
import { loginFailures, users } from '#server/db/schema'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { lastCodeTo, otherCode } from './support/mailbox'
import { startTestApp, type TestApp } from './support/test-app'

const invalid = expect.objectContaining({ error: true, message: 'Invalid Credentials' })
const blockMessage = (minutes: number) =>
  `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} (at `
const blockedFor = (minutes: number) =>
  expect.objectContaining({
    error: true,
    message: expect.stringContaining(blockMessage(minutes)),
  })

describe('client addresses for per-address limits', () => {
  it('counts IPv4 as itself, mapped IPv4 as IPv4, IPv6 by its /64, and no address as one', () => {
    expect(addressBucket('203.0.113.9')).toBe('203.0.113.9')
    expect(addressBucket('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(addressBucket('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(addressBucket('2001:DB8:1:2::ff')).toBe('2001:db8:1:2::/64')
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(addressBucket('::1')).toBe('0:0:0:0::/64')
    expect(addressBucket(null)).toBe('unknown')
  })
})

describe.each(databaseTargets)('login limits on %s', (target) => {
  let t: TestApp
  let hosts = 0
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  /** A client at an address no other test uses. */
  const client = () => {
    hosts++
    return t.from(`198.51.100.${hosts}`)
  }
  const failureCount = async (userId: number) =>
    (await t.db.select().from(users).where(eq(users.id, userId)))[0]?.failedLoginCount

  it('blocks an account for 15 minutes after 5 wrong passcodes, even the right passcode', async () => {
    const customer = await createCustomer(t)
    const from = client()
    const attempt = (password: string) => from.crud('signIn', { email: customer.email, password })
    for (let i = 1; i < accountLockout.maxFailures; i++)
      expect((await attempt('000000')).body).toEqual({
        error: true,
        message: 'Invalid Credentials',
        attemptsLeft: accountLockout.maxFailures - i,
      })
    const fifth = (await attempt('000000')).body
    expect(fifth).toEqual(blockedFor(15))
    // Until when: the block's end, exactly in the field and to the minute in the message.
    expect(fifth.blockedUntil).toBe(new Date(t.clock.now().getTime() + 15 * 60_000).toISOString())
    expect(fifth.message).toMatch(/ \(at \d{2}:\d{2} UTC\)\.$/)

    expect((await attempt(customer.passcode)).body).toEqual(blockedFor(15))
    expect(
      (await client().crud('signIn', { email: customer.email, password: customer.passcode })).body,
    ).toEqual(blockedFor(15))
    t.clock.advance(10 * 60_000)
    expect((await attempt(customer.passcode)).body).toEqual(blockedFor(5))
    t.clock.advance(4 * 60_000 + 30_000)
    expect((await attempt(customer.passcode)).body).toEqual(blockedFor(1))

    t.clock.advance(30_000)
    expect((await attempt(customer.passcode)).body).toMatchObject({
      error: false,
      message: 'Welcome Back',
    })
    expect(await failureCount(customer.id)).toBe(0)
  })

  it('counts only consecutive failures: a right passcode starts the count again', async () => {
    const customer = await createCustomer(t)
    const from = client()
    const attempt = (password: string) => from.crud('signIn', { email: customer.email, password })
    for (let i = 0; i < 4; i++) await attempt('000000')
    expect(await failureCount(customer.id)).toBe(4)
    expect((await attempt(customer.passcode)).body).toMatchObject({ error: false })
    expect(await failureCount(customer.id)).toBe(0)
    for (let i = 0; i < 4; i++) expect((await attempt('000000')).body).toEqual(invalid)
    expect((await attempt(customer.passcode)).body).toMatchObject({ error: false })
  })

  it('locks an e-mail without an account the same way, so the answers do not tell them apart', async () => {
    const customer = await createCustomer(t)
    const known: unknown[] = []
    const unknown: unknown[] = []
    const from = client()
    for (let i = 0; i < accountLockout.maxFailures + 1; i++) {
      known.push((await from.crud('signIn', { email: customer.email, password: '000000' })).body)
      unknown.push(
        (await from.crud('signIn', { email: 'nobody-here@example.com', password: '000000' })).body,
      )
    }
    expect(unknown).toEqual(known)
    expect(known.at(-1)).toEqual(blockedFor(15))
    t.clock.advance(accountLockout.blockMs)
  })

  it('limits failures per client address across accounts, unknown e-mails included', async () => {
    const from = client()
    const other = client()
    const customer = await createCustomer(t)
    for (let i = 1; i < addressLimit.maxFailures; i++) {
      const answer = await from.crud('signIn', {
        email: `guess${i}@example.com`,
        password: '000000',
      })
      expect(answer.body).toEqual(invalid)
    }
    const last = await from.crud('signIn', { email: 'guess-last@example.com', password: '0' })
    expect(last.body).toEqual(blockedFor(15))

    // The address is blocked, even for a right passcode; the customer elsewhere is not.
    const blocked = await from.crud('signIn', {
      email: customer.email,
      password: customer.passcode,
    })
    expect(blocked.body).toEqual(blockedFor(15))
    expect(await failureCount(customer.id)).toBe(0)
    const elsewhere = await other.crud('signIn', {
      email: customer.email,
      password: customer.passcode,
    })
    expect(elsewhere.body).toMatchObject({ error: false })

    t.clock.advance(addressLimit.windowMs)
    const later = await from.crud('signIn', {
      email: customer.email,
      password: customer.passcode,
    })
    expect(later.body).toMatchObject({ error: false })
  })

  it('counts wrong e-mailed codes against the address too', async () => {
    const from = client()
    const signup = await from.crud('signUp', {
      firstName: 'Ola',
      lastName: 'Berg',
      username: 'ola_berg',
      email: 'ola@example.com',
      password: '192837',
      fullname: '',
    })
    expect(signup.body).toMatchObject({ error: false })
    const code = await lastCodeTo(t.db, 'ola@example.com')
    for (let i = 0; i < addressLimit.maxFailures - 1; i++)
      await from.crud('verifyEmail', { email: `guess${i}@example.com`, verificationCode: code })
    const last = await from.crud('verifyEmail', {
      email: 'ola@example.com',
      verificationCode: otherCode(code),
    })
    expect(last.body).toEqual(blockedFor(15))
    const right = await from.crud('verifyEmail', {
      email: 'ola@example.com',
      verificationCode: code,
    })
    expect(right.body).toEqual(blockedFor(15))
    const login = await from.crud('signIn', { email: 'ola@example.com', password: '192837' })
    expect(login.body).toEqual(blockedFor(15))
    t.clock.advance(addressLimit.windowMs)
  })

  it('treats one IPv6 /64 as one address', async () => {
    const customer = await createCustomer(t)
    for (let i = 0; i < addressLimit.maxFailures; i++)
      await t
        .from(`2001:db8:77:1::${(i + 1).toString(16)}`)
        .crud('signIn', { email: `v6-${i}@example.com`, password: '000000' })
    const sameNetwork = await t
      .from('2001:db8:77:1:ffff::1')
      .crud('signIn', { email: customer.email, password: customer.passcode })
    expect(sameNetwork.body).toEqual(blockedFor(15))
    const nextNetwork = await t
      .from('2001:db8:77:2::1')
      .crud('signIn', { email: customer.email, password: customer.passcode })
    expect(nextNetwork.body).toMatchObject({ error: false })
    t.clock.advance(addressLimit.windowMs)
  })

  it('lets no more than 5 parallel guesses at one account be checked', async () => {
    const customer = await createCustomer(t)
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.from(`192.0.2.${i + 1}`).crud('signIn', { email: customer.email, password: '000000' }),
      ),
    )
    const messages = answers.map((answer) => answer.body.message)
    expect(messages.filter((message) => message === 'Invalid Credentials')).toHaveLength(4)
    expect(messages.filter((message) => String(message).startsWith(blockMessage(15)))).toHaveLength(
      8,
    )
    const recorded = await t.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.email, customer.email))
    expect(recorded).toHaveLength(accountLockout.maxFailures)
  })

  it('prunes failures older than a day', async () => {
    const from = client()
    await from.crud('signIn', { email: 'old@example.com', password: '000000' })
    t.clock.advance(25 * 3_600_000)
    await from.crud('signIn', { email: 'new@example.com', password: '000000' })
    const rows = await t.db.select().from(loginFailures)
    expect(rows.map((row) => row.email)).toEqual(['new@example.com'])
  })
})
