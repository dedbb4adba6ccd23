import {
  type AnyStateMachine,
  type AnyStateNode,
  type InspectionEvent,
  isMachineSnapshot,
} from 'xstate'
import { activeStateNodes } from '#dev/flows/machine-graph'
import { microstepTransitions } from '#dev/flows/xstate-internals'
import {
  listStateNodes,
  listTransitions,
  statePath,
  transitionId,
  transitionLabel,
} from './machine-structure'
import { generateMachinePaths } from './path-generation'
import { replayPath } from './path-replay'
import type { MachineCoverage, ReplayOptions } from './types'

/**
 * Coverage of a machine by replayed paths, measured on the live actor through inspection:
 * a state is reached when it is active in any snapshot or microstep, or when a transition is
 * taken from it (that catches states left at once by an `always` transition); a transition is
 * exercised when a microstep takes it (so `always`, `after`, invoke done/error all count).
 * The totals are every state and every transition definition (see machine-structure.ts).
 */

export interface CoverageRecorder {
  inspect: (event: InspectionEvent) => void
  result: () => MachineCoverage
}

export function createCoverageRecorder(machine: AnyStateMachine): CoverageRecorder {
  const reachedStates = new Set<string>()
  const takenTransitions = new Set<string>()
  const markActive = (node: AnyStateNode): void => {
    for (let current: AnyStateNode | undefined = node; current; current = current.parent) {
      reachedStates.add(current.id)
    }
  }
  return {
    inspect: (event) => {
      if (event.type === '@xstate.microstep') {
        for (const taken of microstepTransitions(event)) {
          takenTransitions.add(transitionId(taken))
          markActive(taken.source)
        }
      }
      if (
        (event.type === '@xstate.microstep' || event.type === '@xstate.snapshot') &&
        isMachineSnapshot(event.snapshot)
      ) {
        for (const node of activeStateNodes(event.snapshot)) reachedStates.add(node.id)
      }
    },
    result: () => {
      const states = listStateNodes(machine)
      const transitions = listTransitions(machine)
      const missingStates = states.filter((node) => !reachedStates.has(node.id))
      const missingTransitions = transitions.filter((t) => !takenTransitions.has(transitionId(t)))
      return {
        machineId: machine.id,
        states: {
          covered: states.length - missingStates.length,
          total: states.length,
          missing: missingStates.map(statePath),
        },
        transitions: {
          covered: transitions.length - missingTransitions.length,
          total: transitions.length,
          missing: missingTransitions.map(transitionLabel),
        },
      }
    },
  }
}

/** `coverage <machine id>: states 7/7, transitions 12/12` */
export function formatCoverageLine(coverage: MachineCoverage): string {
  const { machineId, states, transitions } = coverage
  return `coverage ${machineId}: states ${states.covered}/${states.total}, transitions ${transitions.covered}/${transitions.total}`
}

export function isFullCoverage(coverage: MachineCoverage): boolean {
  return (
    coverage.states.covered === coverage.states.total &&
    coverage.transitions.covered === coverage.transitions.total
  )
}

/**
 * Generates the paths of a machine and replays them all (without state assertions), returning
 * the coverage as data, e.g. for a gate that fails a machine below 100%. Rejects when a path
 * cannot be replayed.
 */
export async function measureMachineCoverage<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ReplayOptions<TMachine> = {},
): Promise<MachineCoverage> {
  const recorder = createCoverageRecorder(machine)
  for (const path of generateMachinePaths(machine, options)) {
    await replayPath(machine, path, options, { inspect: recorder.inspect })
  }
  return recorder.result()
}
