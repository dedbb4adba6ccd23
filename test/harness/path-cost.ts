/**
 * What the generated path tests of one `describeMachinePaths` block cost, printed after the
 * block as `cost <machine id>: …`, so a slow machine shows by name in every run. The gate's
 * budget (`coverageGateBudgetMs`) is explicit rather than Vitest's 5 s default: in a full run
 * the gate replays nothing (it reads the coverage the path tests recorded) and takes a few
 * milliseconds; only when a filter (`-t`, `.only`) skipped path tests does it replay those.
 * 30 s is about eight times the slowest full replay measured (one-time-code, about 310 paths:
 * 2 to 4 s on a 2-core machine at load 18), so a busy CI machine does not fail it.
 */
export const coverageGateBudgetMs = 30_000

export interface PathCost {
  machineId: string
  paths: number
  /** Generating the paths at collection (graph walk, pure simulation, naming). */
  generateMs: number
  /** All path tests' replays on live actors, with their state assertions. */
  replayMs: number
  /** The coverage gate, including replays of path tests that did not run. */
  gateMs: number
  gateReplays: number
}

export function newPathCost(machineId: string): PathCost {
  return { machineId, paths: 0, generateMs: 0, replayMs: 0, gateMs: 0, gateReplays: 0 }
}

/** Adds the time `run` takes to `cost[field]`. */
export async function timed(
  cost: PathCost,
  field: 'replayMs' | 'gateMs',
  run: () => unknown,
): Promise<void> {
  const started = performance.now()
  try {
    await run()
  } finally {
    cost[field] += performance.now() - started
  }
}

const ms = (value: number) => `${Math.round(value)} ms`

/** `cost verify: 224 paths, generated in 85 ms, replayed in 610 ms; gate 1 ms (0 replays) */
export function formatCostLine(cost: PathCost): string {
  return [
    `cost ${cost.machineId}: ${cost.paths} paths, generated in ${ms(cost.generateMs)},`,
    `replayed in ${ms(cost.replayMs)}; gate ${ms(cost.gateMs)} (${cost.gateReplays} replays,`,
    `budget ${coverageGateBudgetMs / 1000} s)`,
  ].join(' ')
}
