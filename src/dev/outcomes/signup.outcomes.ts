import { clientFault, networkFailure, notBuiltYet, unexpectedAnswer } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/** What `newuser` can answer (see src/dev/outcomes/outcomes.ts for the convention). */
export const outcomes = {
  signUp: [
    {
      label: 'account created',
      output: {
        ok: true,
        data: {
          error: false,
          message: 'Registration successful. We have sent a code to your e-mail.',
          data: { email: 'ada.lovelace@example.com' },
        },
      },
    },
    {
      label: 'account created, no message',
      output: { ok: true, data: { error: false, message: '' } },
    },
    {
      label: 'username taken',
      output: { ok: true, data: { error: true, message: 'This username is already taken' } },
    },
    {
      label: 'refused, no message',
      output: { ok: true, data: { error: true, message: '' } },
    },
    notBuiltYet('signUp'),
    unexpectedAnswer(),
    networkFailure(),
    clientFault(),
  ],
} as const satisfies FlowOutcomes
