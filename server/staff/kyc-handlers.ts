import {
  askForDocuments,
  decideKycRequestAs,
  decideKycSubmission,
  listKycRequests,
  listKycSubmissions,
  openKycCase,
} from '../domain/kyc-cases'
import { changeAnswer, idOf, readAnswer } from './answers'
import { actorOf, requireStaffSession, type StaffHandlers } from './handler'

/** The KYC queue's calls (src/api/contract/staff/kyc.ts): one task each, with the person. */

const decisionOf = (input: { decision: 'approve' } | { decision: 'decline'; reason: string }) =>
  input.decision === 'approve'
    ? ({ approve: true } as const)
    : ({ approve: false, reason: input.reason } as const)

export const kycHandlers = {
  async kyclist({ input, deps, session }) {
    return readAnswer(
      await listKycSubmissions(deps.db, actorOf(requireStaffSession(session)), input),
    )
  },

  async kyccase({ input, deps, session }) {
    return readAnswer(
      await openKycCase(deps, actorOf(requireStaffSession(session)), idOf(input.id)),
    )
  },

  async kycdecide({ input, deps, session }) {
    const decided = await decideKycSubmission(
      deps,
      actorOf(requireStaffSession(session)),
      { submissionId: idOf(input.id) },
      decisionOf(input),
    )
    if (decided.ok) deps.mailQueued()
    return changeAnswer(decided, ({ email }) =>
      input.decision === 'approve'
        ? `${email} is verified.`
        : `${email} is declined; they are told why.`,
    )
  },

  async kycaskfordocuments({ input, deps, session }) {
    const asked = await askForDocuments(
      deps,
      actorOf(requireStaffSession(session)),
      idOf(input.customer_id),
      input.reason,
    )
    if (asked.ok) deps.mailQueued()
    return changeAnswer(
      asked,
      ({ email }) => `${email} is asked by e-mail to send their documents.`,
    )
  },

  async kycrequestlist({ input, deps, session }) {
    return readAnswer(await listKycRequests(deps.db, actorOf(requireStaffSession(session)), input))
  },

  async kycrequestdecide({ input, deps, session }) {
    const decided = await decideKycRequestAs(
      deps,
      actorOf(requireStaffSession(session)),
      idOf(input.id),
      decisionOf(input),
    )
    return changeAnswer(
      decided,
      ({ email }) =>
        `KYC request ${input.id} of ${email} is ${input.decision === 'approve' ? 'approved' : 'declined'}.`,
    )
  },
} satisfies Partial<StaffHandlers>
