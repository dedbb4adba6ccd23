import { afterAll, describe, expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import {
  createCoverageRecorder,
  formatCoverageLine,
  isFullCoverage,
  measureMachineCoverage,
} from './coverage'
import { writeCoverageReport } from './coverage-report'
import { generateMachinePaths } from './path-generation'
import { replayPath } from './path-replay'
import { keyAssertions, runStateAssertions, unassertedStatesOnPaths } from './state-assertions'
import type { MachineCoverage, MachinePath, MachinePathsOptions } from './types'

/** describeMachinePaths blocks per machine id in this test file, to name their reports. */
const blocksPerMachine = new Map<string, number>()

function coverageGap(coverage: MachineCoverage): string {
  const states = coverage.states.missing.map((state) => `  state ${state}`)
  const transitions = coverage.transitions.missing.map((transition) => `  transition ${transition}`)
  return [`${formatCoverageLine(coverage)}; not reached:`, ...states, ...transitions].join('\n')
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
 * assertion; a last `it`, the coverage gate, that measures the coverage of all the paths,
 * writes it to coverage/flows/ (coverage-report.ts) and fails when a state or a transition is
 * not reached (set `coverageGate: false` on a block that covers only part of a machine: the
 * suite-wide gate still wants the blocks of a machine together at 100%); and, after the block,
 * prints `coverage <machine id>: states a/b, transitions c/d`. The returned `coverage()` gives
 * those numbers as data once the tests have run.
 */
export function describeMachinePaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: MachinePathsOptions<TMachine>,
): { paths: MachinePath[]; coverage: () => MachineCoverage } {
  const keyed = keyAssertions(machine, options.states)
  const paths = generateMachinePaths(machine, options)
  const holes = unassertedStatesOnPaths(
    paths,
    keyed.map(({ node }) => node),
  )
  const recorder = createCoverageRecorder(machine)
  const block = blocksPerMachine.get(machine.id) ?? 0
  blocksPerMachine.set(machine.id, block + 1)

  describe(`${machine.id} (generated paths)`, () => {
    it('has an assertion for every reachable state', () => {
      if (holes.length > 0) {
        throw new Error(`reachable states without an assertion: ${holes.join(', ')}`)
      }
    })
    for (const path of paths) {
      it(path.name, () =>
        replayPath(machine, path, options, {
          inspect: recorder.inspect,
          onStep: (snapshot, _step, context) => runStateAssertions(snapshot, context, keyed),
        }),
      )
    }
    it('covers every state and transition (coverage gate)', async () => {
      const coverage = await measureMachineCoverage(machine, options)
      writeCoverageReport(coverage, expect.getState().testPath, block)
      if (options.coverageGate !== false && !isFullCoverage(coverage)) {
        throw new Error(coverageGap(coverage))
      }
    })
    afterAll(() => {
      console.log(formatCoverageLine(recorder.result()))
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
export { generateMachinePaths } from './path-generation'
export { replayPath } from './path-replay'
export { findUnassertedStates } from './state-assertions'
export type * from './types'
