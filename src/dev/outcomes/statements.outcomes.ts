import { clientFault, networkFailure, sessionEnded, unexpectedAnswer } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

const row = (receiptId: string, direction: 'credit' | 'debit', date: string) => ({
  name: direction === 'credit' ? 'Salary' : 'Rent',
  date,
  amount: direction === 'credit' ? '2500.00' : '900.00',
  charge: direction === 'credit' ? null : '90.00',
  direction,
  status: direction === 'credit' ? 'successful' : 'in_progress',
  receiptId,
  bank: direction === 'credit' ? null : 'First Bank',
  accountHolderName: direction === 'credit' ? null : 'Lee Landlord',
  accountNumber: direction === 'credit' ? null : '0123456789',
  country: direction === 'credit' ? null : 'United Kingdom',
  type: direction === 'credit' ? 'Deposit' : 'Bank Transfer',
  status2: null,
})

/** What `getstatement2` can answer (convention: src/dev/outcomes/outcomes.ts). */
export const outcomes = {
  statementPage: [
    {
      label: 'a page, more to come',
      output: {
        ok: true,
        data: {
          transactions: [
            row('rcpt-0001', 'credit', '2025-03-07T10:00:00.000Z'),
            row('rcpt-0002', 'debit', '2025-03-06T09:30:00.000Z'),
          ],
          currency: '$',
          nextCursor: 'MjAyNS0wMy0wNg',
        },
      },
    },
    {
      label: 'the last page',
      output: {
        ok: true,
        data: {
          transactions: [row('rcpt-0003', 'debit', '2025-03-01T08:00:00.000Z')],
          currency: '$',
          nextCursor: null,
        },
      },
    },
    {
      label: 'no transactions',
      output: { ok: true, data: { transactions: [], currency: '$', nextCursor: null } },
    },
    {
      label: 'refused: a cursor or filter the server does not accept',
      output: {
        ok: false,
        reason: 'rejected',
        message: 'The page marker must come from the previous page.',
      },
    },
    sessionEnded(),
    unexpectedAnswer(),
    networkFailure(),
    clientFault(),
  ],
} as const satisfies FlowOutcomes
