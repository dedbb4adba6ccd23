import { Actor, type AnyActorRef, type InspectionEvent, type Observer } from 'xstate'
import { parentOf } from './flows/xstate-internals'

/**
 * Live inspection in development: with `?inspect` in the address, `npm run dev` attaches the
 * Stately inspector (@statelyai/inspect) to every actor the app starts, so a flow can be
 * watched in the inspector window while it is clicked through. `?inspect=<url>` points at
 * another inspector address. main.tsx loads this module only when `import.meta.env.DEV`, so
 * neither it nor @statelyai/inspect is in the production build (an e2e test greps dist/).
 *
 * Routes need no change: a root actor reports to the inspector when it starts (the hook wraps
 * `Actor.prototype.start`), and its whole actor system (invoked and spawned actors) with it.
 */

export const inspectorMarker = 'portal-dev-inspector'

/** What the hook needs of an inspector; @statelyai/inspect's Inspector has it. */
export interface InspectorLike {
  inspect: Observer<InspectionEvent>
}

type StartableActor = AnyActorRef & { system: AnyActorRef['system'] }

let current: InspectorLike | null = null
let originalStart: (() => unknown) | null = null
const inspectedSystems = new WeakSet<object>()

function report(actor: StartableActor, inspector: InspectorLike): void {
  if (parentOf(actor) || inspectedSystems.has(actor.system)) return
  inspectedSystems.add(actor.system)
  // The root registered itself before anyone could listen: tell the inspector about it.
  inspector.inspect.next?.({ type: '@xstate.actor', actorRef: actor, rootId: actor.sessionId })
  actor.system.inspect(inspector.inspect)
}

/** Every actor system started from now on reports to `inspector`. Returns the way back. */
export function attachInspector(inspector: InspectorLike): () => void {
  current = inspector
  if (!originalStart) {
    const start = Actor.prototype.start
    originalStart = start
    Actor.prototype.start = function startInspected(this: Actor<never>) {
      if (current) report(this as unknown as StartableActor, current)
      return start.call(this)
    }
  }
  return () => {
    current = null
    if (originalStart) Actor.prototype.start = originalStart as Actor<never>['start']
    originalStart = null
  }
}

/** The inspector address `?inspect` asks for: '' for Stately's own, null when not asked. */
export function requestedInspector(search: string): string | null {
  const params = new URLSearchParams(search)
  return params.has('inspect') ? (params.get('inspect') ?? '') : null
}

export async function startInspection(search = window.location.search): Promise<void> {
  const url = requestedInspector(search)
  if (url === null) return
  const { createBrowserInspector } = await import('@statelyai/inspect')
  attachInspector(createBrowserInspector(url ? { url } : {}))
  console.info(`[${inspectorMarker}] Stately inspector attached to the app's actors`)
}
