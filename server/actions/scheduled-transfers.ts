import { parseAmount, toDecimalString } from '#api/money'
import { isCurrencyOf } from '../domain/account-currency'
import { payeeKeyOf } from '../domain/payees'
import {
  addDays,
  type Cadence,
  horizonDays,
  isDay,
  maxRuns,
  type RunPlan,
  runDays,
  utcDayOf,
} from '../domain/run-days'
import {
  cancelSeries,
  type SeriesChange,
  seriesOf,
  setUpSeries,
  skipRun,
} from '../domain/scheduled-transfers'
import { approvedFrom } from '../domain/transfer-authorization'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'
import { loadCustomer } from '../views/customer'
import { messages as transferMessages } from './transfers'

/** Scheduled and repeating transfers (issue 20, docs/decisions/088). */
export const messages = {
  badDay: 'Enter a real date (YYYY-MM-DD).',
  notLater: 'Choose a date from tomorrow on: to send today, use Send now.',
  tooFar: (last: string) => `Choose dates within a year: until ${last} at the latest.`,
  oneEnd: 'Choose when the repeat ends: an end date, or a number of transfers.',
  endBeforeStart: 'The end date must be on or after the first date.',
  badCount: `Enter a number of transfers from 2 to ${maxRuns}.`,
  scheduled: (day: string) => `Transfer scheduled for ${day}.`,
  repeating: (count: number, first: string, last: string) =>
    `Repeating transfer set up: ${count} transfers from ${first} to ${last}.`,
  notAuthorized:
    'This transfer is not authorised: confirm it with your PIN (and the e-mailed code when asked) for this amount and payee.',
  skipped: (day: string) => `The transfer of ${day} is skipped; the others are still scheduled.`,
  cancelled: 'The scheduled transfer is cancelled: none of its upcoming transfers will be made.',
  missing: 'This scheduled transfer is no longer active. The list is shown again.',
  notARun: 'This scheduled transfer has no transfer on that date.',
  alreadyDone: 'The transfer of that date was already made or skipped.',
  past: 'That date has passed: only an upcoming transfer can be skipped.',
} as const

type PlanCheck = { ok: true; plan: RunPlan; days: string[] } | { ok: false; message: string }

/** The request's dates as a plan the horizon allows, or what is wrong with them. */
export function planFrom(
  input: { startsOn: string; repeat: Cadence; endsOn: string; runCount: string },
  now: Date,
): PlanCheck {
  const today = utcDayOf(now)
  const last = addDays(today, horizonDays)
  if (!isDay(input.startsOn)) return { ok: false, message: messages.badDay }
  if (input.startsOn <= today) return { ok: false, message: messages.notLater }
  if (input.startsOn > last) return { ok: false, message: messages.tooFar(last) }
  let plan: RunPlan = { cadence: 'once', startsOn: input.startsOn, endsOn: null, runCount: null }
  if (input.repeat !== 'once') {
    if ((input.endsOn === '') === (input.runCount === ''))
      return { ok: false, message: messages.oneEnd }
    if (input.endsOn !== '') {
      if (!isDay(input.endsOn)) return { ok: false, message: messages.badDay }
      if (input.endsOn < input.startsOn) return { ok: false, message: messages.endBeforeStart }
      if (input.endsOn > last) return { ok: false, message: messages.tooFar(last) }
    }
    const count = input.runCount === '' ? null : Number(input.runCount)
    if (count !== null && (count < 2 || count > maxRuns))
      return { ok: false, message: messages.badCount }
    plan = {
      cadence: input.repeat,
      startsOn: input.startsOn,
      endsOn: input.endsOn || null,
      runCount: count,
    }
  }
  const days = runDays(plan)
  const lastRun = days.at(-1) ?? input.startsOn
  if (lastRun > last) return { ok: false, message: messages.tooFar(last) }
  return { ok: true, plan, days }
}

export const scheduleTransfer: Handler<'scheduleTransfer'> = async ({ input, deps, session }) => {
  const { userId } = requireSession(session)
  const amount = parseAmount(input.amount)
  if (!amount) return { status: false, message: transferMessages.badAmount }
  const now = deps.now()
  const checked = planFrom(input, now)
  if (!checked.ok) return { status: false, message: checked.message }
  const customer = await loadCustomer(deps.db, userId)
  if (!isCurrencyOf(input.currency, customer.currencyCode))
    return { status: false, message: transferMessages.otherCurrency(customer.currencyCode) }
  const setUp = await setUpSeries(
    deps.db,
    {
      ...approvedFrom(input, amount, customer.currencyCode),
      userId,
      authorization: input.authorization,
      payeeKey: payeeKeyOf(input),
      note: input.note,
    },
    checked.plan,
    now,
  )
  if (!setUp.ok) return { status: false, message: messages.notAuthorized }
  const { days } = checked
  const message =
    days.length === 1
      ? messages.scheduled(checked.plan.startsOn)
      : messages.repeating(days.length, days[0] ?? '', days.at(-1) ?? '')
  return { status: true, message, id: setUp.id }
}

export const scheduledTransfers: Handler<'scheduledTransfers'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const series = await seriesOf(deps.db, userId)
  return {
    series: series.map(({ amount, cadence, ...rest }) => ({
      ...rest,
      amount: toDecimalString(amount),
      repeat: cadence,
      accountHolderName: rest.actHoldName,
      accountNumber: rest.actNo,
    })),
  }
}

function answerOf(change: SeriesChange, done: string) {
  if (change.ok) return { status: true, message: done }
  const reasons = {
    missing: messages.missing,
    'not-a-run': messages.notARun,
    'already-done': messages.alreadyDone,
    past: messages.past,
  } as const
  return { status: false, message: reasons[change.reason] }
}

export const skipScheduledRun: Handler<'skipScheduledRun'> = async ({ input, deps, session }) => {
  const { userId } = requireSession(session)
  if (!isDay(input.day)) return { status: false, message: messages.badDay }
  const change = await skipRun(
    deps.db,
    { userId, seriesId: Number(input.series), day: input.day },
    deps.now(),
  )
  return answerOf(change, messages.skipped(input.day))
}

export const cancelScheduledSeries: Handler<'cancelScheduledSeries'> = async ({
  input,
  deps,
  session,
}) => {
  const { userId } = requireSession(session)
  const change = await cancelSeries(deps.db, { userId, seriesId: Number(input.series) }, deps.now())
  return answerOf(change, messages.cancelled)
}
