import type { CallResult } from '#api/client'
import type { PasskeyCreationOptions } from '#machines/passkey-enrolment.machine'
import { callFailures, sessionEnded, unexpectedAnswer } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/** What adding a passkey's calls and the browser can give, by label (decision 081). */
const options = <R extends CallResult<'passkeyRegistrationOptions'>>(result: R) => result
const added = <R extends CallResult<'addPasskey'>>(result: R) => result

export const sampleCreationOptions: PasskeyCreationOptions = {
  challenge: 'cmVnaXN0ZXItY2hhbGxlbmdl',
  rp: { id: 'meridian.example', name: 'Meridian Bank' },
  user: { id: 'Y3VzdG9tZXItMQ', name: 'dana@meridian.example', displayName: 'Dana Morgan' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
}

export const optionsOutcomes = {
  options: {
    label: 'passcode right, creation options',
    output: options({
      ok: true,
      data: { status: true, message: 'Passcode confirmed.', options: sampleCreationOptions },
    }),
  },
  wrongPasscode: {
    label: 'wrong passcode, tries left',
    output: options({
      ok: true,
      data: {
        status: false,
        message: 'The passcode is wrong. 4 attempts left before a 15-minute block.',
        attemptsLeft: 4,
      },
    }),
  },
} as const

export const creationOutcomes = {
  created: { label: 'the browser made the passkey', output: '{"id":"new-cred"}' as string },
  cancelled: {
    label: 'the customer cancelled (or no authenticator)',
    error: new Error('NotAllowedError'),
  },
} as const

export const addOutcomes = {
  added: {
    label: 'passkey added',
    output: added({
      ok: true,
      data: {
        status: true,
        message: 'Your passkey is added. You can sign in and approve transfers with it.',
      },
    }),
  },
  known: {
    label: 'passkey added already',
    output: added({ ok: true, data: { status: false, message: 'This passkey is added already.' } }),
  },
} as const

/** Whether the browser offers Secure Payment Confirmation (decision 082). */
export const paymentOfferOutcomes = {
  offered: { label: 'the browser offers payment passkeys', output: true },
  notOffered: { label: 'no payment dialog in this browser', output: false },
  failed: { label: 'the browser’s check failed', error: new Error('SecurityError') },
} as const

export const outcomes: FlowOutcomes = {
  paymentPasskeysOffered: Object.values(paymentOfferOutcomes),
  passkeyRegistrationOptions: [
    ...Object.values(optionsOutcomes),
    sessionEnded(),
    unexpectedAnswer(),
    ...callFailures('passkeynew'),
  ],
  passkeyCreation: Object.values(creationOutcomes),
  addPasskey: [
    ...Object.values(addOutcomes),
    sessionEnded(),
    unexpectedAnswer(),
    ...callFailures('passkeyadd'),
  ],
}
