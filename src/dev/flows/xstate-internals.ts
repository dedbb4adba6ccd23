import type {
  AnyActorRef,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyTransitionDefinition,
  InspectionEvent,
} from 'xstate'

/**
 * The only place in the repository that reads XState's internals: fields whose names start
 * with `_`, and methods the XState docs do not describe. Everything else walks machines through
 * the public API (`xstate` and `xstate/graph`, see machine-graph.ts). Each accessor checks the
 * shape it reads and throws `XStateInternalsChanged` naming the field, so an XState upgrade
 * that moves one fails loudly here (and in test/flows/xstate-internals.test.ts) instead of
 * quietly measuring nothing.
 *
 * What has no public equivalent, and who needs it:
 * - the transitions a microstep took (`_transitions` of `@xstate.microstep` inspection
 *   events): transition coverage of the generated path tests (test/harness/coverage.ts);
 * - the timers an actor system has scheduled (`system.getSnapshot()._scheduledEvents`): the
 *   path replay fires a given `after` timer on the simulated clock (test/harness/path-replay.ts);
 * - which transitions the machine's real guards choose for an event
 *   (`machine.getTransitionData`): the flow explorer marks the branch the app would take;
 * - an actor's parent (`_parent`): the dev inspector attaches to root actors only.
 */

export class XStateInternalsChanged extends Error {
  constructor(what: string, detail: string) {
    super(
      `XState changed an internal this repository reads: ${what} (${detail}). ` +
        'Update src/dev/flows/xstate-internals.ts for the installed xstate version.',
    )
    this.name = 'XStateInternalsChanged'
  }
}

/** The transition definitions a microstep took. */
export function microstepTransitions(
  event: Extract<InspectionEvent, { type: '@xstate.microstep' }>,
): AnyTransitionDefinition[] {
  const taken: unknown = (event as { _transitions?: unknown })._transitions
  if (!Array.isArray(taken)) {
    throw new XStateInternalsChanged(
      '`_transitions` of @xstate.microstep inspection events',
      `found ${typeof taken}, expected an array of transition definitions`,
    )
  }
  return taken as AnyTransitionDefinition[]
}

export interface ScheduledTimer {
  event: AnyEventObject
  target: AnyActorRef
  delay: number
}

/** The delayed events the actor's system has scheduled and not yet delivered. */
export function scheduledTimers(actor: AnyActorRef): ScheduledTimer[] {
  const scheduled: unknown = (actor.system.getSnapshot() as { _scheduledEvents?: unknown })
    ._scheduledEvents
  if (typeof scheduled !== 'object' || scheduled === null) {
    throw new XStateInternalsChanged(
      '`_scheduledEvents` of the actor system snapshot',
      `found ${typeof scheduled}, expected a record of scheduled events`,
    )
  }
  return Object.values(scheduled).map((timer: unknown) => {
    const { event, target, delay } = (timer ?? {}) as Partial<ScheduledTimer>
    if (typeof event?.type !== 'string' || typeof delay !== 'number' || !target) {
      throw new XStateInternalsChanged(
        'a scheduled event of the actor system',
        'expected { event, target, delay }',
      )
    }
    return timer as ScheduledTimer
  })
}

/** The transitions the machine's real guards choose for `event` in `snapshot`. */
export function chosenTransitions(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: AnyEventObject,
): AnyTransitionDefinition[] {
  if (typeof machine.getTransitionData !== 'function') {
    throw new XStateInternalsChanged('`machine.getTransitionData`', 'it is not a function')
  }
  return machine.getTransitionData(snapshot, event)
}

/** The actor that spawned or invoked this one, undefined for a root actor. */
export function parentOf(actor: AnyActorRef): AnyActorRef | undefined {
  if (!('_parent' in actor)) {
    throw new XStateInternalsChanged('`_parent` of an actor', 'the field is gone')
  }
  return (actor as { _parent?: AnyActorRef })._parent
}
