import type { FlowOutcomes } from './outcomes'

/** What `userforgotpin` (action=reset) can answer (convention: src/machines/outcomes.ts). */
export const outcomes = {
  userforgotpin: [
    {
      label: 'PIN reset',
      output: { ok: true, data: { icon: 'success', message: 'Your PIN has been changed' } },
    },
    {
      label: 'PIN reset, no message',
      output: { ok: true, data: { icon: 'success', message: '' } },
    },
    {
      label: 'wrong or expired code',
      output: { ok: true, data: { icon: 'error', message: 'Invalid or expired reset code' } },
    },
    {
      label: 'refused, no message',
      output: { ok: true, data: { icon: 'error', message: '' } },
    },
    {
      label: 'not built yet (501)',
      output: { ok: false, reason: 'rejected', message: 'userforgotpin is not implemented yet' },
    },
    { label: 'network failure', output: { ok: false, reason: 'network' } },
    { label: 'client fault', error: new Error('the call threw') },
  ],
} as const satisfies FlowOutcomes
