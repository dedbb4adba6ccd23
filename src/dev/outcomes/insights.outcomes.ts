import { clientFault, networkFailure, sessionEnded, unexpectedAnswer } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

const nothing = { moneyIn: '0.00', moneyOut: '0.00', linesIn: 0, linesOut: 0 }

/** December 2025 to November 2026, as the server answers them: oldest first. */
const monthNames = [
  '2025-12',
  ...Array.from({ length: 11 }, (_, index) => `2026-${String(index + 1).padStart(2, '0')}`),
]

const months = (figures: Record<string, Partial<typeof nothing>>) =>
  monthNames.map((month) => ({ month, ...nothing, ...figures[month] }))

/** What `insights` can answer (convention: src/dev/outcomes/outcomes.ts). */
export const outcomes = {
  insights: [
    {
      label: 'figures, the current month split by type',
      output: {
        ok: true,
        data: {
          currency: '$',
          month: '2026-11',
          months: months({
            '2026-09': { moneyIn: '2500.00', linesIn: 1, moneyOut: '900.00', linesOut: 1 },
            '2026-11': { moneyIn: '1525.51', linesIn: 3, moneyOut: '1201.00', linesOut: 3 },
          }),
          types: [
            { type: 'Deposit', moneyIn: '1525.50', moneyOut: '0.00', linesIn: 2, linesOut: 0 },
            {
              type: 'Fixed Deposit',
              moneyIn: '0.00',
              moneyOut: '1000.00',
              linesIn: 0,
              linesOut: 1,
            },
            { type: 'Bank Transfer', moneyIn: '0.00', moneyOut: '200.01', linesIn: 0, linesOut: 1 },
            { type: 'Correction', moneyIn: '0.01', moneyOut: '0.99', linesIn: 1, linesOut: 1 },
          ],
        },
      },
    },
    {
      label: 'figures, a chosen month with nothing',
      output: {
        ok: true,
        data: {
          currency: '$',
          month: '2026-05',
          months: months({ '2026-09': { moneyIn: '2500.00', linesIn: 1 } }),
          types: [],
        },
      },
    },
    {
      label: 'no lines in the 12 months',
      output: {
        ok: true,
        data: { currency: '$', month: '2026-11', months: months({}), types: [] },
      },
    },
    {
      label: 'refused: a month outside the 12',
      output: {
        ok: false,
        reason: 'rejected',
        message: 'The month must be one of the last 12 months.',
      },
    },
    sessionEnded(),
    unexpectedAnswer(),
    networkFailure(),
    clientFault(),
  ],
} as const satisfies FlowOutcomes
