import { callFailures, iconAnswer, resendCodeOutcomes } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/**
 * What the reset call (`userforgot` or `userforgotpin` with action=reset, invoked as
 * `resetSecret`) and `resendforgotcode` can answer (convention: src/dev/outcomes/outcomes.ts).
 */
export const outcomes = {
  resetSecret: [
    iconAnswer('passcode reset', 'success', 'Password changed successfully'),
    iconAnswer('PIN reset', 'success', 'Your PIN has been changed'),
    iconAnswer('reset, no message', 'success', ''),
    iconAnswer('wrong or expired code', 'error', 'Invalid or expired reset code'),
    iconAnswer('refused, no message', 'error', ''),
    ...callFailures('resetPasscode'),
  ],
  resendPasscodeResetCode: resendCodeOutcomes('resendPasscodeResetCode'),
} as const satisfies FlowOutcomes
