import type { NotMeResult } from '#machines/not-me.machine'
import { callFailures, unexpectedAnswer } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/** What `notme` can answer, by label (docs/decisions/080). */
const answer = (result: NotMeResult) => result

export const reportOutcomes = {
  secured: {
    label: 'every device signed out, reset code sent',
    output: answer({
      ok: true,
      data: {
        status: true,
        message:
          'Every device signed in to your account is signed out. We have e-mailed you a code to choose a new passcode.',
        email: 'dana@meridian.example',
      },
    }),
  },
  refused: {
    label: 'link used or expired',
    output: answer({
      ok: true,
      data: {
        status: false,
        message:
          'This link does not work any more (it was used, or it is older than 7 days). If you think someone else signed in, reset your passcode.',
      },
    }),
  },
  rejected: {
    label: 'not a link of ours (400)',
    output: answer({
      ok: false,
      reason: 'rejected',
      message: 'The link must be the one in your e-mail.',
    }),
  },
} as const

export const outcomes: FlowOutcomes = {
  reportNotMe: [...Object.values(reportOutcomes), unexpectedAnswer(), ...callFailures('notme')],
}
