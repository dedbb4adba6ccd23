import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type SnapshotFrom } from 'xstate'
import { networkFailureMessage } from '#api/call-failure'
import type { CallResult } from '#api/client'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import {
  outcomes,
  sampleAuthorization,
  samplePasskeyAnswer,
  samplePasskeyOptions,
  samplePayment,
} from '#dev/outcomes/send.outcomes'
import type { PasskeyRequestOptions } from '#machines/passkey-sign-in.machine'
import {
  type PaymentApproval,
  type PendingTransfer,
  pinBlockedMessage,
  type SendInput,
  sendMachine,
  sendMessages,
} from '#machines/send.machine'
import { emptyTransferForm, type TransferForm, transferFormProblems } from '#machines/send.rules'
import { describeMachinePaths } from '../harness/generated-paths'
import type { StepContext } from '../harness/types'
import { recordSessionEnd } from './support/left-for-login'
import { outcomeLabel } from './support/outcome-label'

type PinResult = CallResult<'confirmTransferPin'>
type CodeResult = CallResult<'confirmTransferCode'>
type SubmitResult = CallResult<'submitTransfer'>
type ScheduleResult = CallResult<'scheduleTransfer'>

const draft: TransferForm = {
  bank: 'Harbor Bank',
  swiftCode: 'hbukgb4b',
  currency: '$',
  routingNumber: '021000021',
  country: 'United Kingdom',
  accountNumber: 'gb29 nwbk 6016 1331 9268 19',
  accountHolderName: 'Ada Payee',
  amount: '25',
  note: 'Rent',
}
/** The draft as the contract normalises it (SWIFT upper case, account number without spaces). */
const normalised: TransferForm = {
  ...draft,
  swiftCode: 'HBUKGB4B',
  accountNumber: 'GB29NWBK60161331926819',
}

const savedPayee = {
  id: 3,
  nickname: 'Saved one',
  bank: 'Saved Bank',
  swiftCode: 'SAVEDE2X',
  routingNumber: '111',
  country: 'Germany',
  accountNumber: 'DE89370400440532013000',
  accountHolderName: 'Saved Payee',
  currency: 'EUR',
}

const baseInput: SendInput = {
  payees: [savedPayee],
  percent: null,
  balance: 100_00,
  currency: '$',
  pending: null,
  draft,
}

// ---- the provided actions, recorded in order ----

const effects: string[] = []
const machine = sendMachine.provide({
  actions: {
    showFormStep: () => effects.push('show form'),
    showConfirmStep: () => effects.push('show confirm'),
    showPinStep: () => effects.push('show pin'),
    keepPendingTransfer: (_, pending) =>
      effects.push(`keep pending ${pending.idempotencyKey ? 'with key' : 'without key'}`),
    forgetPendingTransfer: () => effects.push('forget pending'),
    refreshStatement: () => effects.push('refresh statement'),
    goToDashboard: () => effects.push('go dashboard'),
    ...recordSessionEnd(effects),
  },
})
type Snapshot = SnapshotFrom<typeof machine>
type Step = StepContext<Snapshot>

/** Which step's address the route shows now: the last show* action. */
const shownStep = () => effects.filter((effect) => effect.startsWith('show ')).at(-1)

/** The message on the PIN step after each refusal or failure of confirmmypin. */
const pinMessage: Record<string, string> = {
  'wrong PIN, tries left': 'Incorrect PIN. 4 tries left.',
  'transfers blocked': pinBlockedMessage('2026-11-22T14:30:00.000Z'),
  'answer outside the contract': sendMessages.failed,
  'network failure': networkFailureMessage,
  'client fault': sendMessages.failed,
  'insufficient balance': sendMessages.insufficient,
}

const codeMessage: Record<string, string> = {
  'wrong code, tries left': 'That code is not right. 4 tries left.',
  'answer outside the contract': sendMessages.failed,
  'network failure': networkFailureMessage,
  'client fault': sendMessages.failed,
}

const passkeyMessage: Record<string, string> = {
  'the customer cancelled (or no passkey)': sendMessages.passkeyNotUsed,
  'the customer closed the payment dialog': sendMessages.paymentDialogClosed,
  'the payment dialog failed': sendMessages.paymentDialogFailed,
  'passkey for another amount or payee':
    'This approval is for a different amount or payee. Start the transfer again to approve what you see.',
  'answer outside the contract': sendMessages.failed,
  'network failure': networkFailureMessage,
  'client fault': sendMessages.failed,
}

const events = () => [
  ...outcomeEvents(outcomes),
  { type: 'EDIT', field: 'swiftCode', value: 'not a bic' },
  { type: 'EDIT', field: 'swiftCode', value: 'HBUKGB4BXXX' },
  { type: 'PICK_PAYEE', id: savedPayee.id },
  { type: 'PICK_PAYEE', id: 999 },
  { type: 'SAVE_PAYEE', save: true },
  { type: 'EDIT_AMOUNT', amount: '100' },
  { type: 'EDIT_AMOUNT', amount: '40.5' },
  { type: 'SUBMIT_PIN', pin: '' },
  { type: 'SUBMIT_PIN', pin: '1234' },
  { type: 'SUBMIT_CODE', code: '12' },
  { type: 'SUBMIT_CODE', code: '123456' },
  { type: 'APPROVE_WITH_PASSKEY' },
  // The scheduling branch (decision 088): a later day; a repeat without its end; back to now.
  { type: 'SET_SCHEDULE', schedule: { when: 'later', startsOn: '2026-11-23' } },
  { type: 'SET_SCHEDULE', schedule: { when: 'repeat', startsOn: '2026-11-23', runCount: '' } },
  { type: 'SET_SCHEDULE', schedule: { when: 'now' } },
]

const states: Record<string, (snapshot: Snapshot, step: Step) => void> = {
  form: ({ context }: Snapshot, { event, previous }: Step) => {
    expect(shownStep()).toBe('show form')
    if (event.type === 'SUBMIT') {
      expect(Object.keys(context.fieldErrors).length).toBeGreaterThan(0)
      expect(context.fieldErrors.swiftCode).toBe(
        'Swift Code must be a SWIFT/BIC code (8 or 11 characters)',
      )
    }
    if (event.type === 'PICK_PAYEE' && context.form.bank === savedPayee.bank) {
      // The account's currency stays whatever the payee was saved with: no other is allowed.
      expect(context.form).toMatchObject({
        accountNumber: savedPayee.accountNumber,
        currency: previous?.context.form.currency,
      })
      // The payee's fields only: the amount and the note stay as typed.
      expect(context.form.amount).toBe(previous?.context.form.amount)
    }
  },
  confirm: ({ context }: Snapshot, { event }: Step) => {
    expect(shownStep()).toBe('show confirm')
    // What was typed survives every step: the form is complete whenever confirm shows.
    expect(transferFormProblems(context.form)).toEqual({})
    expect(context.percent).toBe(10)
    if (event.type === 'CONFIRM')
      expect(context.alert?.message).toBe(
        context.schedule.when === 'repeat' ? sendMessages.noEnd : sendMessages.insufficient,
      )
    if (event.type === 'SET_SCHEDULE') expect(context.alert).toBeNull()
    if (outcomeLabelOf(event) === 'date refused') {
      // The server refused the dates: fix them here, and authorise again with the PIN.
      expect(context.alert?.message).toBe(
        'Choose a date from tomorrow on: to send today, use Send now.',
      )
      expect(context.authorization).toBeNull()
      expect(effects.slice(-2)).toEqual(['forget pending', 'show confirm'])
    }
  },
  pin: (snapshot: Snapshot) => {
    expect(shownStep()).toBe('show pin')
    expect(snapshot.hasTag('pinStep')).toBe(true)
  },
  'pin.pinEntry': ({ context }: Snapshot, { event }: Step) => {
    if (event.type === 'SUBMIT_PIN') expect(context.alert?.message).toBe(sendMessages.emptyPin)
    const label =
      event.type.startsWith('xstate.done') || event.type.startsWith('xstate.error')
        ? outcomeLabel(outcomes, event)
        : null
    if (label && label !== 'code right') {
      expect(context.alert?.message).toBe(pinMessage[label])
    }
  },
  'pin.checkingPin': (snapshot: Snapshot, { invocations }: Step) => {
    expect(snapshot.hasTag('busy')).toBe(true)
    expect(invocations.at(-1)).toEqual({
      src: 'confirmTransferPin',
      id: 'confirmTransferPin',
      input: {
        pin: '1234',
        amount: snapshot.context.form.amount,
        currency: snapshot.context.form.currency,
        bank: snapshot.context.form.bank,
        swiftCode: snapshot.context.form.swiftCode,
        routingNumber: snapshot.context.form.routingNumber,
        country: snapshot.context.form.country,
        accountNumber: snapshot.context.form.accountNumber,
        accountHolderName: snapshot.context.form.accountHolderName,
      },
    })
  },
  'pin.codeEntry': ({ context }: Snapshot, { event }: Step) => {
    expect(context.authorization).toBe(sampleAuthorization)
    expect(context.stepUp?.message).toMatch(/e-mailed you a code/)
    if (event.type === 'SUBMIT_CODE') expect(context.alert?.message).toBe(sendMessages.codeLength)
    if (event.type.startsWith('xstate.done') || event.type.startsWith('xstate.error')) {
      const label = outcomeLabel(outcomes, event)
      if (label !== 'PIN right, step-up code e-mailed')
        expect(context.alert?.message).toBe(codeMessage[label])
    }
  },
  'pin.checkingCode': (snapshot: Snapshot, { invocations }: Step) => {
    expect(snapshot.hasTag('codeStep')).toBe(true)
    expect(invocations.at(-1)).toEqual({
      src: 'confirmTransferCode',
      id: 'confirmTransferCode',
      input: {
        pin: '123456',
        authorization: sampleAuthorization,
        amount: snapshot.context.form.amount,
        swiftCode: snapshot.context.form.swiftCode,
        accountNumber: snapshot.context.form.accountNumber,
      },
    })
  },
  'pin.passkeyEntry': (snapshot: Snapshot, { event, previous }: Step) => {
    expect(snapshot.hasTag('passkeyStep')).toBe(true)
    expect(snapshot.context.authorization).toBe(sampleAuthorization)
    expect(snapshot.context.passkeyOptions).toEqual(samplePasskeyOptions)
    expect(snapshot.context.stepUp?.message).toMatch(/approve this transfer with your passkey/)
    const label = outcomeLabel(outcomes, event)
    // The payment dialog's part (082): only for a payment passkey, only where the browser
    // offers it, and no more once it failed (the passkey alone then).
    const pinData = snapshot.context.pinAnswer?.ok ? snapshot.context.pinAnswer.data : null
    expect(snapshot.context.payment).toEqual(pinData?.payment ?? null)
    const dialogAfter: Record<string, boolean> = {
      'PIN right, approve with the passkey': false,
      'the browser offers its payment dialog': true,
      'no payment dialog in this browser': false,
      'the browser’s check failed': false,
      'the payment dialog failed': false,
    }
    expect(snapshot.context.paymentDialog).toBe(
      dialogAfter[label] ?? previous?.context.paymentDialog,
    )
    if (
      [
        'PIN right, approve with the passkey',
        'the browser offers its payment dialog',
        'no payment dialog in this browser',
        'the browser’s check failed',
      ].includes(label)
    )
      expect(snapshot.context.alert).toBeNull()
    else expect(snapshot.context.alert?.message).toBe(passkeyMessage[label])
  },
  'pin.checkingPaymentDialog': (snapshot: Snapshot, { invocations }: Step) => {
    expect(snapshot.hasTag('passkeyStep') && snapshot.hasTag('busy')).toBe(true)
    expect(invocations.at(-1)).toEqual({
      src: 'paymentDialogOffered',
      id: 'paymentDialogOffered',
      input: { options: samplePasskeyOptions, payment: samplePayment },
    })
  },
  'pin.askingPaymentDialog': (snapshot: Snapshot, { invocations }: Step) => {
    expect(snapshot.hasTag('passkeyStep') && snapshot.hasTag('busy')).toBe(true)
    expect(snapshot.context.paymentDialog).toBe(true)
    expect(invocations.at(-1)).toEqual({
      src: 'paymentConfirmation',
      id: 'paymentConfirmation',
      input: { options: samplePasskeyOptions, payment: samplePayment },
    })
  },
  'pin.askingPasskey': (snapshot: Snapshot, { invocations }: Step) => {
    expect(snapshot.hasTag('passkeyStep') && snapshot.hasTag('busy')).toBe(true)
    expect(invocations.at(-1)).toEqual({
      src: 'passkeyApproval',
      id: 'passkeyApproval',
      input: { options: samplePasskeyOptions },
    })
  },
  'pin.checkingPasskey': (snapshot: Snapshot, { invocations }: Step) => {
    const { form } = snapshot.context
    // Everything the approval is bound to goes with it: the server derives the challenge again.
    expect(invocations.at(-1)).toEqual({
      src: 'confirmTransferPasskey',
      id: 'confirmTransferPasskey',
      input: {
        authorization: sampleAuthorization,
        credential: samplePasskeyAnswer,
        amount: form.amount,
        currency: form.currency,
        bank: form.bank,
        swiftCode: form.swiftCode,
        routingNumber: form.routingNumber,
        country: form.country,
        accountNumber: form.accountNumber,
        accountHolderName: form.accountHolderName,
      },
    })
  },
  'pin.scheduling': (snapshot: Snapshot, { invocations }: Step) => {
    const { schedule, form } = snapshot.context
    expect(schedule.when).toBe('later')
    expect(effects.at(-1)).toMatch(/^keep pending/)
    // The authorization the PIN gave, the form and the day: no idempotency key, no newtrs.
    expect(invocations.at(-1)).toEqual({
      src: 'scheduleTransfer',
      id: 'scheduleTransfer',
      input: {
        ...form,
        authorization: sampleAuthorization,
        startsOn: '2026-11-23',
        repeat: 'once',
        endsOn: '',
        runCount: '',
      },
    })
    expect(invocations.some((invocation) => invocation.src === 'submitTransfer')).toBe(false)
  },
  'pin.scheduleFailed': ({ context }: Snapshot) => {
    expect(context.authorization).toBe(sampleAuthorization)
    expect([networkFailureMessage, sendMessages.failed]).toContain(context.alert?.message)
  },
  scheduled: ({ context }: Snapshot) => {
    expect(context.scheduled).toBe('Transfer scheduled for 2026-11-23.')
    expect(context.authorization).toBeNull()
    expect(effects.at(-1)).toBe('forget pending')
  },
  'pin.submitting': (snapshot: Snapshot, { invocations }: Step) => {
    expect(snapshot.context.schedule.when).toBe('now')
    const key = snapshot.context.idempotencyKey
    expect(key).toMatch(/^[0-9a-f-]{36}$/)
    expect(effects.at(-1)).toBe('keep pending with key')
    expect(invocations.at(-1)).toMatchObject({
      src: 'submitTransfer',
      input: {
        authorization: sampleAuthorization,
        idempotencyKey: key,
        amount: snapshot.context.form.amount,
      },
    })
  },
  'pin.submitFailed': ({ context }: Snapshot) => {
    // The key and the authorization stay for Try again: the same submission, never a second.
    expect(context.idempotencyKey).not.toBeNull()
    expect(context.authorization).toBe(sampleAuthorization)
    expect([networkFailureMessage, sendMessages.failed]).toContain(context.alert?.message)
  },
  submitted: (snapshot: Snapshot) => {
    expect(snapshot.hasTag('redirecting')).toBe(true)
    expect(snapshot.context.receipt).toEqual({
      bank: 'Harbor Bank',
      name: 'Ada Payee',
      amount: '25.00',
      currency: '$',
      date: '2026-11-22T18:00:00.000Z',
    })
    expect(snapshot.context.idempotencyKey).toBeNull()
    expect(effects.slice(-2)).toEqual(['forget pending', 'refresh statement'])
  },
  leftForDashboard: (snapshot: Snapshot) => {
    expect(snapshot.status).toBe('done')
    expect(effects.at(-1)).toBe('go dashboard')
  },
  leftForLogin: (snapshot: Snapshot, { event }: Step) => {
    expect(outcomeLabel(outcomes, event)).toBe('session ended (401)')
    expect(snapshot.status).toBe('done')
    expect(effects.slice(-3)).toEqual(['forget pending', 'forget baUid', 'go login'])
  },
}

/** The outcome's label when the event finished an invoked actor, else null. */
function outcomeLabelOf(event: Step['event']) {
  return event.type.startsWith('xstate.done') || event.type.startsWith('xstate.error')
    ? outcomeLabel(outcomes, event)
    : null
}

describe('a new transfer', () => {
  describeMachinePaths(machine, {
    input: baseInput,
    events,
    states,
    coverageGate: false,
  })
})

const pending: PendingTransfer = {
  form: normalised,
  savePayee: false,
  idempotencyKey: '3f0c8a52-1b7e-4c55-9a0e-2d3b4c5d6e7f',
  authorization: null,
}

describe('a reload on send/pin', () => {
  describeMachinePaths(machine, {
    input: { ...baseInput, draft: undefined, pending },
    events,
    states: {
      ...states,
      pin: (snapshot: Snapshot, step) => {
        states.pin?.(snapshot, step)
        if (step.event.type !== 'xstate.init') return
        // The reload resumes the pending transfer: its form and its key.
        expect(snapshot.context.form).toEqual(normalised)
        expect(snapshot.context.idempotencyKey).toBe(pending.idempotencyKey)
      },
    },
    coverageGate: false,
  })
  describeMachinePaths(machine, {
    input: {
      ...baseInput,
      draft: undefined,
      pending: { ...pending, authorization: sampleAuthorization },
    },
    events,
    states: {
      ...states,
      'pin.submitting': (snapshot: Snapshot, step) => {
        states['pin.submitting']?.(snapshot, step)
        if (step.event.type !== 'xstate.init') return
        const { invocations } = step
        // The same key and authorization again: the server answers the first submission.
        expect(invocations.at(-1)).toMatchObject({
          src: 'submitTransfer',
          input: { idempotencyKey: pending.idempotencyKey, authorization: sampleAuthorization },
        })
      },
    },
    coverageGate: false,
  })
})

describe('a transfer for a later day (decision 088)', () => {
  const later = {
    ...pending,
    schedule: {
      when: 'later' as const,
      startsOn: '2026-11-23',
      repeat: 'monthly' as const,
      ends: 'after' as const,
      endsOn: '',
      runCount: '',
    },
  }
  // Confirmed for a later day, then at the PIN (as after a reload on send/pin): the PIN's
  // authorization sets the series up with trsschedule, never newtrs.
  describeMachinePaths(machine, {
    input: { ...baseInput, draft: undefined, pending: later },
    events,
    states,
    coverageGate: false,
  })
  // A reload while trsschedule was in flight: the same authorization sets it up once.
  describeMachinePaths(machine, {
    input: {
      ...baseInput,
      draft: undefined,
      pending: { ...later, authorization: sampleAuthorization },
    },
    events,
    states,
    coverageGate: false,
  })
})

describe('the send flow', () => {
  it('starts on the empty form and checks every field with the contract', () => {
    const actor = createActor(sendMachine, {
      input: { ...baseInput, draft: undefined, percent: 2.5 },
    }).start()
    expect(actor.getSnapshot().value).toBe('form')
    // Empty, but for the account's currency: the only one a transfer may be in.
    expect(actor.getSnapshot().context.form).toEqual({ ...emptyTransferForm, currency: '$' })
    expect(actor.getSnapshot().context.percent).toBe(2.5)
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      bank: 'Bank is required',
      swiftCode: 'Swift Code is required',
      routingNumber: 'Routing Number is required',
      country: 'Country is required',
      accountNumber: 'Account Number is required',
      accountHolderName: 'Account Holder Name is required',
      amount: 'Amount is required',
      note: 'Note is required',
    })
    actor.send({ type: 'EDIT', field: 'amount', value: '1.234' })
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().context.fieldErrors.amount).toBe(
      'Amount must be an amount with at most 2 decimals',
    )
    actor.send({ type: 'EDIT', field: 'amount', value: '0' })
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().context.fieldErrors.amount).toBe('Amount must be more than 0')
    actor.stop()
  })

  it('refuses an amount equal to the balance and keeps the form through Back', () => {
    const actor = createActor(sendMachine, { input: baseInput }).start()
    actor.send({ type: 'SUBMIT' })
    actor.send({ type: 'EDIT_AMOUNT', amount: '100.00' })
    actor.send({ type: 'CONFIRM' })
    expect(actor.getSnapshot().value).toBe('confirm')
    expect(actor.getSnapshot().context.alert?.message).toBe('Insufficient balance')
    actor.send({ type: 'EDIT_AMOUNT', amount: '99.99' })
    actor.send({ type: 'CONFIRM' })
    expect(actor.getSnapshot().value).toEqual({ pin: 'pinEntry' })
    actor.send({ type: 'BACK' })
    actor.send({ type: 'BACK' })
    expect(actor.getSnapshot().value).toBe('form')
    expect(actor.getSnapshot().context.form).toEqual({ ...normalised, amount: '99.99' })
    actor.stop()
  })

  it('sends one key per transfer: a step-up, two codes, then newtrs once', async () => {
    const sent: string[] = []
    const actor = createActor(
      sendMachine.provide({
        actors: {
          confirmTransferPin: fromPromise(async () => {
            sent.push('pin')
            return outcomes.confirmTransferPin[1].output as PinResult
          }),
          confirmTransferCode: fromPromise(async ({ input }) => {
            sent.push(`code ${input.pin}`)
            return (
              input.pin === '654321'
                ? outcomes.confirmTransferCode[0].output
                : outcomes.confirmTransferCode[1].output
            ) as CodeResult
          }),
          submitTransfer: fromPromise(async ({ input }) => {
            sent.push(`newtrs ${input.idempotencyKey}`)
            return outcomes.submitTransfer[0].output as SubmitResult
          }),
        },
      }),
      { input: baseInput },
    ).start()
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
    actor.send({ type: 'SUBMIT' })
    actor.send({ type: 'CONFIRM' })
    actor.send({ type: 'SUBMIT_PIN', pin: '1234' })
    await settle()
    expect(actor.getSnapshot().hasTag('codeStep')).toBe(true)
    actor.send({ type: 'SUBMIT_CODE', code: '111111' })
    await settle()
    expect(actor.getSnapshot().context.alert?.message).toBe('That code is not right. 4 tries left.')
    actor.send({ type: 'SUBMIT_CODE', code: '654321' })
    await settle()
    await settle()
    expect(actor.getSnapshot().value).toBe('submitted')
    expect(sent.slice(0, 3)).toEqual(['pin', 'code 111111', 'code 654321'])
    expect(sent[3]).toMatch(/^newtrs [0-9a-f-]{36}$/)
    expect(sent).toHaveLength(4)
    actor.stop()
  })

  it('sets a monthly repeat up with the PIN and never calls newtrs', async () => {
    const sent: unknown[] = []
    const actor = createActor(
      sendMachine.provide({
        actors: {
          confirmTransferPin: fromPromise(
            async () => outcomes.confirmTransferPin[0].output as PinResult,
          ),
          scheduleTransfer: fromPromise(async ({ input }) => {
            sent.push(input)
            return outcomes.scheduleTransfer[0].output as ScheduleResult
          }),
          submitTransfer: fromPromise(async () => {
            sent.push('newtrs')
            return outcomes.submitTransfer[0].output as SubmitResult
          }),
        },
      }),
      // A repeat is not limited by today's balance: the amount is above it.
      { input: { ...baseInput, draft: { ...draft, amount: '500' } } },
    ).start()
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
    actor.send({ type: 'SUBMIT' })
    actor.send({ type: 'SET_SCHEDULE', schedule: { when: 'repeat', startsOn: '2026-12-31' } })
    actor.send({ type: 'SET_SCHEDULE', schedule: { ends: 'on', endsOn: '2027-03-31' } })
    actor.send({ type: 'CONFIRM' })
    actor.send({ type: 'SUBMIT_PIN', pin: '1234' })
    await settle()
    await settle()
    expect(actor.getSnapshot().value).toBe('scheduled')
    expect(sent).toEqual([
      expect.objectContaining({
        amount: '500',
        startsOn: '2026-12-31',
        repeat: 'monthly',
        endsOn: '2027-03-31',
        runCount: '',
      }),
    ])
    actor.stop()
  })

  it('keeps the payment dialog after the customer closes it, and drops it once it fails', async () => {
    const asked: string[] = []
    const pinAnswer = outcomes.confirmTransferPin.find(
      (outcome) => outcome.label === 'PIN right, approve with the payment passkey',
    )?.output as PinResult
    let dialog: 'closed' | 'failed' = 'closed'
    const actor = createActor(
      sendMachine.provide({
        actors: {
          confirmTransferPin: fromPromise(async () => pinAnswer),
          paymentDialogOffered: fromPromise(async () => true),
          paymentConfirmation: fromPromise<string, PaymentApproval>(async () => {
            asked.push('dialog')
            throw dialog === 'closed'
              ? new DOMException('User closed the Payment Request UI.', 'AbortError')
              : new DOMException('Not allowed.', 'NotAllowedError')
          }),
          passkeyApproval: fromPromise<string, { options: PasskeyRequestOptions }>(async () => {
            asked.push('passkey')
            throw new DOMException('Not allowed.', 'NotAllowedError')
          }),
        },
      }),
      { input: baseInput },
    ).start()
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
    actor.send({ type: 'SUBMIT' })
    actor.send({ type: 'CONFIRM' })
    actor.send({ type: 'SUBMIT_PIN', pin: '1234' })
    await settle()
    expect(actor.getSnapshot().context.paymentDialog).toBe(true)
    actor.send({ type: 'APPROVE_WITH_PASSKEY' })
    await settle()
    // Closed by the customer: the same step, and the dialog again on the next try.
    expect(actor.getSnapshot().value).toEqual({ pin: 'passkeyEntry' })
    expect(actor.getSnapshot().context.alert?.message).toBe(sendMessages.paymentDialogClosed)
    dialog = 'failed'
    actor.send({ type: 'APPROVE_WITH_PASSKEY' })
    await settle()
    expect(actor.getSnapshot().context.alert?.message).toBe(sendMessages.paymentDialogFailed)
    // Failed: the passkey alone from now on.
    actor.send({ type: 'APPROVE_WITH_PASSKEY' })
    await settle()
    expect(asked).toEqual(['dialog', 'dialog', 'passkey'])
    actor.stop()
  })
})
