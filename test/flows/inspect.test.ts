import { afterEach, describe, expect, it, vi } from 'vitest'
import { type AnyActorRef, createActor, fromPromise, type InspectionEvent } from 'xstate'
import type { CallResult } from '#api/client'
import { attachInspector, requestedInspector } from '#dev/inspect'
import { type ResendVerificationCodeRequest, verifyMachine } from '#machines/verify.machine'

/** The development hook behind `?inspect` (src/dev/inspect.ts), with a recording inspector. */

let detach: (() => void) | undefined
afterEach(() => {
  detach?.()
  vi.useRealTimers()
})

function recordingInspector() {
  const events: InspectionEvent[] = []
  return { events, inspect: { next: (event: InspectionEvent) => events.push(event) } }
}

describe('the ?inspect development hook', () => {
  it('is asked for by ?inspect, optionally with the inspector address', () => {
    expect(requestedInspector('')).toBeNull()
    expect(requestedInspector('?tab=2')).toBeNull()
    expect(requestedInspector('?inspect')).toBe('')
    expect(requestedInspector('?inspect=http://127.0.0.1:9000/inspect')).toBe(
      'http://127.0.0.1:9000/inspect',
    )
  })

  it("reports every actor the app starts, with their children, without touching the app's code", async () => {
    const inspector = recordingInspector()
    detach = attachInspector(inspector)
    const machine = verifyMachine.provide({
      actors: {
        resendVerificationCode: fromPromise<
          CallResult<'resendVerificationCode'>,
          ResendVerificationCodeRequest
        >(async () => ({ ok: true, data: { status: true, message: 'sent' } })),
      },
    })
    // The resend countdown's last second passes on the fake clock, not the wall clock.
    vi.useFakeTimers()
    const actor = createActor(machine, {
      input: { email: 'ada@example.com', resendSecondsLeft: 1 },
    })
    actor.start()
    const registered = inspector.events.filter((event) => event.type === '@xstate.actor')
    expect(registered.map((event) => event.actorRef)).toEqual([actor])
    expect(inspector.events.some((event) => event.type === '@xstate.snapshot')).toBe(true)

    await vi.advanceTimersByTimeAsync(1000)
    expect(actor.getSnapshot().matches({ verifying: { resend: 'available' } })).toBe(true)
    actor.send({ type: 'RESEND' })
    const child = inspector.events.find(
      (event) => event.type === '@xstate.actor' && event.actorRef !== actor,
    )
    expect((child?.actorRef as AnyActorRef | undefined)?.id).toBe('resendVerificationCode')
    expect(
      inspector.events.some(
        (event) => event.type === '@xstate.event' && event.event.type === 'RESEND',
      ),
    ).toBe(true)
    actor.stop()
  })

  it('stops reporting once detached', () => {
    const inspector = recordingInspector()
    attachInspector(inspector)()
    createActor(verifyMachine, { input: { email: 'ada@example.com' } })
      .start()
      .stop()
    expect(inspector.events).toEqual([])
  })
})
