import type { FlowOutcomes } from './outcomes'

/** What `userforgot` (action=code) can answer (convention: src/machines/outcomes.ts). */
export const outcomes = {
  userforgot: [
    {
      label: 'code sent',
      output: {
        ok: true,
        data: { icon: 'success', message: 'We have e-mailed you a reset code and a link.' },
      },
    },
    {
      label: 'code sent, no message',
      output: { ok: true, data: { icon: 'success', message: '' } },
    },
    {
      label: 'refused',
      output: { ok: true, data: { icon: 'error', message: 'Too many requests, try later' } },
    },
    {
      label: 'refused, no message',
      output: { ok: true, data: { icon: 'error', message: '' } },
    },
    {
      label: 'not built yet (501)',
      output: { ok: false, reason: 'rejected', message: 'userforgot is not implemented yet' },
    },
    { label: 'network failure', output: { ok: false, reason: 'network' } },
    { label: 'client fault', error: new Error('the call threw') },
  ],
} as const satisfies FlowOutcomes
