import { clientFault, networkFailure, sessionEnded, unexpectedAnswer } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/** What `mnotificationar` can answer (convention: src/machines/outcomes.ts). */
export const outcomes = {
  mnotificationar: [
    {
      label: 'marked as read',
      output: { ok: true, data: { status: true, message: 'Marked as read' } },
    },
    {
      label: 'marked, no message',
      output: { ok: true, data: { status: true, message: '' } },
    },
    {
      label: 'refused: already read, missing or not yours',
      output: { ok: true, data: { status: false, message: 'Something went wrong!' } },
    },
    {
      label: 'refused, no message',
      output: { ok: true, data: { status: false, message: '' } },
    },
    sessionEnded(),
    unexpectedAnswer(),
    networkFailure(),
    clientFault(),
  ],
} as const satisfies FlowOutcomes
