import { clientFault, networkFailure, sessionEnded, unexpectedAnswer } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/** What `updateemail` and `confirmemail` can answer (convention: src/dev/outcomes/outcomes.ts). */
export const outcomes = {
  requestEmailChange: [
    {
      label: 'code sent',
      output: {
        ok: true,
        data: { status: true, message: 'We have sent a 6-digit code to new@example.com.' },
      },
    },
    {
      label: 'refused: already yours',
      output: {
        ok: true,
        data: { status: false, message: 'This is already your e-mail address.' },
      },
    },
    { label: 'refused, no message', output: { ok: true, data: { status: false, message: '' } } },
    sessionEnded(),
    unexpectedAnswer(),
    networkFailure(),
    clientFault(),
  ],
  confirmEmailChange: [
    {
      label: 'confirmed',
      output: {
        ok: true,
        data: {
          status: true,
          message: 'Your e-mail address has been changed.',
          email: 'new@example.com',
        },
      },
    },
    {
      label: 'wrong code',
      output: {
        ok: true,
        data: {
          status: false,
          message:
            'Invalid or expired code. Check the code in your latest e-mail, or ask for a new one.',
        },
      },
    },
    sessionEnded(),
    unexpectedAnswer(),
    networkFailure(),
    clientFault(),
  ],
} as const satisfies FlowOutcomes
