import type { CallContext, TimedCall } from './calls'

/**
 * A condition the calls are timed under, at each size. Only `quiet` exists: nothing else runs.
 * The hook for what issue 33 also asks, other customers' calls while a broadcast is delivered
 * in the background: a phase whose `start` sets the broadcast going (and waits until delivery
 * is under way), whose `calls` keeps the customers' calls, and whose `stop` waits for the
 * delivery to end; the runner times each phase's calls between its start and its stop and
 * prints a table per phase.
 */
export interface Phase {
  name: string
  /** Which of the calls are timed in this phase. */
  calls: (call: TimedCall) => boolean
  /** Sets the condition up; the returned stop ends it once the calls are timed. */
  start: (context: CallContext) => Promise<{ stop: () => Promise<void> }>
}

export const quiet: Phase = {
  name: 'quiet',
  calls: () => true,
  start: async () => ({ stop: async () => {} }),
}

export const phases: readonly Phase[] = [quiet]
