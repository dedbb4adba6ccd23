/**
 * Named outcomes of a flow's invoked actors: what each server call can answer, by label
 * ("welcome back", "invalid credentials", "network failure"). One list serves three readers:
 * the generated path tests (as `xstate.done.actor.<id>` / `xstate.error.actor.<id>` events),
 * the local flow explorer (as buttons a product owner clicks) and the docs.
 *
 * Convention: an actor is invoked with `id` equal to its name in `setup({ actors })`, and the
 * outcomes of a machine file `src/machines/<flow>.machine.ts` are
 * `src/dev/outcomes/<flow>.outcomes.ts`, as `export const outcomes: FlowOutcomes`. They are
 * fixtures, not part of the app: they live with the dev tools, which load them at run time
 * (the explorer, src/dev/flow-explorer/flows.ts), and the app never imports them.
 */
export type ActorOutcome = { label: string; output: unknown } | { label: string; error: unknown }

/** By actor name (= invoke id), every outcome worth a path or a button. */
export type FlowOutcomes = Readonly<Record<string, readonly ActorOutcome[]>>

/** The events that finish an invoked actor with each of its outcomes. */
export function outcomeEvents(outcomes: FlowOutcomes) {
  return Object.entries(outcomes).flatMap(([actor, list]) =>
    list.map((outcome) =>
      'output' in outcome
        ? { type: `xstate.done.actor.${actor}`, output: outcome.output }
        : { type: `xstate.error.actor.${actor}`, error: outcome.error },
    ),
  )
}
