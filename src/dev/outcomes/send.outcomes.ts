import { clientFault, networkFailure, sessionEnded, unexpectedAnswer } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/** The authorization id confirmmypin answers in these outcomes. */
export const sampleAuthorization = 'AuthZ_sample_0123456789abcdef'

const stepUpNotice = {
  head: 'Transfer Authorization Code',
  body: 'We e-mailed you a code for this transfer to a new payee. Enter it to continue.',
}

const passkeyNotice = {
  head: 'Approve with your passkey',
  body: 'This is a new payee, so approve this transfer with your passkey. It approves this amount and payee only.',
}

/** The options confirmmypin gives a customer with a passkey (decision 081). */
export const samplePasskeyOptions = {
  challenge: 'ZGVyaXZlZC1mcm9tLXRoZS1hdXRob3Jpc2F0aW9u',
  rpId: 'meridian.example',
  allowCredentials: [{ id: 'cred-1', type: 'public-key', transports: ['internal'] }],
  userVerification: 'required' as const,
}

/** What the browser's payment dialog shows, for a customer with a payment passkey (082). */
export const samplePayment = {
  credentialIds: ['cred-1'],
  payeeName: 'Ada Payee (account ending 6819)',
  total: { currency: 'USD', value: '25.00' },
  instrument: {
    displayName: 'Meridian Bank account ending 4321',
    icon: 'https://meridian.example/wp-user/favicon.svg',
  },
}

/** The browser's answer in these outcomes (the JSON text the server reads). */
export const samplePasskeyAnswer = '{"id":"cred-1"}' as string

/** What `confirmmypin`, `confirmtpin`, `newtrs` and `trsschedule` can answer (convention: src/dev/outcomes/outcomes.ts). */
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
      label: 'PIN right, approve with the passkey',
      output: {
        ok: true,
        data: {
          status: true,
          message: 'PIN confirmed',
          stepUp: passkeyNotice,
          authorization: sampleAuthorization,
          passkey: samplePasskeyOptions,
        },
      },
    },
    {
      label: 'PIN right, approve with the payment passkey',
      output: {
        ok: true,
        data: {
          status: true,
          message: 'PIN confirmed',
          stepUp: passkeyNotice,
          authorization: sampleAuthorization,
          passkey: samplePasskeyOptions,
          payment: samplePayment,
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
          blockedUntil: '2026-11-22T14:30:00.000Z',
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
  passkeyApproval: [
    { label: 'the browser’s passkey answered', output: samplePasskeyAnswer },
    { label: 'the customer cancelled (or no passkey)', error: new Error('NotAllowedError') },
  ],
  paymentDialogOffered: [
    { label: 'the browser offers its payment dialog', output: true },
    { label: 'no payment dialog in this browser', output: false },
    { label: 'the browser’s check failed', error: new Error('SecurityError') },
  ],
  paymentConfirmation: [
    { label: 'the payment dialog approved', output: samplePasskeyAnswer },
    {
      label: 'the customer closed the payment dialog',
      error: new DOMException('User closed the Payment Request UI.', 'AbortError'),
    },
    {
      label: 'the payment dialog failed',
      error: new DOMException(
        'The operation either timed out or was not allowed.',
        'NotAllowedError',
      ),
    },
  ],
  confirmTransferPasskey: [
    {
      label: 'passkey approved',
      output: { ok: true, data: { status: true, message: 'Transfer approved with your passkey.' } },
    },
    {
      label: 'passkey for another amount or payee',
      output: {
        ok: true,
        data: {
          status: false,
          message:
            'This approval is for a different amount or payee. Start the transfer again to approve what you see.',
        },
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
  scheduleTransfer: [
    {
      label: 'transfer scheduled',
      output: {
        ok: true,
        data: { status: true, message: 'Transfer scheduled for 2026-11-23.', id: 7 },
      },
    },
    {
      label: 'date refused',
      output: {
        ok: true,
        data: {
          status: false,
          message: 'Choose a date from tomorrow on: to send today, use Send now.',
        },
      },
    },
    sessionEnded(),
    unexpectedAnswer(),
    networkFailure(),
    clientFault(),
  ],
} as const satisfies FlowOutcomes
