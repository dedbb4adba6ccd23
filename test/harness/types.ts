import type {
  AnyActorLogic,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  InputFrom,
  SnapshotFrom,
  StateValue,
} from 'xstate'

/** An invoked actor the harness started while replaying a path. */
export interface Invocation {
  /** The actor's name in `setup({ actors })`. */
  src: string
  /** The invoke id: the `<id>` in `xstate.done.actor.<id>`. */
  id: string
  input: unknown
}

/** What a state assertion knows about the step that led to the state. */
export interface StepContext<TSnapshot = AnyMachineSnapshot> {
  /** The event of this step (`xstate.init` for the initial state). */
  event: AnyEventObject
  /** The live snapshot before the event, undefined for the initial state. */
  previous: TSnapshot | undefined
  /** Every invocation started so far on this path, oldest first. */
  invocations: readonly Invocation[]
}

export type StateAssertion<TMachine extends AnyStateMachine> = (
  snapshot: SnapshotFrom<TMachine>,
  step: StepContext<SnapshotFrom<TMachine>>,
) => void | Promise<void>

export interface SimplePathBounds {
  /** Longest simple path kept, in events (default 8). */
  maxSteps?: number
  /** Most simple paths enumerated (default 10). */
  maxPaths?: number
}

export interface PathGenerationOptions<TMachine extends AnyStateMachine> {
  /** Input for the machine (the graph walk and every replay start from it). */
  input?: InputFrom<TMachine>
  /**
   * Payloads for the events the current state accepts. Events the state accepts that are not
   * in the list are tried bare (`{ type }`); listed events the state does not accept are
   * dropped. Supply `xstate.done.actor.<id>` with an `output` and `xstate.error.actor.<id>`
   * with an `error` here.
   */
  events?: (snapshot: SnapshotFrom<TMachine>) => readonly AnyEventObject[]
  simplePaths?: SimplePathBounds
  /** Fails the graph walk beyond this many visits (the graph must stay finite). */
  traversalLimit?: number
}

export interface ReplayOptions<TMachine extends AnyStateMachine>
  extends PathGenerationOptions<TMachine> {
  /**
   * Actor implementations keyed by their name in `setup({ actors })`. Invoked actors not given
   * here are replaced by promises that resolve or reject when the path says so.
   */
  actors?: Record<string, AnyActorLogic>
}

export interface MachinePathsOptions<TMachine extends AnyStateMachine>
  extends ReplayOptions<TMachine> {
  /**
   * Assertions keyed by state: a path like 'editing' or 'form.invalid', or '#stateId'. A key
   * applies whenever its state is active, so a parent's assertion covers its children.
   */
  states: Record<string, StateAssertion<TMachine>>
  /**
   * Whether this block alone must reach every state and transition (default true). Set false
   * on a block that covers part of a machine; the suite-wide gate still requires the blocks
   * of a machine together to reach 100%.
   */
  coverageGate?: boolean
}

export interface PathStep {
  event: AnyEventObject
  /** The state value the machine must be in after the event. */
  value: StateValue
  /** The snapshot of the pure (actor-less) transition; its context is not compared. */
  snapshot: AnyMachineSnapshot
}

export interface MachinePath {
  /** The event types joined by ' → ' (with payloads when that alone is ambiguous). */
  name: string
  /** steps[0] is the initial state (event `xstate.init`). */
  steps: PathStep[]
}

export interface CoverageCount {
  covered: number
  total: number
  /** What was not reached, readable. */
  missing: string[]
}

export interface MachineCoverage {
  machineId: string
  states: CoverageCount
  transitions: CoverageCount
}
