import { describe, expect, it } from 'vitest'
import {
  type AnyActorRef,
  type AnyTransitionDefinition,
  createActor,
  fromPromise,
  type InspectionEvent,
  initialTransition,
  SimulatedClock,
  setup,
} from 'xstate'
import {
  chosenTransitions,
  microstepTransitions,
  parentOf,
  scheduledTimers,
  XStateInternalsChanged,
} from '#dev/flows/xstate-internals'

/**
 * The XState internals the repository reads (src/dev/flows/xstate-internals.ts), checked
 * against the installed xstate. When one of these fails after an upgrade, the coverage of the
 * generated path tests, their timers, the explorer's chosen branches or the dev inspector would
 * be wrong: fix the accessor, not the test.
 */

const door = setup({
  guards: { isLocked: ({ event }) => (event as { locked?: boolean }).locked === true },
  actors: { lockSensor: fromPromise(() => new Promise<void>(() => {})) },
}).createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: {
      invoke: { id: 'sensor', src: 'lockSensor' },
      after: { 1000: 'ajar' },
      on: {
        OPEN: [{ guard: 'isLocked', target: 'closed', reenter: true }, { target: 'open' }],
      },
    },
    ajar: {},
    open: {},
  },
})

const openEvent = { type: 'OPEN', locked: false }

describe('XState internals read by the flow tools', () => {
  it('microstep inspection events carry the transitions taken', () => {
    const taken: AnyTransitionDefinition[] = []
    const actor = createActor(door, {
      inspect: (event: InspectionEvent) => {
        if (event.type === '@xstate.microstep') taken.push(...microstepTransitions(event))
      },
    }).start()
    actor.send(openEvent)
    actor.stop()
    expect(taken.map((t) => `${t.source.id} ${t.eventType} ${t.target?.[0]?.id}`)).toEqual([
      'door.closed OPEN door.open',
    ])
  })

  it('the actor system lists its scheduled timers with event, target and delay', () => {
    const clock = new SimulatedClock()
    const actor = createActor(door, { clock }).start()
    const timers = scheduledTimers(actor)
    expect(timers.map(({ event, delay }) => [event.type, delay])).toEqual([
      ['xstate.after.1000.door.closed', 1000],
    ])
    expect(timers[0]?.target).toBe(actor)
    clock.increment(1000)
    expect(actor.getSnapshot().value).toBe('ajar')
    expect(scheduledTimers(actor)).toEqual([])
    actor.stop()
  })

  it('the machine tells which guarded alternative its real guards choose', () => {
    const [closed] = initialTransition(door)
    const chosen = (locked: boolean) =>
      chosenTransitions(door, closed, { type: 'OPEN', locked }).map((t) => t.target?.[0]?.id)
    expect(chosen(true)).toEqual(['door.closed'])
    expect(chosen(false)).toEqual(['door.open'])
  })

  it('an actor knows its parent; a root actor has none', () => {
    const actor = createActor(door).start()
    const sensor = actor.getSnapshot().children.sensor as AnyActorRef | undefined
    expect(sensor).toBeDefined()
    if (sensor) expect(parentOf(sensor)).toBe(actor)
    expect(parentOf(actor)).toBeUndefined()
    actor.stop()
  })

  it('says which internal changed, loudly, when a shape is not what it reads', () => {
    const microstep = { type: '@xstate.microstep' } as Extract<
      InspectionEvent,
      { type: '@xstate.microstep' }
    >
    expect(() => microstepTransitions(microstep)).toThrow(XStateInternalsChanged)
    expect(() => microstepTransitions(microstep)).toThrow(
      /XState changed an internal this repository reads: `_transitions` of @xstate\.microstep/,
    )
    const actorWithout = { system: { getSnapshot: () => ({}) } } as unknown as AnyActorRef
    expect(() => scheduledTimers(actorWithout)).toThrow(/`_scheduledEvents`/)
    expect(() => parentOf({} as AnyActorRef)).toThrow(/`_parent`/)
  })
})
