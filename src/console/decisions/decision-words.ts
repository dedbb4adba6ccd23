import { kycDeclineReasons } from '#api/contract/staff/kyc'

/** How one queue names its two verdicts and says what each does (the dialog's words). */
export interface DecisionWords {
  /** "Approve", "Confirm", "Settle". */
  accept: string
  /** "Decline", "Fail". */
  refuse: string
  /** What accepting does, in the confirmation: "The customer is verified and told so." */
  acceptEffect: string
  /** What refusing does: "The customer is told the reason and asked to submit again." */
  refuseEffect: string
  /** Reasons offered for a refusal; the person may write their own instead. */
  reasons: readonly string[]
}

export const kycSubmissionWords: DecisionWords = {
  accept: 'Approve',
  refuse: 'Decline',
  acceptEffect: 'The customer is verified and can use their account; they are told by e-mail.',
  refuseEffect: 'The customer is told the reason by e-mail and asked to submit again.',
  reasons: kycDeclineReasons,
}

/** A customer waiting for review with no documents on file: the one verdict is to ask for them. */
export const kycNoDocumentsWords: DecisionWords = {
  accept: 'Approve',
  refuse: 'Ask for documents',
  acceptEffect: 'Nothing is on file to approve.',
  refuseEffect:
    'The review is declined: the customer is told the reason by e-mail and asked to submit their documents.',
  reasons: ['No identity document is on file: please submit your document and a photo of you.'],
}

export const kycRequestWords: DecisionWords = {
  accept: 'Approve',
  refuse: 'Decline',
  acceptEffect: 'The request is approved; the customer gets a notification.',
  refuseEffect: 'The request is declined; the customer’s notification gives the reason.',
  reasons: kycDeclineReasons,
}

export const fundingRequestWords: DecisionWords = {
  accept: 'Confirm',
  refuse: 'Decline',
  acceptEffect:
    'Only once the payment is found on the chain: a deposit is credited, a payment recorded, a fixed deposit started or a plan changed. The customer is told.',
  refuseEffect: 'The request is declined; the customer is told the reason.',
  reasons: [
    'No payment with this transaction hash was found on the chain.',
    'The amount received is not the amount claimed.',
    'The payment went to another address.',
    'The proof of payment is not readable.',
  ],
}

export const transferWords: DecisionWords = {
  accept: 'Settle',
  refuse: 'Fail',
  acceptEffect: 'The transfer arrived: its amount and charge are posted, and the customer is told.',
  refuseEffect:
    'The transfer did not go through: its hold is released (nothing leaves the account), and the customer is told the reason.',
  reasons: [
    'The payee’s bank returned the transfer.',
    'The account number is not valid at the payee’s bank.',
    'The payee’s name does not match the account.',
  ],
}

export const approvalWords: DecisionWords = {
  accept: 'Approve',
  refuse: 'Reject',
  acceptEffect:
    'The decision applies now, once: the deposit is credited, the transfer settled, the correction posted or the freeze lifted, and the customer is told.',
  refuseEffect:
    'Nothing applies: a request or transfer waits in its queue again, a proposed change is dropped. The maker reads your reason.',
  reasons: [
    'The payment was not found on the chain.',
    'The amount does not match what the bank received.',
    'The payee needs to be checked with the customer first.',
  ],
}
