import type { TransactionHashFormat } from '#api/chain-rules'
import type { ProofOfPaymentEntry } from '#machines/proof-of-payment.machine'

/** A chosen file, or null for an input left empty (the browser sends an empty, nameless file). */
function chosenFile(value: FormDataEntryValue | null): File | null {
  if (!(value instanceof File)) return null
  return value.size > 0 || value.name !== '' ? value : null
}

function text(value: FormDataEntryValue | null): string {
  return typeof value === 'string' ? value : ''
}

/**
 * What a proof-of-payment form holds, as the SUBMIT event carries it, with the chosen coin's
 * hash format; the machine checks it.
 */
export function readProofOfPaymentEntry(
  data: FormData,
  proofField: string,
  hashFormat: TransactionHashFormat,
): ProofOfPaymentEntry {
  return {
    choice: text(data.get('choice')),
    type: text(data.get('type')),
    amount: text(data.get('amount')),
    txHash: text(data.get('txHash')),
    hashFormat,
    proof: chosenFile(data.get(proofField)),
  }
}
