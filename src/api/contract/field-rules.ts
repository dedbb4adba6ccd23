/**
 * The rules of the fields customers type, without valibot: the forms check with these on a
 * page's first load, while the contract (./fields.ts, loaded with the first call) builds its
 * schemas on them, so a form and the request it sends agree.
 */

/**
 * C0 controls except tab, line feed and carriage return, DEL and the C1 controls. PostgreSQL
 * refuses a NUL in text outright, and none of these belongs in a name, an address or a code.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
export const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/

/**
 * The rules of the fields customers type, once: the contract checks requests with them, the
 * machines check the forms with them, the server's handlers with them. The messages are what
 * the forms say (spec section 5); the contract's own messages (`must be 6 digits`) name the
 * field in a 400 answer.
 */
export const fieldRules = {
  /** The customer's secret for signing in (spec 5: 6 digits). */
  passcode: { digits: 6, message: 'Passcode must be 6 digits' },
  /** The transaction PIN (spec 5: 4 digits). */
  pin: { digits: 4, message: 'PIN must be 4 digits' },
  /** A code the bank e-mails: verification and reset. */
  code: { digits: 6, message: 'Enter the 6-digit code from the e-mail' },
  /** Spec 5: the e-mail must contain @; the contract's `email` (./fields.ts) is the full rule. */
  email: { maxLength: 254, message: "That doesn't look like an email address" },
  /** Spec 5 and 8: a new secret differing from its confirmation. */
  confirmation: { message: 'Password Mismatch' },
  /**
   * A phone number, the one rule of the KYC form and the profile: international (E.164) form,
   * + and the country code, 7 to 15 digits; spaces, dots, dashes and brackets are dropped.
   * `message` follows the field's label ("Phone number must be …").
   */
  phone: {
    example: '+15550100200',
    message: 'must be in international form: + and the country code, e.g. +15550100200',
  },
} as const

/** The largest file any upload may be (proofs, KYC documents, pictures): 5 MB. */
export const maxUploadBytes = 5 * 1024 * 1024

const pictureTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const

/**
 * What each kind of upload may be, as the server judges it by the bytes
 * (server/storage/uploads.ts builds its lists from these): a photo is a picture, a file (a
 * document, a proof of payment) a picture or a PDF. `names` is how the forms say it.
 */
export const uploadKinds = {
  photo: { types: pictureTypes, names: 'PNG, JPEG, GIF or WebP' },
  file: {
    types: [...pictureTypes, 'application/pdf'] as const,
    names: 'PNG, JPEG, GIF, WebP or PDF',
  },
} as const

export type UploadKind = keyof typeof uploadKinds

/** What a form says of a file it will not send (the spec's tone: 'Insufficient balance'). */
export const uploadMessages = {
  tooLarge: `File too large: at most ${maxUploadBytes / 1024 / 1024} MB`,
  empty: 'File is empty: choose another',
  wrongType: (kind: UploadKind) => `Wrong file type: ${uploadKinds[kind].names} only`,
} as const

/**
 * Why the form will not send `file` as an upload of `kind`, or null: its size, then its type
 * as the browser tells it (from the name; the server still judges the bytes).
 */
export function uploadProblem(file: File, kind: UploadKind): string | null {
  if (file.size === 0) return uploadMessages.empty
  if (file.size > maxUploadBytes) return uploadMessages.tooLarge
  if (!(uploadKinds[kind].types as readonly string[]).includes(file.type))
    return uploadMessages.wrongType(kind)
  return null
}

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

/** A phone number as it is kept: "+1 (555) 010-0200" is "+15550100200". */
export function normalisedPhone(value: string): string {
  return value.trim().replace(/[\s.()-]/g, '')
}

/** Whether a phone number (as typed) is in international form, once normalised. */
export function isPhoneNumber(value: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(normalisedPhone(value))
}

/** Exactly `count` digits, nothing else (no spaces). */
export function digitsPattern(count: number): RegExp {
  return new RegExp(`^\\d{${count}}$`)
}

export function isDigits(value: string, count: number): boolean {
  return digitsPattern(count).test(value)
}

/** Digits only, at most `max` of them: what a numeric secret field keeps of its input. */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max)
}

/**
 * valibot's `email()` pattern, which the contract's `email` applies; the forms test an address
 * with it without loading valibot (test/ui/call-failure.test.ts holds the two together).
 */
export const emailPattern = /^[\w+-]+(?:\.[\w+-]+)*@[\da-zA-Z]+(?:[.-][\da-zA-Z]+)*\.[a-zA-Z]{2,}$/u

/** An address the server will take (the contract's `email`), as a form checks it. */
export function isEmailAddress(value: string): boolean {
  const trimmed = value.trim()
  return (
    !controlCharacters.test(value) &&
    trimmed !== '' &&
    trimmed.length <= fieldRules.email.maxLength &&
    emailPattern.test(trimmed)
  )
}
