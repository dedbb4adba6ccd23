import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, SimulatedClock } from 'xstate'
import {
  codeSentMessage,
  formatCountdown,
  resendCountdownMachine,
  resendCountdownSeconds,
  resendFailedMessage,
} from '../../src/machines/resend-countdown.machine'
import {
  describeMachinePaths,
  generateMachinePaths,
  isFullCoverage,
  measureMachineCoverage,
} from '../harness/generated-paths'

const email = 'ada@example.com'
const tick = 'xstate.after.tick.resendCounting'
const resendDone = 'xstate.done.actor.resendconfirmcode'
const resendError = 'xstate.error.actor.resendconfirmcode'

// The generated paths start 2 s before the end so the graph sees both branches of the guarded
// tick (see the machine's comment); the full 180 s run is a unit test below.
const pathOptions = {
  input: { email, secondsLeft: 2 },
  events: () => [
    { type: resendDone, output: { message: 'Code sent' } },
    { type: resendError, error: new Error('network down') },
  ],
}

describeMachinePaths(resendCountdownMachine, {
  ...pathOptions,
  states: {
    counting: ({ context }, { event, previous }) => {
      expect(context.email).toBe(email)
      expect(context.secondsLeft).toBeGreaterThan(0)
      if (event.type === tick) {
        expect(context.secondsLeft).toBe((previous?.context.secondsLeft ?? 0) - 1)
      } else if (event.type === resendDone) {
        expect(context.secondsLeft).toBe(resendCountdownSeconds)
        expect(context.message).toBe(codeSentMessage)
      } else {
        expect(event.type).toBe('xstate.init')
        expect(context).toEqual({ email, secondsLeft: 2, message: null })
      }
    },
    canResend: ({ context }, { event }) => {
      expect(context.secondsLeft).toBe(0)
      if (event.type === resendError) expect(context.message).toBe(resendFailedMessage)
      else expect(context.message).toBeNull()
    },
    resending: ({ context }, { invocations }) => {
      expect(context.message).toBeNull()
      expect(invocations.at(-1)).toEqual({
        src: 'resendconfirmcode',
        id: 'resendconfirmcode',
        input: { email },
      })
    },
  },
})

describe('resend countdown', () => {
  it('formats the seconds left as m:ss', () => {
    expect(formatCountdown(180)).toBe('3:00')
    expect(formatCountdown(65)).toBe('1:05')
    expect(formatCountdown(59)).toBe('0:59')
    expect(formatCountdown(0)).toBe('0:00')
    expect(formatCountdown(600)).toBe('10:00')
  })

  it('offers Resend exactly 180 s after it starts, on a simulated clock', () => {
    const clock = new SimulatedClock()
    // A timer set while the clock advances starts at the new time, so advance second by second.
    const advanceSeconds = (seconds: number) => {
      for (let second = 0; second < seconds; second++) clock.increment(1000)
    }
    const actor = createActor(resendCountdownMachine, { clock, input: { email } }).start()
    expect(actor.getSnapshot().context.secondsLeft).toBe(resendCountdownSeconds)
    advanceSeconds(65)
    expect(formatCountdown(actor.getSnapshot().context.secondsLeft)).toBe('1:55')
    advanceSeconds(114)
    clock.increment(999)
    expect(actor.getSnapshot().value).toBe('counting')
    expect(actor.getSnapshot().context.secondsLeft).toBe(1)
    clock.increment(1)
    expect(actor.getSnapshot().value).toBe('canResend')
    expect(formatCountdown(actor.getSnapshot().context.secondsLeft)).toBe('0:00')
    actor.stop()
  })

  it('restarts the countdown after a successful resend', async () => {
    const clock = new SimulatedClock()
    const sent: unknown[] = []
    const machine = resendCountdownMachine.provide({
      actors: { resendconfirmcode: fromPromise(async ({ input }) => sent.push(input)) },
    })
    const actor = createActor(machine, { clock, input: { email, secondsLeft: 1 } }).start()
    clock.increment(1000)
    actor.send({ type: 'RESEND' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(sent).toEqual([{ email }])
    expect(actor.getSnapshot().value).toBe('counting')
    expect(actor.getSnapshot().context).toMatchObject({
      secondsLeft: resendCountdownSeconds,
      message: codeSentMessage,
    })
    clock.increment(1000)
    expect(actor.getSnapshot().context.secondsLeft).toBe(resendCountdownSeconds - 1)
    actor.stop()
  })

  it('ignores RESEND while counting', () => {
    const actor = createActor(resendCountdownMachine, { input: { email } }).start()
    actor.send({ type: 'RESEND' })
    expect(actor.getSnapshot().value).toBe('counting')
    actor.stop()
  })

  it('keeps the graph finite from 180 s, where it only sees counting (hence the 2 s input)', () => {
    const paths = generateMachinePaths(resendCountdownMachine, { input: { email } })
    const states = new Set(paths.flatMap((path) => path.steps.map((step) => step.value)))
    expect([...states]).toEqual(['counting'])
    expect(paths.map((path) => path.name)).toEqual([`${tick} → ${tick}`])
  })

  it('covers every state and transition with the generated paths', async () => {
    const coverage = await measureMachineCoverage(resendCountdownMachine, pathOptions)
    expect(coverage.states.missing).toEqual([])
    expect(coverage.transitions.missing).toEqual([])
    expect(coverage.states.total).toBe(3)
    expect(coverage.transitions.total).toBe(5)
    expect(isFullCoverage(coverage)).toBe(true)
  })
})
