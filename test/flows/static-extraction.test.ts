import { describe, expect, it } from 'vitest'
import { loadFlowsOf, machineFiles } from '../../tools/flows/load-flows'
import {
  checkNamingRules,
  machineFromExtracted,
  structureDiff,
  undeclaredNames,
} from './support/extracted-config'
import { type ExtractedFile, runExtractor } from './support/extractor'

/**
 * Every machine file opens in Stately's tools: @xstate/machine-extractor (the parser behind
 * the visual editor and the VS Code extension) reads it without running it, the call follows
 * the design's shape (setup(...).createMachine with one object literal, every guard, action,
 * actor and delay named in setup), and the states and transitions it reads are those of the
 * running machine. Machine files are discovered, so new flows are held to this at once.
 */

const files = machineFiles()
const extracted = new Map<string, ExtractedFile>(
  runExtractor(files).map((result) => [result.file, result]),
)

describe('Stately can read every machine statically', () => {
  it('finds the machine files', () => {
    expect(files).toContain('src/machines/verify.machine.ts')
  })

  for (const file of files) {
    it(file, async () => {
      const result = extracted.get(file)
      if (!result || result.error) {
        throw new Error(`the extractor cannot read ${file}: ${result?.error ?? 'no result'}`)
      }
      const flows = await loadFlowsOf(file)
      const readable = result.machines.filter((machine) => machine.config !== null)
      for (const flow of flows) {
        const id = flow.machine.id
        const match =
          readable.find((machine) => (machine.config?.id ?? '(machine)') === id) ??
          (readable.length === 1 && flows.length === 1 ? readable[0] : undefined)
        if (!match?.config) {
          throw new Error(
            `the extractor finds no createMachine call with id "${id}" (${flow.exportName}) in ${file}: write it as setup({ ... }).createMachine({ id: '${id}', ... })`,
          )
        }
        const rules = checkNamingRules(match.config)
        const problems = [
          ...match.shape,
          ...rules.problems,
          ...undeclaredNames(rules.names, flow.machine),
        ]
        expect(
          problems,
          `${flow.exportName} breaks the rules that keep it readable by Stately`,
        ).toEqual([])
        const diff = structureDiff(flow.machine, machineFromExtracted(match.config))
        expect(
          diff,
          `what Stately reads of ${flow.exportName} (+) differs from the running machine (-)`,
        ).toEqual([])
      }
    })
  }
})
