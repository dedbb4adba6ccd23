import type { StaffCallResponse } from '#api/contract/staff'
import { toDecimalString } from '#api/money'
import { type DailyFigures, dailyFigures, type Tally } from '../domain/daily-figures'
import { readAnswer } from './answers'
import { actorOf, requireStaffSession, type StaffHandlers } from './handler'

/** The bank's daily figures (figures.ts in the staff contract, docs/decisions/076). */

const tallyAnswer = (tally: Tally) => ({ count: tally.count, sum: toDecimalString(tally.sum) })

export function figuresAnswer(figures: DailyFigures): StaffCallResponse<'figures'> {
  const { reconciliation } = figures
  return {
    day: figures.day,
    days: figures.days,
    as_of: figures.asOf.toISOString(),
    currency: figures.currency,
    series: figures.series.map((day) => ({
      day: day.day,
      deposits: tallyAnswer(day.deposits),
      payments: tallyAnswer(day.payments),
      fixed_deposits: tallyAnswer(day.fixedDeposits),
      transfers_settled: tallyAnswer(day.transfersSettled),
      transfers_failed: tallyAnswer(day.transfersFailed),
      fees: toDecimalString(day.fees),
    })),
    queues: figures.queues,
    reconciliation: reconciliation && {
      checked_at: reconciliation.checkedAt.toISOString(),
      took_ms: reconciliation.tookMs,
      customers: {
        accounts: reconciliation.customers.accounts,
        balance: toDecimalString(reconciliation.customers.balance),
        held: toDecimalString(reconciliation.customers.held),
      },
      fixed_deposits: {
        accounts: reconciliation.fixedDeposits.accounts,
        balance: toDecimalString(reconciliation.fixedDeposits.balance),
      },
      bank_accounts: reconciliation.bankAccounts.map((account) => ({
        code: account.code,
        total: toDecimalString(account.total),
      })),
      difference: toDecimalString(reconciliation.difference),
    },
  }
}

export const figureHandlers = {
  async figures({ input, deps, session }) {
    const outcome = await dailyFigures(
      deps.db,
      actorOf(requireStaffSession(session)),
      { day: input.day, days: input.days },
      deps.now(),
    )
    return readAnswer(outcome.ok ? { ok: true, answer: figuresAnswer(outcome.figures) } : outcome)
  },
} satisfies Partial<StaffHandlers>
