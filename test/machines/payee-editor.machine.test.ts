import { expect } from 'vitest'
import type { SnapshotFrom } from 'xstate'
import { genericFailureMessage } from '#api/call-failure'
import type { Notice } from '#api/notice'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { outcomes } from '#dev/outcomes/payee-editor.outcomes'
import { payeeEditorMachine } from '#machines/payee-editor.machine'
import { type BookPayee, type PayeeEntry, payeeEntryErrors } from '#machines/payee-entry'
import { describeMachinePaths } from '../harness/generated-paths'
import { failureNotices } from './support/failure-notices'
import { leftForLogin, recordSessionEnd } from './support/left-for-login'
import { outcomeLabel } from './support/outcome-label'

const effects: string[] = []
const machine = payeeEditorMachine.provide({
  actions: { refreshBook: () => effects.push('refresh'), ...recordSessionEnd(effects) },
})
type Snapshot = SnapshotFrom<typeof machine>

const mum: BookPayee = {
  id: 12,
  nickname: 'Mum',
  bank: 'Harbor Savings',
  swiftCode: 'HRBSGB2L',
  routingNumber: '021000089',
  country: 'United Kingdom',
  accountNumber: 'GB29NWBK60161331926819',
  accountHolderName: 'Ada Lovelace',
  currency: 'USD',
  unpaidDetails: false,
}

const valid: PayeeEntry = {
  nickname: ' Mum ',
  accountHolderName: 'Ada Lovelace',
  bank: 'Harbor Savings',
  swiftCode: 'hrbsgb2l',
  accountNumber: 'GB29 NWBK 6016 1331 9268 19',
  routingNumber: '021000089',
  country: 'United Kingdom',
}

const invalid: PayeeEntry = {
  ...valid,
  nickname: 'x'.repeat(41),
  swiftCode: 'NOPE',
  accountHolderName: ' ',
}

/** The notice after each outcome that changes nothing, by outcome label. */
function refusal(event: { type: string }): Notice {
  const actor = event.type.split('.').at(-1) ?? ''
  const byLabel: Record<string, Notice> = {
    'in the book already': {
      tone: 'error',
      message: 'This SWIFT/BIC and account number is already in your payees, as Office.',
    },
    'book full': {
      tone: 'error',
      message: 'Your payees are full (200). Remove one you no longer pay to add another.',
    },
    'payee gone': {
      tone: 'error',
      message: 'This payee is not in your payees any more. The list is shown again.',
    },
    'rejected field (400)': {
      tone: 'error',
      message: 'The SWIFT code must be a SWIFT/BIC code (8 or 11 characters).',
    },
    'answer outside the contract': { tone: 'error', message: genericFailureMessage },
    ...failureNotices(actor, genericFailureMessage),
  }
  const notice = byLabel[outcomeLabel(outcomes, event)]
  if (!notice) throw new Error(`no notice expected after ${outcomeLabel(outcomes, event)}`)
  return notice
}

describeMachinePaths(machine, {
  events: () => [
    { type: 'ADD' },
    { type: 'EDIT', payee: mum },
    { type: 'REMOVE', payee: mum },
    { type: 'SUBMIT', entry: valid },
    { type: 'SUBMIT', entry: invalid },
    { type: 'CONFIRM' },
    { type: 'CANCEL' },
    ...outcomeEvents(outcomes),
  ],
  states: {
    idle: ({ context }: Snapshot, { event, previous }) => {
      expect(context).toMatchObject({ payee: null, entry: null })
      if (event.type.startsWith('xstate.done.actor.')) {
        const label = outcomeLabel(outcomes, event)
        // A change made, or a payee already gone: the book is read again.
        expect(effects.at(-1)).toBe('refresh')
        if (label === 'payee gone') expect(context.notice).toEqual(refusal(event))
        else
          expect(context.notice).toEqual({
            tone: 'success',
            message: (event as unknown as { output: { data: { message: string } } }).output.data
              .message,
          })
      } else {
        // The start, or Cancel: nothing is said.
        expect(context.notice).toBeNull()
        if (previous === undefined) effects.length = 0
        else expect(event.type).toBe('CANCEL')
      }
    },
    'form.entering': ({ context }: Snapshot, { event }) => {
      expect(context.payee).toEqual(event.type === 'EDIT' ? mum : null)
      expect(context).toMatchObject({ entry: null, fieldErrors: {}, notice: null })
    },
    'form.invalid': ({ context }: Snapshot) => {
      expect(context.fieldErrors).toEqual({
        nickname: 'Nickname must be at most 40 characters',
        swiftCode: 'Swift Code must be a SWIFT/BIC code (8 or 11 characters)',
        accountHolderName: 'Account Holder Name is required',
      })
      expect(context.fieldErrors).toEqual(payeeEntryErrors(invalid))
      expect(context.entry).toBe(invalid)
      expect(context.notice).toBeNull()
    },
    'form.failed': ({ context }: Snapshot, { event }) => {
      expect(context.notice).toEqual(refusal(event))
      // The entry stays for another try.
      expect(context.entry).toBe(valid)
    },
    adding: ({ context }: Snapshot, { invocations }) => {
      expect(context.payee).toBeNull()
      expect(invocations.at(-1)).toEqual({ src: 'addPayee', id: 'addPayee', input: valid })
    },
    changing: ({ context }: Snapshot, { invocations }) => {
      expect(context.payee).toBe(mum)
      expect(invocations.at(-1)).toEqual({
        src: 'editPayee',
        id: 'editPayee',
        input: { payee: '12', ...valid },
      })
    },
    'confirmingRemoval.asking': ({ context }: Snapshot) => {
      expect(context).toMatchObject({ payee: mum, notice: null })
    },
    'confirmingRemoval.failed': ({ context }: Snapshot, { event }) => {
      expect(context.payee).toBe(mum)
      expect(context.notice).toEqual(refusal(event))
    },
    removing: ({ context }: Snapshot, { invocations }) => {
      expect(context.payee).toBe(mum)
      expect(invocations.at(-1)).toEqual({
        src: 'removePayee',
        id: 'removePayee',
        input: { payee: '12' },
      })
    },
    leftForLogin: leftForLogin(outcomes, effects),
  },
})
