import { describe, expect, it } from 'vitest'
import { createActor, type SnapshotFrom } from 'xstate'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { outcomes } from '#dev/outcomes/reset-pin.outcomes'
import { resetPinMachine } from '#machines/reset-pin.machine'
import { type ResetValues, resetMessages, validateReset } from '#machines/reset-rules'
import { describeMachinePaths } from '../harness/generated-paths'
import { outcomeLabel } from './support/outcome-label'
import { recordGoToLogin, resetAlertAfter, resetEnds } from './support/reset-flow'

const email = 'ada@example.com'
const valid: ResetValues = { email, code: '123456', secret: '4321', confirmSecret: '4321' }

const { effects, actions } = recordGoToLogin()
const machine = resetPinMachine.provide({ actions })
type Snapshot = SnapshotFrom<typeof machine>

const alertAfter = resetAlertAfter('userforgotpin', {
  'PIN reset': { tone: 'success', message: 'Your PIN has been changed' },
  'PIN reset, no message': { tone: 'success', message: resetMessages.pinReset },
})

describeMachinePaths(machine, {
  // A valid form to start from, as with a link (the graph does not follow context).
  input: { email, code: '123456', values: { secret: '4321', confirmSecret: '4321' } },
  events: () => [
    ...outcomeEvents(outcomes),
    { type: 'CHANGE', field: 'confirmSecret', value: '1234' },
    { type: 'CHANGE', field: 'secret', value: '12a345' },
    { type: 'CODE_CHANGED', code: '12' },
  ],
  states: {
    editing: ({ context }: Snapshot, { event, previous }) => {
      if (event.type === 'xstate.init') {
        effects.length = 0
        expect(context).toEqual({
          values: valid,
          fromLink: true,
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
      if (event.type === 'CHANGE' && event.field === 'confirmSecret') {
        expect(context.values.confirmSecret).toBe('1234')
      } else if (event.type === 'CHANGE') {
        // digits only, at most 4
        expect(context.values.secret).toBe('1234')
      } else if (event.type === 'CODE_CHANGED') {
        expect(context.values.code).toBe('12')
      } else if (event.type === 'SUBMIT') {
        expect(context.showErrors).toBe(true)
        expect(context.errors).toEqual(validateReset('pin', context.values))
        expect(Object.keys(context.errors).length).toBeGreaterThan(0)
      } else {
        expect(context.alert).toEqual(alertAfter[outcomeLabel(outcomes, event)])
        expect(context.alert?.tone).toBe('error')
        expect(context.values).toEqual(previous?.context.values)
      }
    },
    saving: ({ context }, { invocations }) => {
      expect(context.alert).toBeNull()
      expect(invocations.at(-1)).toEqual({
        src: 'userforgotpin',
        id: 'userforgotpin',
        input: { action: 'reset', email, reset_code: '123456', new_password: '4321' },
      })
    },
    ...resetEnds({
      outcomes,
      alertAfter,
      effects,
      redirectEvent: 'xstate.after.redirectDelay.resetPinDone',
    }),
  },
})

describe('reset PIN', () => {
  it("applies the spec's rules: 4 digits and a matching confirmation", () => {
    expect(validateReset('pin', valid)).toEqual({})
    expect(validateReset('pin', { ...valid, secret: '123456', confirmSecret: '123456' })).toEqual({
      secret: 'PIN must be 4 digits',
    })
    expect(validateReset('pin', { ...valid, confirmSecret: '4320' })).toEqual({
      confirmSecret: 'Password Mismatch',
    })
  })

  it('asks for e-mail and code on the index screen', () => {
    const actor = createActor(resetPinMachine, { input: {} }).start()
    expect(actor.getSnapshot().context.fromLink).toBe(false)
    actor.send({ type: 'SUBMIT' })
    expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual([
      'code',
      'email',
      'secret',
    ])
    actor.stop()
  })
})
