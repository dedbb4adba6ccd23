import type { DecisionRequest, DecisionResult } from '#machines/staff-decision.machine'
import { staffCall } from '../api/staff-call'
import type { StaffCallFields } from '../api/staff-client'

/** Each queue's decision call, and how it names the statechart's two verdicts on the wire. */
const verdictWords = {
  kycdecide: { accept: 'approve', refuse: 'decline' },
  kycrequestdecide: { accept: 'approve', refuse: 'decline' },
  requestdecide: { accept: 'confirm', refuse: 'decline' },
  transferdecide: { accept: 'settle', refuse: 'fail' },
  approvaldecide: { accept: 'approve', refuse: 'reject' },
} as const

/** Asking a customer with no documents on file for them: one verdict, a refusal, on the customer. */
const askForDocuments = 'kycaskfordocuments'

export type DecisionCall = keyof typeof verdictWords | typeof askForDocuments

/** The `decide` a screen gives the staff-decision statechart: its queue's call, made for one item. */
export const decideWith =
  (call: DecisionCall) =>
  ({ itemId, verdict, reason }: DecisionRequest): Promise<DecisionResult> => {
    if (call === askForDocuments) return staffCall(call, { customer_id: String(itemId), reason })
    const id = String(itemId)
    const decision = verdictWords[call][verdict]
    const fields = verdict === 'accept' ? { id, decision } : { id, decision, reason }
    return staffCall(call, fields as StaffCallFields<typeof call>)
  }
