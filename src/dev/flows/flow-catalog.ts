import type { AnyStateMachine } from 'xstate'
import type { FlowOutcomes } from '../outcomes/outcomes'

/**
 * The flows of the portal, found by convention rather than listed anywhere: every exported
 * value whose name ends in `Machine` in a `src/machines/<name>.machine.ts` file is a flow,
 * named `<name>` when the file exports one machine, else after the export
 * (`resetPinMachine` -> 'reset-pin'); its actor outcomes are `outcomes` exported by
 * `src/dev/outcomes/<name>.outcomes.ts`, when there is one (outcomes are fixtures of the
 * tests, the explorer and the docs, not part of the app). The Node tools (docs, checks) and the
 * browser explorer each load the modules their own way and build the same `Flow`s here.
 */

export interface Flow {
  /** 'verify' (the file name without `.machine.ts`), or 'reset-pin' (see above). */
  name: string
  /** The machine file, from the project root: 'src/machines/verify.machine.ts'. */
  file: string
  /** The exported name of the machine: 'verifyMachine'. */
  exportName: string
  machine: AnyStateMachine
  /** The flow's actor outcomes ({} when it has no outcomes file). */
  outcomes: FlowOutcomes
  /** Numbers the machine file exports (spec constants such as a 180 s countdown). */
  numbers: Array<{ name: string; value: number }>
}

export const machineFilePattern = /(?:^|\/)([a-z0-9][a-z0-9-]*)\.machine\.ts$/

/** 'src/machines/verify.machine.ts' -> 'verify' (null: not a flow file). */
export function flowNameOf(file: string): string | null {
  return machineFilePattern.exec(file)?.[1] ?? null
}

/** Where the outcomes of the flows live, from the project root. */
export const outcomesDir = 'src/dev/outcomes'

/** 'src/machines/verify.machine.ts' -> 'src/dev/outcomes/verify.outcomes.ts' */
export function outcomesFileOf(machineFile: string): string {
  const name = flowNameOf(machineFile)
  if (!name) throw new Error(`${machineFile} is not named <flow>.machine.ts`)
  return `${outcomesDir}/${name}.outcomes.ts`
}

function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    'implementations' in value &&
    typeof (value as { provide?: unknown }).provide === 'function'
  )
}

/** 'resetPinMachine' -> 'reset-pin' */
export function flowNameOfExport(exportName: string): string {
  return exportName
    .replace(/Machine$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
}

export function flowsFromModules(
  file: string,
  machineModule: Record<string, unknown>,
  outcomesModule?: Record<string, unknown>,
): Flow[] {
  const fileName = flowNameOf(file)
  if (!fileName) throw new Error(`${file} is not named <flow>.machine.ts`)
  const machines = Object.entries(machineModule).filter(
    (entry): entry is [string, AnyStateMachine] =>
      entry[0].endsWith('Machine') && isMachine(entry[1]),
  )
  if (machines.length === 0) {
    throw new Error(`${file} exports no machine (an exported value whose name ends in "Machine")`)
  }
  const outcomes = (outcomesModule?.outcomes ?? {}) as FlowOutcomes
  const numbers = Object.entries(machineModule)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
    .map(([key, value]) => ({ name: key, value }))
  return machines.map(([exportName, machine]) => ({
    name: machines.length === 1 ? fileName : flowNameOfExport(exportName),
    file,
    exportName,
    machine,
    outcomes,
    numbers,
  }))
}

export function byName(a: Flow, b: Flow): number {
  return a.name.localeCompare(b.name)
}
