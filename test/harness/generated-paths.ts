import { afterAll, describe, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import { createCoverageRecorder, formatCoverageLine } from './coverage'
import { generateMachinePaths } from './path-generation'
import { replayPath } from './path-replay'
import { keyAssertions, runStateAssertions, unassertedStatesOnPaths } from './state-assertions'
import type { MachineCoverage, MachinePath, MachinePathsOptions } from './types'

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
 * assertion; and, after the block, prints `coverage <machine id>: states a/b, transitions c/d`.
 * The returned `coverage()` gives those numbers as data once the tests have run.
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
