import {
  clientFault,
  iconAnswer,
  networkFailure,
  sessionEnded,
  unexpectedAnswer,
} from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/**
 * What the form's call (`updatepwd`, `supdatepin`, `userforgotpin`, `updateprofile` or
 * `updatepic`, invoked as `saveSettings`) can answer (convention: src/dev/outcomes/outcomes.ts).
 */
export const outcomes = {
  saveSettings: [
    {
      label: 'saved',
      output: {
        ok: true,
        data: { status: true, message: 'Your transaction PIN has been changed.' },
      },
    },
    iconAnswer('reset link sent', 'success', 'Check your Email for further instructions.'),
    {
      label: 'wrong current secret, tries left',
      output: {
        ok: true,
        data: {
          status: false,
          message: 'The current passcode is wrong. 3 attempts left before a 15-minute block.',
          attemptsLeft: 3,
        },
      },
    },
    {
      label: 'blocked',
      output: {
        ok: true,
        data: {
          status: false,
          message: 'Too many failed attempts. Try again in 15 minutes (at 10:15 UTC).',
          blockedUntil: '2026-11-22T10:15:00.000Z',
        },
      },
    },
    {
      label: 'refused: Password Mismatch',
      output: { ok: true, data: { status: false, message: 'Password Mismatch' } },
    },
    { label: 'refused, no message', output: { ok: true, data: { status: false, message: '' } } },
    iconAnswer('reset refused', 'error', ''),
    {
      label: 'rejected field (400)',
      output: {
        ok: false,
        reason: 'rejected',
        message: 'Your date of birth must be in the past, at least 18 years ago.',
      },
    },
    sessionEnded(),
    unexpectedAnswer(),
    networkFailure(),
    clientFault(),
  ],
} as const satisfies FlowOutcomes
