import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import {
  byName,
  type Flow,
  flowNameOf,
  flowsFromModules,
  outcomesFileOf,
} from '#dev/flows/flow-catalog'

/** Every flow in src/machines, loaded in Node (vitest or tsx): see flow-catalog.ts. */

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '')
export const machinesDir = 'src/machines'

/** The machine files, from the project root, sorted: ['src/machines/login.machine.ts', ...]. */
export function machineFiles(root = projectRoot): string[] {
  return readdirSync(path.join(root, machinesDir))
    .map((entry) => `${machinesDir}/${entry}`)
    .filter((file) => flowNameOf(file) !== null)
    .sort()
}

async function importFile(file: string): Promise<Record<string, unknown>> {
  return (await import(pathToFileURL(path.join(projectRoot, file)).href)) as Record<string, unknown>
}

/** The flows of one machine file (one per exported machine). */
export async function loadFlowsOf(file: string): Promise<Flow[]> {
  const outcomesFile = outcomesFileOf(file)
  const outcomes = existsSync(path.join(projectRoot, outcomesFile))
    ? await importFile(outcomesFile)
    : undefined
  return flowsFromModules(file, await importFile(file), outcomes)
}

export async function loadFlow(name: string): Promise<Flow> {
  const flow = (await loadFlows()).find((candidate) => candidate.name === name)
  if (!flow) throw new Error(`no flow named "${name}" in ${machinesDir}`)
  return flow
}

export async function loadFlows(): Promise<Flow[]> {
  const flows = await Promise.all(machineFiles().map(loadFlowsOf))
  return flows.flat().sort(byName)
}
