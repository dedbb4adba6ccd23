import { afterAll, describe, expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import { createCoverageRecorder, formatCoverageLine, isFullCoverage } from './coverage'
import { writeCoverageReport } from './coverage-report'
import { coverageGateBudgetMs, formatCostLine, newPathCost, timed } from './path-cost'
import { generateMachinePaths } from './path-generation'
import { replayPath } from './path-replay'
import { keyAssertions, runStateAssertions, unassertedStatesOnPaths } from './state-assertions'
import type { MachineCoverage, MachinePath, MachinePathsOptions } from './types'

/** describeMachinePaths blocks per machine id in this test file, to name their reports. */
const blocksPerMachine = new Map<string, number>()

function coverageGap(coverage: MachineCoverage, failedPaths: number): string {
  const states = coverage.states.missing.map((state) => `  state ${state}`)
  const transitions = coverage.transitions.missing.map((transition) => `  transition ${transition}`)
  const failed =
    failedPaths > 0 ? [`(${failedPaths} path tests failed above and stopped early)`] : []
  return [
    `${formatCoverageLine(coverage)}; not reached:`,
    ...states,
    ...transitions,
    ...failed,
  ].join('\n')
}

/**
 * Generated path tests for one machine:
 *
 *   describeMachinePaths(machine, {
 *     input,                       // optional machine input
 *     actors: { name: logic },     // optional; invoked actors not given are held promises
 *     events: (snapshot) => [...], // payloads, incl. xstate.done/error.actor.<id>
 *     states: { editing: (snapshot, step) => { expect(...) } },
 *   })
 *
 * emits one `it` per generated path (named by its event types), each replaying the path on a
 * live actor with a simulated clock, checking the state value and running the assertions of
 * every active state after each step; one `it` that fails when a reachable state has no
 * assertion; a last `it`, the coverage gate, that fails when a state or a transition is not
 * reached (set `coverageGate: false` on a block that covers only part of a machine: the
 * suite-wide gate still wants the blocks of a machine together at 100%) and writes the coverage
 * to coverage/flows/ (coverage-report.ts).
 *
 * The paths are generated once, when the file is collected. The coverage is recorded while the
 * path tests replay them, so the gate replays nothing in a full run; it replays (without
 * assertions) only the paths whose test a filter skipped. The gate has an explicit budget
 * (`coverageGateBudgetMs`, path-cost.ts). After the block it prints
 * `coverage <machine id>: states a/b, transitions c/d` and
 * `cost <machine id>: n paths, generated in …, replayed in …; gate …`. The returned
 * `coverage()` gives the coverage as data once the tests have run.
 */
export function describeMachinePaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: MachinePathsOptions<TMachine>,
): { paths: MachinePath[]; coverage: () => MachineCoverage } {
  const cost = newPathCost(machine.id)
  const generatedAt = performance.now()
  const keyed = keyAssertions(machine, options.states)
  const paths = generateMachinePaths(machine, options)
  cost.generateMs = performance.now() - generatedAt
  cost.paths = paths.length
  const holes = unassertedStatesOnPaths(
    paths,
    keyed.map(({ node }) => node),
  )
  const recorder = createCoverageRecorder(machine)
  const replayed = new Set<MachinePath>()
  let failedPaths = 0
  const block = blocksPerMachine.get(machine.id) ?? 0
  blocksPerMachine.set(machine.id, block + 1)

  describe(`${machine.id} (generated paths)`, () => {
    it('has an assertion for every reachable state', () => {
      if (holes.length > 0) {
        throw new Error(`reachable states without an assertion: ${holes.join(', ')}`)
      }
    })
    for (const path of paths) {
      it(path.name, async () => {
        replayed.add(path)
        await timed(cost, 'replayMs', () =>
          replayPath(machine, path, options, {
            inspect: recorder.inspect,
            onStep: (snapshot, _step, context) => runStateAssertions(snapshot, context, keyed),
          }),
        ).catch((error: unknown) => {
          failedPaths++
          throw error
        })
      })
    }
    it('covers every state and transition (coverage gate)', { timeout: coverageGateBudgetMs }, () =>
      timed(cost, 'gateMs', async () => {
        for (const path of paths.filter((candidate) => !replayed.has(candidate))) {
          await replayPath(machine, path, options, { inspect: recorder.inspect })
          cost.gateReplays++
        }
        const coverage = recorder.result()
        writeCoverageReport(coverage, expect.getState().testPath, block)
        if (options.coverageGate !== false && !isFullCoverage(coverage)) {
          throw new Error(coverageGap(coverage, failedPaths))
        }
      }),
    )
    afterAll(() => {
      console.log(formatCoverageLine(recorder.result()))
      console.log(formatCostLine(cost))
    })
  })

  return { paths, coverage: recorder.result }
}

export {
  createCoverageRecorder,
  formatCoverageLine,
  isFullCoverage,
  measureMachineCoverage,
} from './coverage'
export { listStateNodes, listTransitions } from './machine-structure'
export { coverageGateBudgetMs, formatCostLine, type PathCost } from './path-cost'
export { generateMachinePaths } from './path-generation'
export { replayPath } from './path-replay'
export { findUnassertedStates } from './state-assertions'
export type * from './types'
