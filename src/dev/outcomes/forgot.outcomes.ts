import { callFailures, iconAnswer } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/** What `userforgot` (action=code) can answer (convention: src/dev/outcomes/outcomes.ts). */
export const outcomes = {
  resetPasscode: [
    iconAnswer('code sent', 'success', 'We have e-mailed you a reset code and a link.'),
    iconAnswer('code sent, no message', 'success', ''),
    iconAnswer('refused', 'error', 'Too many requests, try later'),
    iconAnswer('refused, no message', 'error', ''),
    ...callFailures('resetPasscode'),
  ],
} as const satisfies FlowOutcomes
