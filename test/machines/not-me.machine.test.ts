import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import type { CallRequest } from '#api/contract'
import type { Notice } from '#api/notice'
import { outcomes, reportOutcomes } from '#dev/outcomes/not-me.outcomes'
import { outcomeEvents } from '#dev/outcomes/outcomes'
import { type NotMeResult, notMeMachine } from '#machines/not-me.machine'
import { describeMachinePaths } from '../harness/generated-paths'
import { failureNotices } from './support/failure-notices'
import { outcomeLabel } from './support/outcome-label'

const report = 'A'.repeat(43)
const effects: Array<{ email: string }> = []
const machine = notMeMachine.provide({
  actions: { goToPasscodeReset: (_, params: { email: string }) => effects.push(params) },
})

/** The notice each outcome that secures nothing leaves above "Secure my account". */
const alertAfter: Record<string, Notice> = {
  'link used or expired': {
    tone: 'error',
    message:
      'This link does not work any more (it was used, or it is older than 7 days). If you think someone else signed in, reset your passcode.',
  },
  'not a link of ours (400)': {
    tone: 'error',
    message: 'The link must be the one in your e-mail.',
  },
  'answer outside the contract': { tone: 'error', message: 'An error has Occured.' },
  ...failureNotices('notme', 'An error has Occured.'),
}

describeMachinePaths(machine, {
  input: { report },
  events: () => [{ type: 'CONFIRM' }, { type: 'CONTINUE' }, ...outcomeEvents(outcomes)],
  states: {
    confirming: ({ context }, { event }) => {
      if (event.type === 'xstate.init') {
        effects.length = 0
        expect(context).toEqual({ report, answer: null, alert: null })
      } else expect(context.alert).toEqual(alertAfter[outcomeLabel(outcomes, event)])
    },
    securing: (snapshot, { invocations }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.alert).toBeNull()
      expect(invocations.at(-1)).toEqual({
        src: 'reportNotMe',
        id: 'reportNotMe',
        input: { report },
      })
    },
    secured: (snapshot) => {
      expect(snapshot.hasTag('redirecting')).toBe(true)
      expect(snapshot.context.alert?.tone).toBe('success')
      expect(effects).toEqual([])
    },
    refused: (snapshot, { event }) => {
      expect(snapshot.status).toBe('done')
      expect(snapshot.context.alert).toEqual(alertAfter[outcomeLabel(outcomes, event)])
      expect(effects).toEqual([])
    },
    leftForPasscodeReset: (snapshot) => {
      expect(snapshot.status).toBe('done')
      expect(effects).toEqual([{ email: 'dana@meridian.example' }])
    },
  },
})

describe('this was not me', () => {
  it('opens the reset page 5 s after the account is secured', async () => {
    const clock = new SimulatedClock()
    const opened: string[] = []
    const actor = createActor(
      notMeMachine.provide({
        actors: {
          reportNotMe: fromPromise<NotMeResult, CallRequest<'reportNotMe'>>(
            async () => reportOutcomes.secured.output,
          ),
        },
        actions: { goToPasscodeReset: (_, { email }: { email: string }) => opened.push(email) },
      }),
      { input: { report }, clock },
    ).start()
    actor.send({ type: 'CONFIRM' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(actor.getSnapshot().value).toBe('secured')
    clock.increment(4999)
    expect(opened).toEqual([])
    clock.increment(1)
    expect(opened).toEqual(['dana@meridian.example'])
  })
})
