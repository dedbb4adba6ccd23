import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'

/**
 * The static shape of a machine: its states, its transitions and the actors it invokes.
 *
 * States: every state node below the root (compound, parallel, atomic and final), nested ones
 * included. History nodes are left out: they are pseudo-states that are never active. A
 * compound or parallel parent counts as reached when any of its children is active.
 *
 * Transitions: every transition definition of every node, root included: `on` events, `after`
 * delays, invoke `onDone`/`onError`, state `onDone` and `always`. Each entry of an array of
 * guarded alternatives counts on its own, targetless transitions count, and a definition with
 * several targets counts once. Initial transitions are not counted.
 */

export function listStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = []
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      if (child.type !== 'history') nodes.push(child)
      visit(child)
    }
  }
  visit(machine.root)
  return nodes
}

export function listTransitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return [machine.root, ...listStateNodes(machine)].flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ])
}

/**
 * A stable id for a transition definition: the same for a machine and its `provide()`d copy,
 * whose definitions are new objects.
 */
export function transitionId(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition
  const siblings = eventType === '' ? source.always : source.transitions.get(eventType)
  const index = siblings?.indexOf(transition) ?? -1
  return `${source.id}:${eventType === '' ? 'always' : eventType}[${index}]`
}

function guardName(guard: unknown): string | undefined {
  if (guard === undefined) return undefined
  if (typeof guard === 'string') return guard
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type)
  return 'inline guard'
}

/**
 * e.g. `verifyResendCounting --xstate.after.tick.verifyResendCounting [isLastSecond]-->
 * verifyResendAvailable`
 */
export function transitionLabel(transition: AnyTransitionDefinition): string {
  const event = transition.eventType === '' ? 'always' : transition.eventType
  const guard = guardName(transition.guard)
  const targets = transition.target?.map((target) => target.id).join(', ') ?? '(no target)'
  return `${transition.source.id} --${event}${guard ? ` [${guard}]` : ''}--> ${targets}`
}

/** The node a `states` key names: '#id', or a path of state keys like 'form.invalid'. */
export function resolveStateKey(machine: AnyStateMachine, key: string): AnyStateNode {
  const node = key.startsWith('#')
    ? listStateNodes(machine).find((candidate) => candidate.id === key.slice(1))
    : listStateNodes(machine).find((candidate) => candidate.path.join('.') === key)
  if (!node) throw new Error(`Unknown state "${key}" in machine "${machine.id}"`)
  return node
}

/** The readable name of a state node in messages: its path, like 'form.invalid'. */
export function statePath(node: AnyStateNode): string {
  return node.path.join('.')
}

export function isSameOrDescendant(node: AnyStateNode, ancestor: AnyStateNode): boolean {
  for (let current: AnyStateNode | undefined = node; current; current = current.parent) {
    if (current.id === ancestor.id) return true
  }
  return false
}

/** The names (in `setup({ actors })`) of the actors the machine invokes by name. */
export function invokedActorNames(machine: AnyStateMachine): string[] {
  const names = [machine.root, ...listStateNodes(machine)].flatMap((node) =>
    node.invoke.flatMap((invoke) => (typeof invoke.src === 'string' ? [invoke.src] : [])),
  )
  return [...new Set(names)]
}
