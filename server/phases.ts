/**
 * Start-up phases, one line each: "[portal] migrating… done in 0.4 s". On the terminal the line
 * opens when the phase starts (so a slow phase shows what it is waiting for) and is finished
 * when it ends; with a line logger (tests, embedding) the whole line is logged at the end.
 */

/**
 * Runs `work` as one named phase; `outcome` words how it ended from its result and the time it
 * took ("done in 1.2 s" by default).
 */
export type RunPhase = <T>(
  label: string,
  work: () => Promise<T>,
  outcome?: (result: T, took: string) => string,
) => Promise<T>

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`
const done = (_result: unknown, took: string) => `done in ${took}`

/** Phases written to a terminal stream, each line opened at the start and closed at the end. */
export function terminalPhases(
  stream: { write(text: string): unknown } = process.stdout,
  prefix = '[portal] ',
): RunPhase {
  return async (label, work, outcome) => {
    const started = performance.now()
    stream.write(`${prefix}${label}… `)
    try {
      const result = await work()
      stream.write(`${(outcome ?? done)(result, seconds(started))}\n`)
      return result
    } catch (error) {
      stream.write(`failed after ${seconds(started)}\n`)
      throw error
    }
  }
}

/** Phases reported through a line logger: one line per phase, when it ends. */
export function loggedPhases(log: (line: string) => void): RunPhase {
  return async (label, work, outcome) => {
    const started = performance.now()
    try {
      const result = await work()
      log(`${label}… ${(outcome ?? done)(result, seconds(started))}`)
      return result
    } catch (error) {
      log(`${label}… failed after ${seconds(started)}`)
      throw error
    }
  }
}

/** Runs phases without reporting them (operator commands, tests that open a database). */
export const silentPhases: RunPhase = (_label, work) => work()
