import {
  type AnyActorLogic,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  fromPromise,
  type InspectionEvent,
  SimulatedClock,
  type StateValue,
} from 'xstate'
import { actorAnswerOf } from '#dev/flows/machine-graph'
import { type ScheduledTimer, scheduledTimers } from '#dev/flows/xstate-internals'
import { invokedActorNames } from './machine-structure'
import type { Invocation, MachinePath, PathStep, ReplayOptions, StepContext } from './types'

/**
 * Replays a generated path on a live actor: the machine with its actors provided, running on a
 * SimulatedClock. After each event the actor's state value must be the path's; then `onStep`
 * runs (the state assertions).
 *
 * - `xstate.after.<delay>.<stateId>`: the clock advances to that timer (read from the actor
 *   system's scheduled events), which fires it.
 * - `xstate.done.actor.<id>` / `xstate.error.actor.<id>`: the invoked actor `<id>` is a promise
 *   the harness holds; it resolves with the event's `output` or rejects with its `error`, and
 *   the replay waits until the machine has processed the event.
 * - anything else is sent to the actor.
 */

interface Settle {
  resolve: (output: unknown) => void
  reject: (error: unknown) => void
}

/** Promise actors that settle when the path says so. */
class PromiseGate {
  readonly invocations: Invocation[] = []
  private readonly pending = new Map<string, Settle>()

  logicFor(src: string): AnyActorLogic {
    return fromPromise<unknown, unknown>(
      ({ input, self }) =>
        new Promise((resolve, reject) => {
          this.invocations.push({ src, id: self.id, input })
          this.pending.set(self.id, { resolve, reject })
        }),
    )
  }

  settle(id: string, outcome: 'done' | 'error', event: AnyEventObject): boolean {
    const settle = this.pending.get(id)
    if (!settle) return false
    this.pending.delete(id)
    if (outcome === 'done') settle.resolve(event.output)
    else settle.reject(event.error)
    return true
  }
}

export interface ReplayHooks {
  onStep?: (snapshot: AnyMachineSnapshot, step: PathStep, context: StepContext) => unknown
  inspect?: (event: InspectionEvent) => void
}

export function sameStateValue(a: StateValue, b: StateValue): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b
  const keys = Object.keys(a)
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => {
      const left = a[key]
      const right = b[key]
      return left !== undefined && right !== undefined && sameStateValue(left, right)
    })
  )
}

/** Runs `run`, putting `where` in front of the message of what it throws. */
async function prefixErrors(where: string, run: () => unknown): Promise<void> {
  try {
    await run()
  } catch (error) {
    if (error instanceof Error) error.message = `${where}: ${error.message}`
    throw error
  }
}

/** Lets promise callbacks run until `done()`: microtasks first, then a few macrotask turns. */
async function settleTurns(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 100 && !done(); turn++) await Promise.resolve()
  for (let turn = 0; turn < 20 && !done(); turn++) {
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
}

export async function replayPath<TMachine extends AnyStateMachine>(
  machine: TMachine,
  path: MachinePath,
  options: ReplayOptions<TMachine> = {},
  hooks: ReplayHooks = {},
): Promise<void> {
  const gate = new PromiseGate()
  const actors: Record<string, AnyActorLogic> = { ...options.actors }
  for (const name of invokedActorNames(machine)) actors[name] ??= gate.logicFor(name)
  const clock = new SimulatedClock()
  const processed = new Map<string, number>()
  const actor: AnyActorRef = createActor(machine.provide({ actors }) as AnyStateMachine, {
    clock,
    input: options.input,
    inspect: (event) => {
      if (event.actorRef.sessionId !== event.rootId) return
      if (event.type === '@xstate.snapshot') {
        processed.set(event.event.type, (processed.get(event.event.type) ?? 0) + 1)
      }
      hooks.inspect?.(event)
    },
  })
  let failure: unknown
  actor.subscribe({ error: (error) => (failure = error) })

  const timerStarts = new WeakMap<ScheduledTimer, number>()
  const noteTimers = () => {
    for (const timer of scheduledTimers(actor)) {
      if (!timerStarts.has(timer)) timerStarts.set(timer, clock.now())
    }
  }

  const fireTimer = (type: string) => {
    const timer = scheduledTimers(actor).find(
      (scheduled) => scheduled.event.type === type && scheduled.target === actor,
    )
    if (!timer) throw new Error(`${type} is not scheduled`)
    const startedAt = timerStarts.get(timer) ?? clock.now()
    clock.increment(Math.max(0, startedAt + timer.delay - clock.now()))
  }

  const awaitActorOutcome = async (
    event: AnyEventObject,
    id: string,
    outcome: 'done' | 'error',
  ) => {
    const before = processed.get(event.type) ?? 0
    gate.settle(id, outcome, event)
    await settleTurns(() => (processed.get(event.type) ?? 0) > before)
    if ((processed.get(event.type) ?? 0) === before) {
      throw new Error(`${event.type} never reached the machine (is actor "${id}" running?)`)
    }
  }

  const dispatch = async (event: AnyEventObject) => {
    const answer = actorAnswerOf(event.type)
    if (event.type.startsWith('xstate.after.')) fireTimer(event.type)
    else if (answer) await awaitActorOutcome(event, answer.id, answer.kind)
    else actor.send(event)
  }

  try {
    actor.start()
    let previous: AnyMachineSnapshot | undefined
    for (const [index, step] of path.steps.entries()) {
      const where = `step ${index} (${step.event.type})`
      if (index > 0) await prefixErrors(where, () => dispatch(step.event))
      noteTimers()
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot
      if (failure !== undefined || snapshot.status === 'error') {
        throw new Error(`${where}: the actor failed: ${String(failure ?? snapshot.error)}`)
      }
      if (!sameStateValue(snapshot.value, step.value)) {
        throw new Error(
          `${where}: expected state ${JSON.stringify(step.value)}, the machine is in ${JSON.stringify(snapshot.value)}`,
        )
      }
      const context = { event: step.event, previous, invocations: gate.invocations }
      await prefixErrors(`${where}, state ${JSON.stringify(step.value)}`, () =>
        hooks.onStep?.(snapshot, step, context),
      )
      previous = snapshot
    }
  } finally {
    actor.stop()
  }
}
