import type { CallResult } from '../../../api/client'
import { failureMessage } from '../../-components/call-failure'

export const invalidCredentials = 'Invalid Credentials'
export const welcomeBack = 'Welcome Back'

export type LookupOutcome =
  | { kind: 'failed'; message: string }
  | { kind: 'found'; fullname: string; picture: string | null; admin: boolean }

/** Login step 1: the e-mail is known (name and picture to show) or the alert's message. */
export function lookupOutcome(result: CallResult<'iduser'>): LookupOutcome {
  if (!result.ok) return { kind: 'failed', message: failureMessage(result, invalidCredentials) }
  const { error, message, user, role } = result.data
  if (error || !user) return { kind: 'failed', message: message || invalidCredentials }
  return { kind: 'found', fullname: user.fullname, picture: user.picture, admin: role === 'admin' }
}

export type LoginOutcome =
  | { kind: 'failed'; message: string }
  | { kind: 'signed-in'; token: string; message: string }
  /** Verification, KYC, an account notice or the admin area: a later release routes these. */
  | { kind: 'needs-step'; message: string }

/** Login step 2: a session for the dashboard, an error, or a step this screen cannot take yet. */
export function loginOutcome(result: CallResult<'userlogin'>): LoginOutcome {
  if (!result.ok) return { kind: 'failed', message: failureMessage(result, invalidCredentials) }
  const answer = result.data
  if (answer.error) return { kind: 'failed', message: answer.message || invalidCredentials }
  const needsStep =
    answer.verified === false ||
    answer.role === 'admin' ||
    answer.ismsg === true ||
    (answer.verification_status !== undefined && answer.verification_status !== 'Verified')
  if (needsStep || !answer.jwt) {
    return {
      kind: 'needs-step',
      message: answer.message || 'Your account needs another step before you can sign in here.',
    }
  }
  return { kind: 'signed-in', token: answer.jwt, message: answer.message || welcomeBack }
}
