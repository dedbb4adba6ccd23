import type { AnyEventObject } from 'xstate'
import type { ActorOutcome, FlowOutcomes } from '#dev/outcomes/outcomes'

/**
 * The label of the outcome a `xstate.done.actor.<id>` / `xstate.error.actor.<id>` step came
 * from. The harness hands the outcome's own output or error object to the machine, so the
 * lookup is by identity.
 */
export function outcomeLabel(outcomes: FlowOutcomes, event: AnyEventObject): string {
  const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)
  const list: readonly ActorOutcome[] = (match?.[2] && outcomes[match[2]]) || []
  const found = list.find((outcome) =>
    'output' in outcome ? outcome.output === event.output : outcome.error === event.error,
  )
  if (!found) throw new Error(`no outcome for ${event.type}`)
  return found.label
}
