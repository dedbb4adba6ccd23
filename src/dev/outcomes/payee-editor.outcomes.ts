import { clientFault, networkFailure, sessionEnded, unexpectedAnswer } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/**
 * What the payee book's calls (`payeeadd`, `payeeedit`, `payeeremove`) can answer (convention:
 * src/dev/outcomes/outcomes.ts).
 */
export const outcomes = {
  addPayee: [
    {
      label: 'added',
      output: {
        ok: true,
        data: {
          status: true,
          message:
            'Mum is in your payees. As for any new payee, your first transfer to them may ask for an extra confirmation.',
          id: 12,
        },
      },
    },
    {
      label: 'in the book already',
      output: {
        ok: true,
        data: {
          status: false,
          message: 'This SWIFT/BIC and account number is already in your payees, as Office.',
        },
      },
    },
    {
      label: 'book full',
      output: {
        ok: true,
        data: {
          status: false,
          message: 'Your payees are full (200). Remove one you no longer pay to add another.',
        },
      },
    },
    {
      label: 'rejected field (400)',
      output: {
        ok: false,
        reason: 'rejected',
        message: 'The SWIFT code must be a SWIFT/BIC code (8 or 11 characters).',
      },
    },
    sessionEnded(),
    unexpectedAnswer(),
    networkFailure(),
    clientFault(),
  ],
  editPayee: [
    {
      label: 'nickname saved',
      output: { ok: true, data: { status: true, message: 'Mum is saved.', id: 12 } },
    },
    {
      label: 'details changed',
      output: {
        ok: true,
        data: {
          status: true,
          message:
            'Mum is saved. As the account details changed, your next transfer to them counts as one to a new payee and may ask for an extra confirmation.',
          id: 12,
        },
      },
    },
    {
      label: 'payee gone',
      output: {
        ok: true,
        data: {
          status: false,
          message: 'This payee is not in your payees any more. The list is shown again.',
        },
      },
    },
    sessionEnded(),
    networkFailure(),
    clientFault(),
  ],
  removePayee: [
    {
      label: 'removed',
      output: {
        ok: true,
        data: {
          status: true,
          message:
            'Mum is removed from your payees. Your past transfers and receipts do not change.',
        },
      },
    },
    {
      label: 'payee gone',
      output: {
        ok: true,
        data: {
          status: false,
          message: 'This payee is not in your payees any more. The list is shown again.',
        },
      },
    },
    sessionEnded(),
    unexpectedAnswer(),
    networkFailure(),
    clientFault(),
  ],
} as const satisfies FlowOutcomes
