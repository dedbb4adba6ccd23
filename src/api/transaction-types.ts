/**
 * The statement line types the portal words by itself; every other line shows its name. A
 * manual correction by the bank (docs/decisions/079) is neither a payment nor a transfer: its
 * line reads "Correction: <reason>", and its receipt is a receipt of its own, on the screen and
 * in the PDF alike.
 */
export const correctionType = 'Correction'

/** A correction's statement line: the reason the customer reads. */
export const correctionLine = (reason: string) => `${correctionType}: ${reason}`

export type ReceiptKind = 'payment' | 'transfer' | 'correction'

/** Which receipt a line has: a correction's, a credit's Payment receipt, a debit's Transfer one. */
export const receiptKindOf = (line: {
  type: string
  direction: 'credit' | 'debit'
}): ReceiptKind =>
  line.type === correctionType ? 'correction' : line.direction === 'credit' ? 'payment' : 'transfer'

export const receiptTitles: Record<ReceiptKind, string> = {
  payment: 'Payment receipt',
  transfer: 'Transfer receipt',
  correction: 'Correction receipt',
}

/** A correction's "Transaction type" on its receipt: "Correction (credit)". */
export const correctionTypeWords = (direction: 'credit' | 'debit') =>
  `${correctionType} (${direction})`
