import { callFailures, iconAnswer } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/** What `userforgotpin` (action=reset) can answer (convention: src/dev/outcomes/outcomes.ts). */
export const outcomes = {
  userforgotpin: [
    iconAnswer('PIN reset', 'success', 'Your PIN has been changed'),
    iconAnswer('PIN reset, no message', 'success', ''),
    iconAnswer('wrong or expired code', 'error', 'Invalid or expired reset code'),
    iconAnswer('refused, no message', 'error', ''),
    ...callFailures('userforgotpin'),
  ],
} as const satisfies FlowOutcomes
