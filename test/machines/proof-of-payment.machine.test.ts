import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type SnapshotFrom } from 'xstate'
import { networkFailureMessage } from '#api/call-failure'
import { transactionHashFormatNames, transactionHashFormats } from '#api/chain-rules'
import { uploadMessages } from '#api/upload-rules'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { outcomes } from '#dev/outcomes/proof-of-payment.outcomes'
import {
  entryErrors,
  fieldMessages,
  hashFormatSays,
  type ProofOfPaymentEntry,
  type ProofOfPaymentForm,
  proofOfPaymentForms,
  proofOfPaymentMachine,
  type RequestResult,
  requestFields,
} from '#machines/proof-of-payment.machine'
import { describeMachinePaths } from '../harness/generated-paths'
import { leftForLogin, recordSessionEnd } from './support/left-for-login'
import { outcomeLabel } from './support/outcome-label'

const proof = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'proof.png', {
  type: 'image/png',
})
const txHash = 'ab'.repeat(32)
const entry: ProofOfPaymentEntry = {
  choice: 'Gold',
  type: 'Bitcoin',
  amount: '250.5',
  txHash,
  hashFormat: 'hex64',
  proof,
}
const changedEntry: ProofOfPaymentEntry = { ...entry, amount: '99' }
const emptyEntry: ProofOfPaymentEntry = {
  choice: '',
  type: '',
  amount: '',
  txHash: '',
  hashFormat: 'hex64',
  proof: null,
}
/** Complete but for a proof the server would refuse: over 5 MB. */
const oversized = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'scan.pdf', {
  type: 'application/pdf',
})
const oversizedEntry: ProofOfPaymentEntry = { ...entry, amount: '12', proof: oversized }
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The toast after each answer that files nothing. */
const failureToast: Record<string, string> = {
  'refused: proof not accepted':
    'toast error: The proof of payment was not accepted: SVG files are not accepted',
  'refused, no message': 'toast error: Something went wrong!',
  'rejected field (400)': 'toast error: The amount must be an amount with at most 2 decimals.',
  'answer outside the contract': 'toast error: Something went wrong!',
  'network failure': `toast error: ${networkFailureMessage}`,
  'client fault': 'toast error: Something went wrong!',
}

for (const [name, form] of Object.entries(proofOfPaymentForms) as [string, ProofOfPaymentForm][]) {
  const effects: string[] = []
  const machine = proofOfPaymentMachine.provide({
    actions: {
      notify: (_, notice) => effects.push(`toast ${notice.tone}: ${notice.message}`),
      withdrawNotice: () => effects.push('withdraw toast'),
      refreshRequests: () => effects.push('refresh'),
      ...recordSessionEnd(effects),
    },
  })
  type Snapshot = SnapshotFrom<typeof machine>

  describe(`the ${name} form (${form.call})`, () => {
    describeMachinePaths(machine, {
      input: { form },
      events: () => [
        { type: 'SUBMIT', entry },
        { type: 'SUBMIT', entry: changedEntry },
        { type: 'SUBMIT', entry: emptyEntry },
        ...outcomeEvents(outcomes),
      ],
      states: {
        'form.editing': ({ context }: Snapshot) => {
          effects.length = 0
          expect(context).toEqual({
            form,
            attempt: null,
            fieldErrors: {},
            answer: null,
            filedCount: 0,
          })
        },
        'form.invalid': ({ context }: Snapshot, { event }) => {
          expect(event.type).toBe('SUBMIT')
          // The last attempt's toast goes: nothing stale beside the field messages.
          expect(effects.at(-1)).toBe('withdraw toast')
          expect(context.fieldErrors).toEqual(entryErrors(form, emptyEntry))
          expect(context.fieldErrors.type).toBe(fieldMessages.type)
          expect(context.fieldErrors.choice).toBe(
            form.choice ? fieldMessages[form.choice] : undefined,
          )
        },
        submitting: ({ context }: Snapshot, { event, previous, invocations }) => {
          const attempt = context.attempt
          expect(event.type).toBe('SUBMIT')
          expect(effects.at(-1)).toBe('withdraw toast')
          expect(attempt?.key).toMatch(uuid)
          expect(context.fieldErrors).toEqual({})
          const last = invocations.at(-1)
          expect(last).toEqual({
            src: 'fileRequest',
            id: 'fileRequest',
            input: {
              call: form.call,
              fields: requestFields(form, attempt?.entry ?? entry, attempt?.key ?? ''),
            },
          })
          // The same entry again after a failure is a retry: the same key, no second request.
          const before = previous?.context.attempt
          if (before && before.entry === attempt?.entry) expect(attempt.key).toBe(before.key)
          else expect(attempt?.key).not.toBe(before?.key)
        },
        'form.submitted': ({ context }: Snapshot, { event, previous }) => {
          expect(outcomeLabel(outcomes, event)).toBe('filed, pending')
          expect(effects.slice(-2)).toEqual(['toast warning: Payment Pending!', 'refresh'])
          expect(context.attempt).toBeNull()
          expect(context.filedCount).toBe((previous?.context.filedCount ?? 0) + 1)
        },
        'form.failed': ({ context }: Snapshot, { event, previous }) => {
          expect(effects.at(-1)).toBe(failureToast[outcomeLabel(outcomes, event)])
          // The attempt is kept for a retry; nothing was filed.
          expect(context.attempt).toEqual(previous?.context.attempt)
          expect(context.filedCount).toBe(previous?.context.filedCount)
        },
        leftForLogin: leftForLogin(outcomes, effects),
      },
    })
  })
}

describe('the fields each form sends', () => {
  it('names the proof and the choice as each call does, with the amount in wire form', () => {
    const key = 'k'.repeat(20)
    expect(requestFields(proofOfPaymentForms.deposit, entry, key)).toEqual({
      type: 'Bitcoin',
      amount: '250.50',
      txHash,
      depositPic: proof,
      idempotencyKey: key,
    })
    expect(requestFields(proofOfPaymentForms.payment, entry, key)).toMatchObject({
      purpose: 'Gold',
      depositPic: proof,
    })
    expect(requestFields(proofOfPaymentForms.fixedDeposit, entry, key)).toMatchObject({
      plan: 'Gold',
      fixedDepositPic: proof,
    })
    expect(requestFields(proofOfPaymentForms.upgrade, entry, key)).toMatchObject({
      plan: 'Gold',
      depositPic: proof,
    })
  })

  it('refuses amounts that are zero, negative or have more than 2 decimals', () => {
    for (const amount of ['0', '0.00', '-5', '1.234', 'abc', '1e3']) {
      expect(entryErrors(proofOfPaymentForms.deposit, { ...entry, amount }).amount).toBe(
        fieldMessages.amountMalformed,
      )
    }
    expect(entryErrors(proofOfPaymentForms.deposit, { ...entry, amount: '0.01' })).toEqual({})
  })

  it("asks for the payment's transaction hash, written as the chosen coin's chain writes it", () => {
    const hashError = (txHash: string, hashFormat: ProofOfPaymentEntry['hashFormat']) =>
      entryErrors(proofOfPaymentForms.payment, { ...entry, txHash, hashFormat }).txHash
    expect(hashError('', 'hex64')).toBe(fieldMessages.txHashMissing)
    expect(hashError(' ', 'hex64')).toBe(fieldMessages.txHashMissing)
    // Bitcoin and Tron: 64 hexadecimal characters; Ethereum: 0x before them.
    expect(hashError(` ${'AB'.repeat(32)} `, 'hex64')).toBeUndefined()
    expect(hashError(`0x${txHash}`, 'hex64')).toBe(
      'Enter the transaction hash as your wallet shows it: 64 characters, 0-9 and a-f',
    )
    expect(hashError(txHash, '0x-hex64')).toBe(
      'Enter the transaction hash as your wallet shows it: 0x, then 64 characters, 0-9 and a-f',
    )
    expect(hashError(`0x${txHash}`, '0x-hex64')).toBeUndefined()
    expect(hashError(txHash.slice(1), 'hex64-or-0x')).toBe(
      fieldMessages.txHashMalformed('hex64-or-0x'),
    )
    expect(hashError(`0x${txHash}`, 'hex64-or-0x')).toBeUndefined()
    expect(hashError(`${txHash.slice(1)}g`, 'hex64')).toBe(fieldMessages.txHashMalformed('hex64'))
  })

  it("describes each chain's hash in the contract's own words, in English", () => {
    for (const format of transactionHashFormatNames)
      expect(hashFormatSays(format)).toBe(transactionHashFormats[format].says)
  })

  it('refuses a proof the server would refuse: too large, empty, or of another type', () => {
    const proofError = (file: File) =>
      entryErrors(proofOfPaymentForms.fixedDeposit, { ...entry, proof: file }).proof
    expect(proofError(oversized)).toBe('File too large: at most 5 MB')
    expect(proofError(new File([], 'empty.png', { type: 'image/png' }))).toBe(uploadMessages.empty)
    expect(proofError(new File(['<svg/>'], 'proof.svg', { type: 'image/svg+xml' }))).toBe(
      'Wrong file type: PNG, JPEG, GIF, WebP or PDF only',
    )
    expect(proofError(new File(['%PDF'], 'proof.pdf', { type: 'application/pdf' }))).toBeUndefined()
    // Exactly 5 MB is still taken.
    const largest = new File([new Uint8Array(5 * 1024 * 1024)], 'scan.jpg', { type: 'image/jpeg' })
    expect(proofError(largest)).toBeUndefined()
  })

  it('sends once for a double click, and a retry of the same entry under the same key', async () => {
    const keys: unknown[] = []
    let answer: RequestResult = { ok: false, reason: 'network' }
    const actor = createActor(
      proofOfPaymentMachine.provide({
        actors: {
          fileRequest: fromPromise(async ({ input }) => {
            keys.push(input.fields.idempotencyKey)
            return answer
          }),
        },
      }),
      { input: { form: proofOfPaymentForms.deposit } },
    ).start()
    actor.send({ type: 'SUBMIT', entry })
    actor.send({ type: 'SUBMIT', entry })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(keys).toHaveLength(1)
    expect(actor.getSnapshot().matches({ form: 'failed' })).toBe(true)
    answer = { ok: true, data: { icon: 'success', message: 'received' } }
    actor.send({ type: 'SUBMIT', entry })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    expect(actor.getSnapshot().matches({ form: 'submitted' })).toBe(true)
    // A new request after a filed one is a new attempt.
    actor.send({ type: 'SUBMIT', entry })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(keys[2]).not.toBe(keys[0])
    actor.stop()
  })

  it("refuses a proof over 5 MB on the device, and the last request's 'Payment Pending!' goes", async () => {
    const effects: string[] = []
    const sent: unknown[] = []
    const actor = createActor(
      proofOfPaymentMachine.provide({
        actors: {
          fileRequest: fromPromise(async ({ input }) => {
            sent.push(input.fields.amount)
            return { ok: true, data: { icon: 'success', message: 'received' } } as const
          }),
        },
        actions: {
          notify: (_, notice) => effects.push(`toast ${notice.tone}: ${notice.message}`),
          withdrawNotice: () => effects.push('withdraw toast'),
        },
      }),
      { input: { form: proofOfPaymentForms.fixedDeposit } },
    ).start()
    actor.send({ type: 'SUBMIT', entry })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(effects).toEqual(['withdraw toast', 'toast warning: Payment Pending!'])
    actor.send({ type: 'SUBMIT', entry: oversizedEntry })
    expect(actor.getSnapshot().matches({ form: 'invalid' })).toBe(true)
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ proof: uploadMessages.tooLarge })
    expect(effects.at(-1)).toBe('withdraw toast')
    expect(sent).toEqual(['250.50'])
    actor.stop()
  })

  it('retries under the same key when the same file is read again as a new File object', async () => {
    const keys: unknown[] = []
    const actor = createActor(
      proofOfPaymentMachine.provide({
        actors: {
          fileRequest: fromPromise(async ({ input }) => {
            keys.push(input.fields.idempotencyKey)
            return { ok: false, reason: 'network' } as const
          }),
        },
      }),
      { input: { form: proofOfPaymentForms.deposit } },
    ).start()
    const copy = (file: File) =>
      new File([file], file.name, { type: file.type, lastModified: file.lastModified })
    actor.send({ type: 'SUBMIT', entry: { ...entry, proof: copy(proof) } })
    await new Promise((resolve) => setTimeout(resolve, 0))
    actor.send({ type: 'SUBMIT', entry: { ...entry, proof: copy(proof) } })
    await new Promise((resolve) => setTimeout(resolve, 0))
    // Another file under the same name is another request.
    const other = new File(['other bytes'], proof.name, { type: proof.type })
    actor.send({ type: 'SUBMIT', entry: { ...entry, proof: other } })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(keys).toHaveLength(3)
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).not.toBe(keys[0])
    actor.stop()
  })
})
