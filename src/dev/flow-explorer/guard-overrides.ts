import type { AnyStateMachine } from 'xstate'

/**
 * Lets the explorer take a guarded branch by clicking it, whatever the data: the machine's
 * named guards are wrapped so that a guard given a forced answer returns it the next time it
 * is asked (once), and asks the real guard otherwise. Higher-order guards (and/or/not) are
 * left as they are: their parts are named guards and get wrapped themselves.
 */

type GuardFunction = (args: unknown, params: unknown) => boolean

export class GuardOverrides {
  private readonly forced = new Map<string, boolean>()

  force(answers: Readonly<Record<string, boolean>>): void {
    this.forced.clear()
    for (const [name, answer] of Object.entries(answers)) this.forced.set(name, answer)
  }

  clear(): void {
    this.forced.clear()
  }

  decide(name: string, real: () => boolean): boolean {
    const answer = this.forced.get(name)
    if (answer === undefined) return real()
    this.forced.delete(name)
    return answer
  }
}

function isHigherOrder(guard: unknown): boolean {
  return typeof guard === 'function' && 'check' in guard
}

/** The machine with every named guard asking `overrides` first. */
export function withGuardOverrides(
  machine: AnyStateMachine,
  overrides: GuardOverrides,
): AnyStateMachine {
  const guards = Object.fromEntries(
    Object.entries(machine.implementations.guards as Record<string, unknown>).map(
      ([name, guard]) => {
        if (typeof guard !== 'function' || isHigherOrder(guard)) return [name, guard]
        const real = guard as GuardFunction
        const wrapped: GuardFunction = (args, params) =>
          overrides.decide(name, () => real(args, params))
        return [name, wrapped]
      },
    ),
  )
  return machine.provide({ guards } as Parameters<AnyStateMachine['provide']>[0])
}
