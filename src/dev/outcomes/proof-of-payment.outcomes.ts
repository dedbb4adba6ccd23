import { clientFault, networkFailure, sessionEnded, unexpectedAnswer } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/**
 * What the form's call (`newcd`, `newmpc`, `newfdc` or `newupgrade`, invoked as `fileRequest`)
 * can answer (convention: src/dev/outcomes/outcomes.ts).
 */
export const outcomes = {
  fileRequest: [
    {
      label: 'filed, pending',
      output: {
        ok: true,
        data: {
          icon: 'success',
          message: 'Your request was received. It is pending until we have checked your payment.',
        },
      },
    },
    {
      label: 'refused: proof not accepted',
      output: {
        ok: true,
        data: {
          icon: 'error',
          message: 'The proof of payment was not accepted: SVG files are not accepted',
        },
      },
    },
    {
      label: 'refused, no message',
      output: { ok: true, data: { icon: 'error', message: '' } },
    },
    {
      label: 'rejected field (400)',
      output: {
        ok: false,
        reason: 'rejected',
        message: 'The amount must be an amount with at most 2 decimals.',
      },
    },
    sessionEnded(),
    unexpectedAnswer(),
    networkFailure(),
    clientFault(),
  ],
} as const satisfies FlowOutcomes
