/**
 * Transaction hashes on the coins' chains (docs/decisions/066), for the request forms and the
 * server alike. Apart from the forms' field rules (./contract/field-rules.ts), so that only the
 * request forms load them.
 */

/**
 * How a coin's transaction hash is written (`coin_types.tx_hash_format`): the hash of the
 * customer's payment on the chain, which the bank looks up in the coin's explorer. Bitcoin's and
 * Tron's are 64 hexadecimal characters; Ethereum's (and other EVM chains') the same after "0x".
 * A coin whose format the bank has not set takes either. `says` is how the forms describe it.
 * Kept as the 64 characters in lower case, without "0x" (`canonicalHash`).
 */
export const transactionHashFormats = {
  hex64: { pattern: /^[0-9a-fA-F]{64}$/, says: '64 characters, 0-9 and a-f' },
  '0x-hex64': { pattern: /^0x[0-9a-fA-F]{64}$/, says: '0x, then 64 characters, 0-9 and a-f' },
  'hex64-or-0x': {
    pattern: /^(0x)?[0-9a-fA-F]{64}$/,
    says: '64 characters, 0-9 and a-f (0x before them or not)',
  },
} as const

export type TransactionHashFormat = keyof typeof transactionHashFormats

export const transactionHashFormatNames = Object.keys(
  transactionHashFormats,
) as TransactionHashFormat[]

export function isTransactionHashFormat(name: string): name is TransactionHashFormat {
  return Object.hasOwn(transactionHashFormats, name)
}

/** Whether `text` (as typed, spaces around it ignored) is a hash in `format`. */
export function isTransactionHash(text: string, format: TransactionHashFormat): boolean {
  return transactionHashFormats[format].pattern.test(text.trim())
}

/** A hash as the bank keeps it: its 64 characters in lower case, without "0x". */
export function canonicalHash(text: string): string {
  return text.trim().toLowerCase().replace(/^0x/, '')
}

/** A kept hash as the coin's chain writes it (with "0x" for an EVM chain). */
export function chainHash(hash: string, format: TransactionHashFormat): string {
  return format === '0x-hex64' ? `0x${hash}` : hash
}
