import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { forgotAnswerMessage } from '#api/call-failure'
import { fieldRules } from '#api/contract/fields'
import type { Notice } from '#api/notice'
import { outcomes } from '#dev/outcomes/forgot.outcomes'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { forgotMachine, forgotMessages } from '#machines/forgot.machine'
import { describeMachinePaths } from '../harness/generated-paths'
import { failureNotices } from './support/failure-notices'
import { outcomeLabel } from './support/outcome-label'

const email = 'ada@example.com'

const alertAfter: Record<string, Notice> = {
  'code sent': { tone: 'success', message: 'We have e-mailed you a reset code and a link.' },
  'code sent, no message': {
    tone: 'success',
    message: 'Check your Email for further instructions.',
  },
  refused: { tone: 'error', message: 'Too many requests, try later' },
  ...failureNotices('resetPasscode', 'An unexpected error occured'),
}

describeMachinePaths(forgotMachine, {
  // the address given, as when the link to this screen carries it; EMAIL_CHANGED breaks it
  input: { email },
  events: () => [...outcomeEvents(outcomes), { type: 'EMAIL_CHANGED', email: 'ada.example.com' }],
  states: {
    editing: ({ context }, { event }) => {
      if (event.type === 'xstate.init') {
        expect(context).toEqual({ email, emailError: null, answer: null, alert: null })
      } else if (event.type === 'EMAIL_CHANGED') {
        expect(context.email).toBe('ada.example.com')
        expect(context.emailError).toBeNull()
      } else if (event.type === 'SUBMIT') {
        expect(context.emailError).toBe(fieldRules.email.message)
        expect(context.alert).toBeNull()
      } else {
        expect(context.alert).toEqual(alertAfter[outcomeLabel(outcomes, event)])
        expect(context.alert?.tone).toBe('error')
      }
    },
    sending: ({ context }, { invocations }) => {
      expect(context.alert).toBeNull()
      expect(invocations.at(-1)).toEqual({
        src: 'resetPasscode',
        id: 'resetPasscode',
        input: { action: 'code', email },
      })
    },
    sent: (snapshot, { event }) => {
      expect(snapshot.status).toBe('done')
      expect(snapshot.context.alert).toEqual(alertAfter[outcomeLabel(outcomes, event)])
      expect(snapshot.context.alert?.tone).toBe('success')
    },
  },
})

describe('forgot', () => {
  it('checks the address before sending', () => {
    const actor = createActor(forgotMachine, { input: {} }).start()
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().context.emailError).toBe("That doesn't look like an email address")
    actor.send({ type: 'EMAIL_CHANGED', email: ' ada@example.com ' })
    expect(actor.getSnapshot().context.emailError).toBeNull()
    actor.send({ type: 'SUBMIT' })
    expect(actor.getSnapshot().value).toBe('sending')
    actor.stop()
  })

  it("keeps the spec's fallbacks word for word", () => {
    expect(forgotMessages).toEqual({
      sent: 'Check your Email for further instructions.',
      failed: 'An unexpected error occured',
    })
  })

  it("joins the server's second line to its message", () => {
    expect(forgotAnswerMessage({ message: 'Code sent.', message1: 'It expires soon.' }, 'x')).toBe(
      'Code sent. It expires soon.',
    )
    expect(forgotAnswerMessage({ message: ' ' }, 'fallback')).toBe('fallback')
  })
})
