import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { fieldRules } from '#api/contract/fields'
import type { Notice } from '#api/notice'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { outcomes } from '#dev/outcomes/reset-passcode.outcomes'
import { resetPasscodeMachine } from '#machines/reset-passcode.machine'
import { type ResetValues, resetMessages, validateReset } from '#machines/reset-rules'
import { describeMachinePaths } from '../harness/generated-paths'
import { failureNotices } from './support/failure-notices'
import { outcomeLabel } from './support/outcome-label'
import { recordGoToLogin, resetAlertAfter, resetEnds } from './support/reset-flow'

const email = 'ada@example.com'
const valid: ResetValues = { email, code: '123456', secret: '654321', confirmSecret: '654321' }

/** What the route was asked to do. */
const { effects, actions } = recordGoToLogin()
const machine = resetPasscodeMachine.provide({ actions })
type Snapshot = SnapshotFrom<typeof machine>

const alertAfter = resetAlertAfter('userforgot', {
  'passcode reset': { tone: 'success', message: 'Password changed successfully' },
  'passcode reset, no message': { tone: 'success', message: resetMessages.passcodeReset },
})

const newCodeNoticeAfter: Record<string, Notice> = {
  'code sent': { tone: 'success', message: 'Code Sent, Please Wait' },
  'too soon': { tone: 'error', message: 'Please wait before asking for another code' },
  ...failureNotices('resendforgotcode', 'Something went wrong'),
}

const isOutcome = (type: string, actor: string) =>
  type === `xstate.done.actor.${actor}` || type === `xstate.error.actor.${actor}`

describeMachinePaths(machine, {
  // A valid form to start from (the graph does not follow context); the events break it.
  input: { values: valid },
  events: () => [
    ...outcomeEvents(outcomes),
    { type: 'CHANGE', field: 'email', value: 'ada.example.com' },
    { type: 'CHANGE', field: 'confirmSecret', value: '11a1111' },
    { type: 'CODE_CHANGED', code: '12' },
  ],
  states: {
    'resetting.form.editing': ({ context }: Snapshot, { event, previous }) => {
      if (event.type === 'xstate.init') {
        effects.length = 0
        expect(context).toEqual({
          values: valid,
          fromLink: false,
          errors: {},
          showErrors: false,
          answer: null,
          resendAnswer: null,
          alert: null,
          newCodeNotice: null,
        })
        return
      }
      expect(effects).toEqual([])
      if (event.type === 'CHANGE' && event.field === 'email') {
        expect(context.values.email).toBe('ada.example.com')
      } else if (event.type === 'CHANGE') {
        expect(context.values.confirmSecret).toBe('111111')
      } else if (event.type === 'CODE_CHANGED') {
        expect(context.values.code).toBe('12')
      } else if (event.type === 'SUBMIT') {
        expect(context.showErrors).toBe(true)
        expect(context.errors).toEqual(validateReset('passcode', context.values))
        expect(Object.keys(context.errors).length).toBeGreaterThan(0)
      } else if (isOutcome(event.type, 'userforgot')) {
        expect(context.alert).toEqual(alertAfter[outcomeLabel(outcomes, event)])
        expect(context.alert?.tone).toBe('error')
        expect(context.values).toEqual(previous?.context.values)
      } else {
        expect(context.values).toEqual(previous?.context.values)
      }
    },
    'resetting.form.saving': ({ context }, { invocations }) => {
      expect(context.alert).toBeNull()
      expect(invocations.filter((i) => i.src === 'userforgot').at(-1)).toEqual({
        src: 'userforgot',
        id: 'userforgot',
        input: { action: 'reset', email, reset_code: '123456', new_password: '654321' },
      })
    },
    'resetting.newCode.idle': ({ context }, { event, previous }) => {
      if (isOutcome(event.type, 'resendforgotcode')) {
        expect(context.newCodeNotice).toEqual(newCodeNoticeAfter[outcomeLabel(outcomes, event)])
      } else if (event.type === 'SEND_NEW_CODE') {
        // no usable address to send a code to
        expect(context.errors.email).toBe(fieldRules.email.message)
        expect(context.newCodeNotice).toBeNull()
      } else if (previous) {
        expect(context.newCodeNotice).toEqual(previous.context.newCodeNotice)
      } else {
        expect(context.newCodeNotice).toBeNull()
      }
    },
    'resetting.newCode.sending': ({ context }, { event, previous, invocations }) => {
      expect(context.newCodeNotice).toBeNull()
      const call = invocations.filter((i) => i.src === 'resendforgotcode').at(-1)
      // sent to the address of the moment the customer asked (it may be edited meanwhile)
      if (event.type === 'SEND_NEW_CODE') {
        expect(call).toEqual({
          src: 'resendforgotcode',
          id: 'resendforgotcode',
          input: { email: context.values.email },
        })
      } else {
        expect(previous?.matches({ resetting: { newCode: 'sending' } })).toBe(true)
        expect(call).toBeDefined()
      }
    },
    ...resetEnds({
      outcomes,
      alertAfter,
      effects,
      redirectEvent: 'xstate.after.redirectDelay.resetPasscodeDone',
    }),
  },
})

describe('reset passcode', () => {
  it('takes the e-mail and the code from the link', () => {
    const actor = createActor(resetPasscodeMachine, {
      input: { email: ' ada@example.com ', code: '987654' },
    }).start()
    expect(actor.getSnapshot().context).toMatchObject({
      fromLink: true,
      values: { email, code: '987654', secret: '', confirmSecret: '' },
    })
    actor.send({ type: 'CHANGE', field: 'secret', value: '12345678' })
    actor.send({ type: 'CHANGE', field: 'confirmSecret', value: '123456' })
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().matches({ resetting: { form: 'saving' } })).toBe(true)
    actor.stop()
  })

  it("applies the spec's rules: 6 digits and a matching confirmation", () => {
    expect(validateReset('passcode', valid)).toEqual({})
    expect(validateReset('passcode', { ...valid, secret: '1234', confirmSecret: '1234' })).toEqual({
      secret: 'Passcode must be 6 digits',
    })
    expect(validateReset('passcode', { ...valid, confirmSecret: '654320' })).toEqual({
      confirmSecret: 'Password Mismatch',
    })
    expect(validateReset('passcode', { ...valid, email: 'x', code: '1' })).toEqual({
      email: "That doesn't look like an email address",
      code: 'Enter the 6-digit code from the e-mail',
    })
  })
})
