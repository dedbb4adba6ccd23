import type { FlowOutcomes } from './outcomes'

/**
 * What `userforgot` (action=reset) and `resendforgotcode` can answer (convention:
 * src/machines/outcomes.ts).
 */
export const outcomes = {
  userforgot: [
    {
      label: 'passcode reset',
      output: { ok: true, data: { icon: 'success', message: 'Password changed successfully' } },
    },
    {
      label: 'passcode reset, no message',
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
      output: { ok: false, reason: 'rejected', message: 'userforgot is not implemented yet' },
    },
    { label: 'network failure', output: { ok: false, reason: 'network' } },
    { label: 'client fault', error: new Error('the call threw') },
  ],
  resendforgotcode: [
    {
      label: 'code sent',
      output: { ok: true, data: { status: true, message: 'A new code is on its way' } },
    },
    {
      label: 'too soon',
      output: {
        ok: true,
        data: { status: false, message: 'Please wait before asking for another code' },
      },
    },
    { label: 'refused, no message', output: { ok: true, data: { status: false, message: '' } } },
    {
      label: 'not built yet (501)',
      output: { ok: false, reason: 'rejected', message: 'resendforgotcode is not implemented yet' },
    },
    { label: 'network failure', output: { ok: false, reason: 'network' } },
    { label: 'client fault', error: new Error('the call threw') },
  ],
} as const satisfies FlowOutcomes
