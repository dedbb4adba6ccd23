import { sessionEnded } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/** What `updatepin` can answer (convention: src/dev/outcomes/outcomes.ts). */
export const outcomes = {
  createTransferPin: [
    {
      label: 'PIN created',
      output: {
        ok: true,
        data: { status: true, message: 'Your transaction PIN has been successfully created' },
      },
    },
    {
      label: 'PIN created, no message',
      output: { ok: true, data: { status: true, message: '' } },
    },
    {
      label: 'refused: a PIN exists',
      output: {
        ok: true,
        data: {
          status: false,
          message: 'You already have a transaction PIN. To change it, go to Settings.',
        },
      },
    },
    {
      label: 'refused, no message',
      output: { ok: true, data: { status: false, message: '' } },
    },
    sessionEnded(),
    {
      label: 'not built yet (501)',
      output: { ok: false, reason: 'rejected', message: 'updatepin is not implemented yet.' },
    },
    { label: 'answer outside the contract', output: { ok: false, reason: 'unexpected' } },
    { label: 'network failure', output: { ok: false, reason: 'network' } },
    { label: 'client fault', error: new Error('the call threw') },
  ],
} as const satisfies FlowOutcomes
