import { clientFault, networkFailure, sessionEnded, unexpectedAnswer } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/** The authorization id confirmmypin answers in these outcomes. */
export const sampleAuthorization = 'AuthZ_sample_0123456789abcdef'

const stepUpNotice = {
  head: 'Transfer Authorization Code',
  body: 'We e-mailed you a code for this transfer to a new payee. Enter it to continue.',
}

/** What `confirmmypin`, `confirmtpin` and `newtrs` can answer (convention: src/dev/outcomes/outcomes.ts). */
export const outcomes = {
  confirmTransferPin: [
    {
      label: 'PIN right, no step-up',
      output: {
        ok: true,
        data: {
          status: true,
          message: 'PIN confirmed',
          stepUp: null,
          authorization: sampleAuthorization,
        },
      },
    },
    {
      label: 'PIN right, step-up code e-mailed',
      output: {
        ok: true,
        data: {
          status: true,
          message: 'PIN confirmed',
          stepUp: stepUpNotice,
          authorization: sampleAuthorization,
        },
      },
    },
    {
      label: 'wrong PIN, tries left',
      output: {
        ok: true,
        data: {
          status: false,
          message: 'Incorrect PIN. 4 tries left.',
          stepUp: null,
          triesLeft: 4,
        },
      },
    },
    {
      label: 'transfers blocked',
      output: {
        ok: true,
        data: {
          status: false,
          message: 'Too many wrong PINs. Transfers are blocked until 14:30.',
          stepUp: null,
          blocked_until: '2026-11-22T14:30:00.000Z',
        },
      },
    },
    sessionEnded(),
    unexpectedAnswer(),
    networkFailure(),
    clientFault(),
  ],
  confirmTransferCode: [
    {
      label: 'code right',
      output: { ok: true, data: { status: true, message: 'Code confirmed' } },
    },
    {
      label: 'wrong code, tries left',
      output: {
        ok: true,
        data: { status: false, message: 'That code is not right. 4 tries left.', triesLeft: 4 },
      },
    },
    sessionEnded(),
    unexpectedAnswer(),
    networkFailure(),
    clientFault(),
  ],
  submitTransfer: [
    {
      label: 'transfer submitted',
      output: {
        ok: true,
        data: {
          icon: 'success',
          message: 'Transfer Submitted',
          bank: 'Harbor Bank',
          accountHolderName: 'Ada Payee',
          amount: '25.00',
          currency: '$',
          date: '2026-11-22T18:00:00.000Z',
        },
      },
    },
    {
      label: 'insufficient balance',
      output: { ok: true, data: { icon: 'error', message: 'Insufficient balance' } },
    },
    sessionEnded(),
    unexpectedAnswer(),
    networkFailure(),
    clientFault(),
  ],
} as const satisfies FlowOutcomes
