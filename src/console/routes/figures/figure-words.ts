import type { StaffCallResponse } from '#api/contract/staff'

/** Names of the figures as the page, the table and the CSV say them (docs/decisions/076). */

export type Figures = StaffCallResponse<'figures'>
export type DayFigures = Figures['series'][number]
type TallyKey =
  | 'deposits'
  | 'payments'
  | 'fixed_deposits'
  | 'transfers_settled'
  | 'transfers_failed'

/**
 * The day's counted figures, in the order shown: `label` on the day's tiles, `column` the
 * period table's shorter header (its caption names them in full), `noun` counts one of them.
 */
export const tallies: readonly {
  key: TallyKey
  label: string
  column: string
  noun: [string, string]
  /** The count's noun under its column, where the header says the rest. */
  columnNoun?: [string, string]
}[] = [
  {
    key: 'deposits',
    label: 'Deposits confirmed',
    column: 'Deposits',
    noun: ['deposit', 'deposits'],
  },
  {
    key: 'payments',
    label: 'Payments confirmed',
    column: 'Payments',
    noun: ['payment', 'payments'],
  },
  {
    key: 'fixed_deposits',
    label: 'Fixed deposits confirmed',
    column: 'Fixed deposits',
    noun: ['fixed deposit', 'fixed deposits'],
    columnNoun: ['deposit', 'deposits'],
  },
  {
    key: 'transfers_settled',
    label: 'Transfers settled',
    column: 'Settled',
    noun: ['transfer', 'transfers'],
  },
  {
    key: 'transfers_failed',
    label: 'Transfers failed',
    column: 'Failed',
    noun: ['transfer', 'transfers'],
  },
]

export const countOf = (count: number, [one, many]: [string, string]) =>
  `${count} ${count === 1 ? one : many}`

/** The bank's own accounts (server/db/ledger.ts, bankAccountCodes), in words. */
const bankAccountNames: Record<string, string> = {
  'bank:received': 'Received from outside',
  'bank:transfers-out': 'Transfers on their way out',
  'bank:fees': 'Service charges earned',
  'bank:payments': 'Payments to the bank',
  'bank:interest': 'Interest paid',
}

export const bankAccountName = (code: string) => bankAccountNames[code] ?? code
