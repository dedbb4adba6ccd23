import { describe, expect, it } from 'vitest'
import { spanishOf, wordsIn } from '#api/words'
import { spanishWords } from '#api/words-es'
import { answerIn } from '#server/rpc/answer-words'
import { customerTexts } from '../support/customer-texts'

/**
 * The server's and the contract's English in Spanish (docs/decisions/091). The texts are read
 * from the source (test/support/customer-texts.ts: the customer's call handlers, the session
 * and load refusals, the shared contract's labels and rules, the upload checks), each value of a
 * template standing as "V".
 */

/**
 * Texts whose values choose their words ("minute" or "minutes", a reason or none, a sentence of
 * its own): each form as the table has it.
 */
const writtenForms: Record<string, string[]> = {
  'The passcode is wrong. V': ['The passcode is wrong. 2 attempts left before a 15-minute block.'],
  'We could not accept your documentV Please send a new request.': [
    'We could not accept your document. Please send a new request.',
    'We could not accept your document: blurred. Please send a new request.',
  ],
  'Your V request of V was declined.V': [
    'Your deposit request of $5.00 was declined.',
    'Your upgrade request of $5.00 was declined. Reason: no payment arrived.',
  ],
  'Too many failed attempts. Try again in V minuteV (at V UTC).': [
    'Too many failed attempts. Try again in 1 minute (at 10:05 UTC).',
    'Too many failed attempts. Try again in 14 minutes (at 10:05 UTC).',
  ],
  'V attemptV left before a V-minute block.': [
    '1 attempt left before a 15-minute block.',
    '3 attempts left before a 15-minute block.',
  ],
  'V other V signed out.': ['1 other device was signed out.', '2 other devices were signed out.'],
  'Incorrect PIN. V V left before transfers are blocked.': [
    'Incorrect PIN. 1 try left before transfers are blocked.',
    'Incorrect PIN. 2 tries left before transfers are blocked.',
  ],
  'This code was sent for a different amount or payee. V V left.': [
    'This code was sent for a different amount or payee. 1 try left.',
    'This code was sent for a different amount or payee. 2 tries left.',
  ],
  'Incorrect code. V V left.': ['Incorrect code. 1 try left.', 'Incorrect code. 4 tries left.'],
}

/** Literals that read as words but are data: values on the wire or names, never translated. */
const notWords = new Set([
  'Not Verified', // a verification status, a value of the wire (sign-in-answer.ts)
  'Pending Verification', // the same
  'Civil partnership', // a marital status, a value of the wire (profile-fields.ts)
  'Bank Transfer', // a transaction type the transfers list reads by
  'V on V', // a device in the security log: the browser's and the system's names
])

describe('the Spanish of the server and the contract', () => {
  const texts = customerTexts()

  it('finds the texts it checks (the reading of the source works)', () => {
    expect(texts.length).toBeGreaterThan(200)
    expect(texts.map((found) => found.text)).toContain('Invalid Credentials')
    expect(texts.map((found) => found.text)).toContain('must be at most V MB')
  })

  it('has Spanish for every text a customer call or the contract answers with', () => {
    const missing = texts
      .filter(({ text }) => !notWords.has(text))
      .flatMap(({ text, file, line }) =>
        (writtenForms[text] ?? [text])
          .filter((form) => spanishOf(form) === null)
          .map((form) => `${file}:${line} ${JSON.stringify(form)}`),
      )
    expect(missing).toEqual([])
  })

  it('keeps every value of a template in its Spanish, and adds none', () => {
    const names = (text: string) => [...text.matchAll(/\{\w+\}/g)].map(([name]) => name).sort()
    const lost = Object.entries(spanishWords).filter(
      ([english, spanish]) => names(english).join() !== names(spanish).join(),
    )
    expect(lost).toEqual([])
  })

  it('leaves English exactly as written, and a text it does not know as it is', () => {
    for (const { text } of texts) expect(wordsIn('en', text)).toBe(text)
    expect(wordsIn('es', 'Dana Smith')).toBe('Dana Smith')
  })

  it('writes a composed answer in Spanish: refusal sentences, tries left, amounts', () => {
    expect(
      wordsIn('es', 'The proof of payment must be at most 5 MB. The amount is required.'),
    ).toBe(
      'El comprobante de pago debe ocupar como máximo 5 MB. El importe es un dato obligatorio.',
    )
    expect(wordsIn('es', 'The passcode is wrong. 2 attempts left before a 15-minute block.')).toBe(
      'El código de acceso no es correcto. Le quedan 2 intentos antes de un bloqueo de 15 minutos.',
    )
    expect(wordsIn('es', 'Your transfer of $1,234.50 to Jane Roe is in progress.')).toBe(
      'Su transferencia de 1.234,50\u00a0$ a Jane Roe está en curso.',
    )
    expect(wordsIn('es', 'Dana is saved.')).toBe('Dana se ha guardado.')
  })

  it("an answer's words fields are written in Spanish at any depth, its data fields never", () => {
    const answer = {
      status: true,
      message: 'PIN confirmed.',
      stepUp: { head: 'Transfer Authorization Code', body: 'This is a new payee' },
      email: 'Invalid Credentials',
      notifications: [
        { title: 'Transfer Submitted', body: 'Dana Smith', id: 'Insufficient balance' },
      ],
    }
    expect(answerIn('es', answer)).toEqual({
      status: true,
      message: 'PIN confirmado.',
      stepUp: { head: 'Código de autorización de transferencia', body: 'Es un beneficiario nuevo' },
      email: 'Invalid Credentials',
      notifications: [
        { title: 'Transferencia enviada', body: 'Dana Smith', id: 'Insufficient balance' },
      ],
    })
    expect(answerIn('en', answer)).toBe(answer)
  })
})
