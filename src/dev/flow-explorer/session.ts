import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  initialTransition,
  transition,
} from 'xstate'
import type { Flow } from '../flows/flow-catalog'
import {
  type FlowModel,
  type FlowTransition,
  flowModel,
  pathLabel,
  triggerWithGuard,
} from '../flows/flow-model'
import {
  activeLeafNodes,
  actorAnswerOf,
  invokedActorName,
  sendableEventTypes,
} from '../flows/machine-graph'
import { chosenTransitions, XStateInternalsChanged } from '../flows/xstate-internals'
import type { ActorOutcome } from '../outcomes/outcomes'
import { GuardOverrides, withGuardOverrides } from './guard-overrides'

/**
 * The flow explorer's logic, without React: a flow is walked with XState's pure transitions
 * (no clock, no server), asking the walk the generated path tests use too
 * (#dev/flows/machine-graph) what the flow offers now. That is offered as steps:
 *
 * - `event`: an event the user sends, one step per branch (each guarded alternative); a
 *   branch whose guard says no is taken anyway, by forcing its guard (guard-overrides.ts).
 *   The product owner may give the event's data as JSON.
 * - `timer`: a delayed transition (`after`), fired at once, one step per branch likewise.
 * - `outcome`: an invoked actor answering with one of the flow's outcomes
 *   (`<flow>.outcomes.ts`), or plain success / error when the flow lists none. Its branches
 *   are decided by the machine's real guards on that answer, as in the app.
 */

export interface ExplorerStep {
  /** Stable within a snapshot, for buttons and tests. */
  key: string
  group: 'event' | 'timer' | 'outcome'
  label: string
  eventType: string
  /** The event sent (user events get the typed data merged in). */
  event: AnyEventObject
  /** Guards answered this way to take the branch. */
  force: Record<string, boolean>
  /** Whether the machine's real guards choose this branch now (undefined: cannot tell). */
  chosen?: boolean
}

export interface Explorer {
  flow: Flow
  model: FlowModel
  machine: AnyStateMachine
  overrides: GuardOverrides
}

export type StepResult = { ok: true; snapshot: AnyMachineSnapshot } | { ok: false; error: string }

export function createExplorer(flow: Flow): Explorer {
  const overrides = new GuardOverrides()
  return {
    flow,
    model: flowModel(flow.machine),
    machine: withGuardOverrides(flow.machine, overrides),
    overrides,
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export function startFlow(explorer: Explorer, input: unknown): StepResult {
  try {
    const [snapshot] = initialTransition(explorer.machine, input)
    if (snapshot.status === 'error') return { ok: false, error: message(snapshot.error) }
    return { ok: true, snapshot }
  } catch (error) {
    return { ok: false, error: `The flow cannot start with this input: ${message(error)}` }
  }
}

/** Paths of the active leaf states (what the diagram highlights). */
export function activeLeafPaths(snapshot: AnyMachineSnapshot): string[][] {
  return activeLeafNodes(snapshot).map((node) => [...node.path])
}

function guardName(definition: AnyTransitionDefinition): string | null | undefined {
  const guard = definition.guard
  if (guard === undefined) return undefined
  if (typeof guard === 'string') return guard
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type)
  return null // inline or higher-order: cannot be forced by name
}

function definitionsOf(node: AnyStateNode, type: string): AnyTransitionDefinition[] {
  return node.transitions.get(type) ?? []
}

/** The transition model entry of a definition (for its readable label). */
function modelTransition(explorer: Explorer, definition: AnyTransitionDefinition) {
  const source = definition.source
  const index = definitionsOf(source, definition.eventType).indexOf(definition)
  return explorer.model.transitions.find(
    (candidate: FlowTransition) =>
      pathLabel(candidate.source) === pathLabel(source.path) &&
      candidate.eventType === definition.eventType &&
      candidate.index === index,
  )
}

interface Branch {
  definition: AnyTransitionDefinition
  force: Record<string, boolean>
}

/**
 * Every branch an event can take from this snapshot: for each active leaf, the definitions on
 * it and its ancestors, deepest first (XState's order). To take a branch, the guards of the
 * alternatives before it say no and its own says yes; a branch behind an unguarded one is out
 * of reach and left out.
 */
function branchesOf(snapshot: AnyMachineSnapshot, type: string): Branch[] {
  const branches: Branch[] = []
  const seen = new Set<AnyTransitionDefinition>()
  for (const leaf of activeLeafNodes(snapshot)) {
    const blockers: Record<string, boolean> = {}
    let blocked = false
    for (let node: AnyStateNode | undefined = leaf; node && !blocked; node = node.parent) {
      for (const definition of definitionsOf(node, type)) {
        const name = guardName(definition)
        if (!seen.has(definition)) {
          seen.add(definition)
          branches.push({
            definition,
            force: name ? { ...blockers, [name]: true } : { ...blockers },
          })
        }
        if (name === undefined) {
          blocked = true
          break
        }
        if (name !== null) blockers[name] = false
      }
    }
  }
  return branches
}

function chosenDefinitions(
  explorer: Explorer,
  snapshot: AnyMachineSnapshot,
  event: AnyEventObject,
): Set<AnyTransitionDefinition> | undefined {
  try {
    return new Set(chosenTransitions(explorer.machine, snapshot, event))
  } catch (error) {
    if (error instanceof XStateInternalsChanged) throw error
    return undefined // a guard that needs the event's data: cannot tell
  }
}

function branchLabel(explorer: Explorer, definition: AnyTransitionDefinition): string {
  const entry = modelTransition(explorer, definition)
  const trigger = entry ? triggerWithGuard(entry) : definition.eventType
  const targets = (definition.target ?? []).map((target) => pathLabel(target.path))
  return `${trigger} → ${targets.length > 0 ? targets.join(', ') : '(stays)'}`
}

function branchSteps(
  explorer: Explorer,
  snapshot: AnyMachineSnapshot,
  type: string,
  group: 'event' | 'timer',
  data: Readonly<Record<string, unknown>>,
): ExplorerStep[] {
  const event = { ...data, type }
  const chosen = chosenDefinitions(explorer, snapshot, event)
  return branchesOf(snapshot, type).map(({ definition, force }, index) => ({
    key: `${type}#${index}`,
    group,
    label: branchLabel(explorer, definition),
    eventType: type,
    event,
    force,
    ...(chosen ? { chosen: chosen.has(definition) } : {}),
  }))
}

function outcomeSteps(explorer: Explorer, snapshot: AnyMachineSnapshot, type: string) {
  const { kind, id } = actorAnswerOf(type) ?? { kind: 'done', id: '' }
  const actor = invokedActorName(snapshot, id)
  const listed = (explorer.flow.outcomes[actor] ?? []).filter((outcome: ActorOutcome) =>
    kind === 'done' ? 'output' in outcome : 'error' in outcome,
  )
  const outcomes: ActorOutcome[] =
    listed.length > 0
      ? listed
      : [
          kind === 'done'
            ? { label: 'success', output: undefined }
            : { label: 'error', error: new Error(`${actor} failed`) },
        ]
  return outcomes.map((outcome, index): ExplorerStep => {
    const event =
      'output' in outcome ? { type, output: outcome.output } : { type, error: outcome.error }
    return {
      key: `${type}#${index}`,
      group: 'outcome',
      label: `${actor}: ${outcome.label}`,
      eventType: type,
      event,
      force: {},
    }
  })
}

/** Everything that can happen now; `data` is what the product owner typed, by event type. */
export function possibleSteps(
  explorer: Explorer,
  snapshot: AnyMachineSnapshot,
  data: Readonly<Record<string, Record<string, unknown>>> = {},
): ExplorerStep[] {
  return sendableEventTypes(snapshot).flatMap((type) => {
    if (actorAnswerOf(type)) return outcomeSteps(explorer, snapshot, type)
    const group = type.startsWith('xstate.after.') ? 'timer' : 'event'
    return branchSteps(explorer, snapshot, type, group, group === 'event' ? (data[type] ?? {}) : {})
  })
}

export function takeStep(
  explorer: Explorer,
  snapshot: AnyMachineSnapshot,
  step: ExplorerStep,
): StepResult {
  explorer.overrides.force(step.force)
  try {
    const [next] = transition(explorer.machine, snapshot, step.event)
    if (next.status === 'error') return { ok: false, error: message(next.error) }
    return { ok: true, snapshot: next }
  } catch (error) {
    const hint = step.group === 'event' ? ' (does the event need data? give it as JSON)' : ''
    return { ok: false, error: `${step.eventType} failed: ${message(error)}${hint}` }
  } finally {
    explorer.overrides.clear()
  }
}
