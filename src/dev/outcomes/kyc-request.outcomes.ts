import { clientFault, networkFailure, sessionEnded, unexpectedAnswer } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/** What `requestkyc` can answer (convention: src/dev/outcomes/outcomes.ts). */
export const outcomes = {
  requestKycDocument: [
    {
      label: 'sent',
      output: {
        ok: true,
        data: {
          status: true,
          message:
            'Your verification request has been sent. We will let you know when it has been checked.',
        },
      },
    },
    {
      label: 'already pending',
      output: {
        ok: true,
        data: {
          status: false,
          message: 'Your verification request is already waiting for review.',
        },
      },
    },
    {
      label: 'document not accepted',
      output: {
        ok: true,
        data: {
          status: false,
          message: 'The document was not accepted: The file must be an image or a PDF.',
        },
      },
    },
    { label: 'refused, no message', output: { ok: true, data: { status: false, message: '' } } },
    sessionEnded(),
    unexpectedAnswer(),
    networkFailure(),
    clientFault(),
  ],
} as const satisfies FlowOutcomes
