import { clientFault, networkFailure, sessionEnded, unexpectedAnswer } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/**
 * What a queue's decision call (`kycdecide`, `requestdecide`, `transferdecide`, invoked as
 * `decide`) can answer (convention: src/dev/outcomes/outcomes.ts).
 */
export const outcomes = {
  decide: [
    {
      label: 'decided',
      output: { ok: true, data: { status: true, message: 'Request 41 is confirmed.' } },
    },
    {
      label: 'decided by someone else first',
      output: {
        ok: true,
        data: { status: false, message: 'Ana Ruiz confirmed this request at 14:03.' },
      },
    },
    {
      label: 'not your role (403)',
      output: { ok: false, reason: 'rejected', message: 'Your roles do not allow this.' },
    },
    unexpectedAnswer(),
    sessionEnded(),
    networkFailure(),
    clientFault(),
  ],
} satisfies FlowOutcomes
