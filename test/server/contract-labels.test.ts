import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { type CallDefinition, callNames, calls } from '#api/contract'
import { fieldLabel, refusalSentences, requestObjects } from '#api/contract/labels'

/**
 * A refused request is told in the customer's words (issue 21, item 5): every field of every
 * call carries a label, and what a refusal says names fields by their labels, never by their
 * wire names or the call's.
 */

const fieldsOf = (definition: CallDefinition) => [
  ...new Set(requestObjects(definition).flatMap((entries) => Object.keys(entries))),
]

/** Wire names that are not plain words: snake_case, camelCase, or a call's name or marker. */
const wireNames = new Set<string>([
  ...callNames,
  ...callNames.map((name) => calls[name].wire),
  ...callNames.flatMap((name) => fieldsOf(calls[name])).filter((field) => /[_A-Z]/.test(field)),
])

const bigFile = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' })
/** Values that break some rule of most fields. */
const badValues: unknown[] = ['', ' ', 'a\u0000b', 'x'.repeat(2001), 'not valid!', bigFile, '-1']

describe('the labels of the contract', () => {
  it('every request field of every call has a label', () => {
    const missing = callNames.flatMap((name) =>
      fieldsOf(calls[name])
        .filter((field) => !fieldLabel(calls[name], field))
        .map((field) => `${name}.${field}`),
    )
    expect(missing).toEqual([])
  })

  it('no label names a wire field or a call, and each starts as a sentence does', () => {
    for (const name of callNames)
      for (const field of fieldsOf(calls[name])) {
        const label = fieldLabel(calls[name], field) ?? ''
        expect(label, `${name}.${field}`).toMatch(/^[A-Z]/)
        for (const word of label.split(/[^\w]+/))
          expect(wireNames.has(word), `${name}.${field}: ${label}`).toBe(false)
      }
  })

  it('a refusal of any field is customer sentences: no wire name, no call name', () => {
    for (const name of callNames) {
      const definition: CallDefinition = calls[name]
      for (const field of fieldsOf(definition))
        for (const bad of [undefined, ...badValues]) {
          // A file where text belongs never reaches the schema: the dispatcher refuses it first.
          if (bad instanceof File && !definition.files?.includes(field)) continue
          const input: Record<string, unknown> = Object.fromEntries(
            fieldsOf(definition).map((other) => [other, 'x']),
          )
          if (bad === undefined) delete input[field]
          else input[field] = bad
          const parsed = v.safeParse(definition.request, input)
          if (parsed.success) continue
          const said = refusalSentences(definition, parsed.issues)
          expect(said, `${name}.${field} = ${String(bad).slice(0, 20)}`).toMatch(/^[A-Z].*\.$/)
          for (const word of said.split(/[^\w]+/))
            expect(wireNames.has(word), `${name}: ${said}`).toBe(false)
          expect(said).not.toMatch(/Invalid (type|request)/)
        }
    }
  })

  it('says the proof of payment is too large as a customer reads it', () => {
    const parsed = v.safeParse(calls.submitFixedDeposit.request, {
      plan: '12 months at 5.2%',
      type: 'Bitcoin (BTC)',
      amount: '10',
      fixedDepositPic: bigFile,
      idempotency_key: 'k'.repeat(20),
    })
    expect(parsed.success).toBe(false)
    if (!parsed.success)
      expect(refusalSentences(calls.submitFixedDeposit, parsed.issues)).toContain(
        'The proof of payment must be at most 5 MB.',
      )
  })
})
