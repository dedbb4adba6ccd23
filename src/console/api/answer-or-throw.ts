import { networkFailureMessage } from '#api/call-failure'
import type { StaffCallName } from '#api/contract/staff'
import type { StaffCallResult } from './staff-client'

/**
 * A loader's data from a staff call's answer; anything else is thrown for the screen's error
 * view ("Try again"). An ended session has already opened the sign-in (staff-call.ts).
 */
export function answerOrThrow<N extends StaffCallName>(answer: StaffCallResult<N>) {
  if (answer.ok) return answer.data
  if (answer.reason === 'network') throw new Error(networkFailureMessage)
  throw new Error(answer.message ?? 'This page could not be shown.')
}
