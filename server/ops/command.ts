import { parseAmount } from '#api/money'
import type { Database } from '../db/database'
import type { StaffActor, TaskOutcome } from '../domain/staff'
import { terminalActor } from '../domain/staff-tasks'

/** Who runs a command (`--as`, docs/decisions/068), and what the staff tasks need besides. */
export interface OpsContext {
  actor: StaffActor
  /** The portal's public address, for links in e-mails (an enrolment link). */
  publicUrl: string
}

export interface OpsCommand {
  usage: string
  summary: string
  /** Changes nothing: not written to the audit log, unless it reads customers' data. */
  readOnly?: boolean
  /**
   * Reads customers' personal data or money: written to the audit log under the command's name
   * with its words, outcome 'read', as the console's reads are (docs/decisions/098).
   */
  readsCustomers?: true
  /**
   * Returns the text to print; throws an Error whose message is shown to the operator. `context`
   * names the acting person; commands that are staff tasks need it, the others may ignore it.
   */
  run(db: Database, args: string[], now: Date, context?: OpsContext): Promise<string>
}

/**
 * The acting person and the task functions' deps of a command (docs/decisions/072): the person
 * `--as` named, or the terminal when run without a context (allowed only before any staff).
 */
export const taskContext = (db: Database, now: Date, context: OpsContext | undefined) => ({
  deps: { db, now: () => now, publicUrl: context?.publicUrl ?? 'http://127.0.0.1:8080' },
  actor: context?.actor ?? terminalActor,
})

/** A task's outcome as a command's: its refusal is the error the operator is shown. */
export function doneOrThrow<T>(outcome: TaskOutcome<T>): T {
  if (!outcome.ok) throw new Error(outcome.message)
  return outcome
}

/** Rows as tab-separated lines, or (none). */
export const table = (rows: Record<string, unknown>[]) =>
  rows.length === 0
    ? '(none)'
    : rows
        .map((row) =>
          Object.values(row)
            .map((value) => (value instanceof Date ? value.toISOString() : String(value)))
            .join('\t'),
        )
        .join('\n')

/** The e-mail argument, normalised as the portal stores it; an error when it is missing. */
export function emailArgument(value: string | undefined): string {
  const email = value?.trim().toLowerCase()
  if (!email?.includes('@')) throw new Error('Give the customer’s e-mail address.')
  return email
}

/** An amount as typed, more than 0.00, in minor units; an error naming the argument otherwise. */
export function amountArgument(value: string | undefined, what = 'the amount'): number {
  const amount = value === undefined ? null : parseAmount(value.trim())
  if (amount === null || amount <= 0)
    throw new Error(`Give ${what} as a number with at most 2 decimals, more than 0.00 (50.00).`)
  return amount
}
