import { clientFault, networkFailure, sessionEnded } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/** What a download can answer (convention: src/dev/outcomes/outcomes.ts). */
export const outcomes = {
  download: [
    {
      label: 'the file',
      output: {
        ok: true,
        blob: new Blob(['%PDF-1.3\n'], { type: 'application/pdf' }),
        filename: 'statement_start_to_2025-03-07.pdf',
      },
    },
    {
      label: 'refused: not found',
      output: { ok: false, reason: 'rejected', message: 'Receipt not found.' },
    },
    {
      label: 'refused, no message',
      output: { ok: false, reason: 'rejected' },
    },
    sessionEnded(),
    networkFailure(),
    clientFault(),
  ],
} as const satisfies FlowOutcomes
