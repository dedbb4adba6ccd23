import { byName, type Flow, flowsFromModules, outcomesFileOf } from '../flows/flow-catalog'

/**
 * The flows for the explorer, found the same way as in Node (flow-catalog.ts): the machines
 * of every `src/machines/<name>.machine.ts`, with `src/dev/outcomes/<name>.outcomes.ts` when
 * there is one.
 */

type Module = Record<string, unknown>

const machineModules = import.meta.glob<Module>('../../machines/*.machine.ts', { eager: true })
const outcomeModules = import.meta.glob<Module>('../outcomes/*.outcomes.ts', { eager: true })

export interface FlowProblem {
  file: string
  error: string
}

function load(): { flows: Flow[]; problems: FlowProblem[] } {
  const flows: Flow[] = []
  const problems: FlowProblem[] = []
  for (const [key, module] of Object.entries(machineModules)) {
    const file = `src/machines/${key.split('/').at(-1)}`
    try {
      const outcomes = outcomeModules[outcomesFileOf(file).replace(/^src\/dev\//, '../')]
      flows.push(...flowsFromModules(file, module, outcomes))
    } catch (error) {
      problems.push({ file, error: error instanceof Error ? error.message : String(error) })
    }
  }
  return { flows: flows.sort(byName), problems }
}

export const { flows, problems } = load()
