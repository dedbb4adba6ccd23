import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '#server/actions/scheduled-transfers'
import { notifications, transferSeries, transfers } from '#server/db/schema'
import { addDays, utcDayOf } from '#server/domain/run-days'
import { runDueTransfers, runsOf } from '#server/domain/scheduled-transfers'
import { bothDatabases } from './support/databases'
import { mailsTo } from './support/mailbox'
import { jane, payingCustomer, transferFields } from './support/money'
import { startTestApp, type TestApp } from './support/test-app'
import { transferCalls } from './support/transfer-calls'

const dayMs = 86_400_000

describe.each(bothDatabases)('scheduled and repeating transfers on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target, { sessionIdleMs: 400 * dayMs })
  })
  afterAll(() => t.close())

  const { authorize, pinFor, balance } = transferCalls(() => t)
  type Customer = Awaited<ReturnType<typeof payingCustomer>>
  const today = () => utcDayOf(t.clock.now())

  const schedule = (
    c: Customer,
    authorization: string,
    amount: string,
    when: { startsOn: string; repeat?: string; endsOn?: string; runCount?: string },
    payee = jane,
  ) =>
    t.action('scheduleTransfer', {
      token: c.token,
      ...transferFields(amount, payee),
      authorization,
      repeat: 'once',
      endsOn: '',
      runCount: '',
      ...when,
    })
  // The clock moves days ahead: a session of the day before may have ended, so each call signs in.
  const signedIn = async (c: Customer) => ({ ...c, token: await t.login(c.email, c.passcode) })
  const list = async (c: Customer) =>
    (await t.action('scheduledTransfers', { token: (await signedIn(c)).token })).body
      .series as Array<{
      id: number
      upcoming: string[]
      done: Array<{ day: string; status: string; reason: string | null }>
    }>
  const runDue = () => runDueTransfers(t.db, t.clock.now())
  const heldTransfersOf = (c: Customer) =>
    t.db.select().from(transfers).where(eq(transfers.userId, c.id))
  const notificationsOf = (c: Customer) =>
    t.db.select().from(notifications).where(eq(notifications.userId, c.id))

  it('needs a completed PIN authorisation for this amount and payee, and consumes it', async () => {
    const c = await payingCustomer(t, 100_000)
    const tomorrow = addDays(today(), 1)
    const bogus = await schedule(c, 'A'.repeat(24), '10.00', { startsOn: tomorrow })
    expect(bogus.body).toEqual({ status: false, message: messages.notAuthorized })
    const authorization = await authorize(c, '10.00')
    const other = await schedule(c, authorization, '11.00', { startsOn: tomorrow })
    expect(other.body.status).toBe(false)
    const done = await schedule(c, authorization, '10.00', { startsOn: tomorrow })
    expect(done.body).toMatchObject({ status: true, message: messages.scheduled(tomorrow) })
    const again = await schedule(c, authorization, '10.00', { startsOn: tomorrow })
    expect(again.body).toEqual({ status: false, message: messages.notAuthorized })
    expect(
      await t.db.select().from(transferSeries).where(eq(transferSeries.userId, c.id)),
    ).toHaveLength(1)
  })

  it('needs the step-up when the rules ask for it (a new payee), evaluated for the amount at set-up', async () => {
    const c = await payingCustomer(t, 100_000)
    const stranger = { ...jane, accountNumber: 'GB33BUKB20201555555555' }
    const pin = await pinFor(c, '5.00', stranger)
    // The payee is new for this customer: the PIN alone does not authorise.
    expect(pin.body.stepUp).not.toBeNull()
    const halfway = await schedule(
      c,
      pin.body.authorization as string,
      '5.00',
      {
        startsOn: addDays(today(), 1),
      },
      stranger,
    )
    expect(halfway.body).toEqual({ status: false, message: messages.notAuthorized })
    const authorization = await authorize(c, '5.00', stranger)
    const done = await schedule(
      c,
      authorization,
      '5.00',
      { startsOn: addDays(today(), 1) },
      stranger,
    )
    expect(done.body.status).toBe(true)
  })

  it('refuses dates that are not later, too far, or a repeat without one end, changing nothing', async () => {
    const c = await payingCustomer(t, 100_000)
    const authorization = await authorize(c, '10.00')
    const refusals: Array<[Parameters<typeof schedule>[3], string]> = [
      [{ startsOn: today() }, messages.notLater],
      [{ startsOn: '2026-02-30' }, messages.badDay],
      [{ startsOn: addDays(today(), 400) }, messages.tooFar(addDays(today(), 366))],
      [{ startsOn: addDays(today(), 1), repeat: 'weekly' }, messages.oneEnd],
      [{ startsOn: addDays(today(), 1), repeat: 'weekly', runCount: '61' }, messages.badCount],
      [
        { startsOn: addDays(today(), 5), repeat: 'monthly', endsOn: addDays(today(), 2) },
        messages.endBeforeStart,
      ],
      [
        { startsOn: addDays(today(), 200), repeat: 'monthly', runCount: '12' },
        messages.tooFar(addDays(today(), 366)),
      ],
    ]
    for (const [when, message] of refusals)
      expect((await schedule(c, authorization, '10.00', when)).body).toEqual({
        status: false,
        message,
      })
    // The authorisation was not spent by the refusals.
    expect(
      (await schedule(c, authorization, '10.00', { startsOn: addDays(today(), 1) })).body.status,
    ).toBe(true)
  })

  it('posts each run as a held transfer at its date, once, and tells the customer', async () => {
    const c = await payingCustomer(t, 100_000)
    const first = addDays(today(), 1)
    const authorization = await authorize(c, '20.00')
    const set = await schedule(c, authorization, '20.00', {
      startsOn: first,
      repeat: 'weekly',
      runCount: '3',
    })
    expect(set.body.message).toBe(messages.repeating(3, first, addDays(first, 14)))
    const id = set.body.id as number
    expect((await list(c))[0]?.upcoming).toEqual([first, addDays(first, 7), addDays(first, 14)])
    await runDue()
    expect(await heldTransfersOf(c)).toHaveLength(0)
    t.clock.advance(dayMs)
    await runDue()
    await runDue()
    const held = await heldTransfersOf(c)
    expect(held).toHaveLength(1)
    expect(held[0]).toMatchObject({ amount: 2000, status: 'in_progress' })
    expect(await balance(c)).toBe(100_000 - 2000)
    expect((await runsOf(t.db, id)).map((run) => [run.runOn, run.status])).toEqual([
      [first, 'posted'],
    ])
    expect((await notificationsOf(c)).map((n) => n.body)).toContain(
      `Your scheduled transfer of $20.00 to Jane Doe for ${first} is being processed.`,
    )
    expect((await list(c))[0]?.upcoming).toEqual([addDays(first, 7), addDays(first, 14)])
    // Weeks later (a server that was down): both remaining days run, each once; the series ends.
    t.clock.advance(20 * dayMs)
    await runDue()
    expect(await heldTransfersOf(c)).toHaveLength(3)
    expect((await runsOf(t.db, id)).map((run) => run.status)).toEqual([
      'posted',
      'posted',
      'posted',
    ])
    expect(await list(c)).toEqual([])
  })

  it('fails only the run the balance does not cover, notifies, and goes on', async () => {
    const c = await payingCustomer(t, 5_000)
    const first = addDays(today(), 1)
    const authorization = await authorize(c, '30.00')
    const id = (
      await schedule(c, authorization, '30.00', {
        startsOn: first,
        repeat: 'weekly',
        runCount: '3',
      })
    ).body.id as number
    t.clock.advance(dayMs)
    await runDue()
    t.clock.advance(7 * dayMs)
    expect((await runDue()).failed).toBeGreaterThanOrEqual(1)
    expect(await balance(c)).toBe(5_000 - 3_000)
    const runs = await runsOf(t.db, id)
    expect(runs.map((run) => run.status)).toEqual(['posted', 'failed'])
    const mail = (await mailsTo(t.db, c.email)).find((m) => m.subject.includes('scheduled'))
    expect(mail?.subject).toContain('a scheduled transfer could not be made')
    expect(mail?.textBody).toContain(`The next one is on ${addDays(first, 14)}.`)
    expect((await notificationsOf(c)).map((n) => n.title)).toContain('Scheduled transfer not made')
    expect((await list(c))[0]?.upcoming).toEqual([addDays(first, 14)])
  })

  it('fails a run while the account is on hold', async () => {
    const c = await payingCustomer(t, 50_000)
    const authorization = await authorize(c, '10.00')
    const id = (await schedule(c, authorization, '10.00', { startsOn: addDays(today(), 1) })).body
      .id as number
    await t.command('notice set', c.email, 'Account on hold', 'Please call us.')
    t.clock.advance(dayMs)
    await runDue()
    expect((await runsOf(t.db, id)).map((run) => [run.status, run.reason])).toEqual([
      ['failed', 'your account is on hold, so no money can leave it.'],
    ])
    expect(await heldTransfersOf(c)).toHaveLength(0)
    await t.command('notice clear', c.email)
  })

  it('skips one run and cancels a series; another customer cannot touch them', async () => {
    const c = await payingCustomer(t, 100_000)
    const intruder = await payingCustomer(t, 0)
    const first = addDays(today(), 1)
    const authorization = await authorize(c, '7.00')
    const id = (
      await schedule(c, authorization, '7.00', {
        startsOn: first,
        repeat: 'monthly',
        runCount: '4',
      })
    ).body.id as number
    const series = (await list(c))[0]
    const second = series?.upcoming[1] as string
    const foreign = await t.action('skipScheduledRun', {
      token: intruder.token,
      series: String(id),
      day: second,
    })
    expect(foreign.body).toEqual({ status: false, message: messages.missing })
    expect(
      (await t.action('cancelScheduledSeries', { token: intruder.token, series: String(id) })).body,
    ).toEqual({ status: false, message: messages.missing })
    expect(await list(intruder)).toEqual([])
    expect(
      (
        await t.action('skipScheduledRun', {
          token: c.token,
          series: String(id),
          day: addDays(first, 3),
        })
      ).body,
    ).toEqual({ status: false, message: messages.notARun })
    expect(
      (await t.action('cancelScheduledSeries', { token: c.token, series: '99999999999' })).body,
    ).toEqual({ status: false, message: messages.missing })
    const skipped = await t.action('skipScheduledRun', {
      token: c.token,
      series: String(id),
      day: second,
    })
    expect(skipped.body).toEqual({ status: true, message: messages.skipped(second) })
    expect(
      (await t.action('skipScheduledRun', { token: c.token, series: String(id), day: second }))
        .body,
    ).toEqual({ status: false, message: messages.alreadyDone })
    expect((await list(c))[0]?.upcoming).not.toContain(second)
    t.clock.advance(40 * dayMs)
    await runDue()
    expect((await runsOf(t.db, id)).map((run) => run.status)).toEqual(['posted', 'skipped'])
    const cancelled = await t.action('cancelScheduledSeries', {
      token: (await signedIn(c)).token,
      series: String(id),
    })
    expect(cancelled.body).toEqual({ status: true, message: messages.cancelled })
    t.clock.advance(100 * dayMs)
    await runDue()
    expect(await heldTransfersOf(c)).toHaveLength(1)
    expect(await list(c)).toEqual([])
  })

  it('runs a monthly series from the 31st on each month’s last day', async () => {
    const c = await payingCustomer(t, 100_000)
    const now = t.clock.now()
    // The next 31st from today.
    let start = addDays(today(), 1)
    while (!start.endsWith('-31')) start = addDays(start, 1)
    expect(start > utcDayOf(now)).toBe(true)
    const authorization = await authorize(c, '1.00')
    await schedule(c, authorization, '1.00', { startsOn: start, repeat: 'monthly', runCount: '3' })
    const upcoming = (await list(c))[0]?.upcoming ?? []
    const lastDayOf = (day: string) => {
      const [year, month] = day.split('-').map(Number)
      return utcDayOf(new Date(Date.UTC(year as number, month as number, 0)))
    }
    expect(upcoming).toHaveLength(3)
    for (const day of upcoming) expect(day).toBe(lastDayOf(day))
  })

  it('makes a run once when two schedulers race for it', async () => {
    const c = await payingCustomer(t, 100_000)
    const authorization = await authorize(c, '3.00')
    const id = (await schedule(c, authorization, '3.00', { startsOn: addDays(today(), 1) })).body
      .id as number
    t.clock.advance(dayMs)
    await Promise.all([runDue(), runDue(), runDue()])
    expect(await runsOf(t.db, id)).toHaveLength(1)
    expect(await heldTransfersOf(c)).toHaveLength(1)
  })
})
