import type { FlowOutcomes } from './outcomes'

/** What `verifyuser` and `resendconfirmcode` can answer (convention: src/machines/outcomes.ts). */
export const outcomes = {
  verifyuser: [
    {
      label: 'not verified: KYC form',
      output: {
        ok: true,
        data: {
          error: false,
          message: 'Email verified successfully',
          verification_status: 'Not Verified',
          jwt: 'kyc-token-not-verified',
        },
      },
    },
    {
      label: 'declined: KYC form',
      output: {
        ok: true,
        data: {
          error: false,
          message: 'Email verified successfully',
          verification_status: 'Declined',
          jwt: 'kyc-token-declined',
        },
      },
    },
    {
      label: 'pending: KYC review',
      output: {
        ok: true,
        data: {
          error: false,
          message: 'Email verified successfully',
          verification_status: 'Pending Verification',
          jwt: 'kyc-token-pending',
        },
      },
    },
    {
      label: 'verified: dashboard',
      output: {
        ok: true,
        data: {
          error: false,
          message: 'Welcome aboard',
          verification_status: 'Verified',
          jwt: 'session-token',
        },
      },
    },
    {
      label: 'verified, no message: dashboard',
      output: { ok: true, data: { error: false, message: '', jwt: 'session-token-2' } },
    },
    {
      label: 'verified without a token: login',
      output: {
        ok: true,
        data: { error: false, message: 'Email verified', verification_status: 'Verified' },
      },
    },
    {
      label: 'wrong code',
      output: { ok: true, data: { error: true, message: 'Invalid verification code' } },
    },
    {
      label: 'refused, no message',
      output: { ok: true, data: { error: true, message: '' } },
    },
    {
      label: 'not built yet (501)',
      output: { ok: false, reason: 'rejected', message: 'verifyuser is not implemented yet' },
    },
    { label: 'network failure', output: { ok: false, reason: 'network' } },
    { label: 'client fault', error: new Error('the call threw') },
  ],
  resendconfirmcode: [
    {
      label: 'code sent',
      output: { ok: true, data: { status: true, message: 'A new code is on its way' } },
    },
    {
      label: 'too soon',
      output: {
        ok: true,
        data: { status: false, message: 'Please wait before asking for another code' },
      },
    },
    {
      label: 'refused, no message',
      output: { ok: true, data: { status: false, message: '' } },
    },
    {
      label: 'not built yet (501)',
      output: {
        ok: false,
        reason: 'rejected',
        message: 'resendconfirmcode is not implemented yet',
      },
    },
    { label: 'network failure', output: { ok: false, reason: 'network' } },
    { label: 'client fault', error: new Error('the call threw') },
  ],
} as const satisfies FlowOutcomes
