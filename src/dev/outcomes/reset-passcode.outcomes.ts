import { callFailures, iconAnswer, resendCodeOutcomes } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/**
 * What `userforgot` (action=reset) and `resendforgotcode` can answer (convention:
 * src/dev/outcomes/outcomes.ts).
 */
export const outcomes = {
  userforgot: [
    iconAnswer('passcode reset', 'success', 'Password changed successfully'),
    iconAnswer('passcode reset, no message', 'success', ''),
    iconAnswer('wrong or expired code', 'error', 'Invalid or expired reset code'),
    iconAnswer('refused, no message', 'error', ''),
    ...callFailures('userforgot'),
  ],
  resendforgotcode: resendCodeOutcomes('resendforgotcode'),
} as const satisfies FlowOutcomes
