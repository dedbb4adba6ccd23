import { callFailures, resendCodeOutcomes } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/** What `verifyuser` and `resendconfirmcode` can answer (convention: src/dev/outcomes/outcomes.ts). */
export const outcomes = {
  verifyEmail: [
    {
      label: 'not verified: KYC form',
      output: {
        ok: true,
        data: {
          error: false,
          message: 'Email verified successfully',
          verificationStatus: 'Not Verified',
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
          verificationStatus: 'Declined',
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
          verificationStatus: 'Pending Verification',
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
          verificationStatus: 'Verified',
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
        data: { error: false, message: 'Email verified', verificationStatus: 'Verified' },
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
    ...callFailures('verifyEmail'),
  ],
  resendVerificationCode: resendCodeOutcomes('resendVerificationCode'),
} as const satisfies FlowOutcomes
