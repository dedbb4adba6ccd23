import { describe, expect, it } from 'vitest'
import * as fixtures from './fixtures/rule-breaking.machine'
import {
  checkNamingRules,
  machineFromExtracted,
  structureDiff,
  undeclaredNames,
} from './support/extracted-config'
import { type ExtractedNode, runExtractor } from './support/extractor'

/** The static-extraction check catches what would not open in Stately as it runs. */

const [file] = runExtractor(['test/flows/fixtures/rule-breaking.machine.ts'])
const configs = new Map(
  (file?.machines ?? []).map((machine) => [String(machine.config?.id), machine] as const),
)
const extracted = (id: string) => {
  const machine = configs.get(id)
  if (!machine?.config) throw new Error(`the extractor did not read "${id}"`)
  return { config: machine.config as ExtractedNode, shape: machine.shape }
}

describe('static extraction rules', () => {
  it('passes a machine written in the readable shape', () => {
    const { config, shape } = extracted('readable')
    const rules = checkNamingRules(config)
    expect([...shape, ...rules.problems]).toEqual([])
    expect(undeclaredNames(rules.names, fixtures.readableMachine)).toEqual([])
    expect(structureDiff(fixtures.readableMachine, machineFromExtracted(config))).toEqual([])
  })

  it('names spreads, computed keys, inline guards, actions and actors, and numeric delays', () => {
    const { config, shape } = extracted('sloppy')
    expect(shape).toEqual(['computed key [key] in states', 'spread (...) in states'])
    const problems = checkNamingRules(config).problems
    expect(problems).toHaveLength(4)
    expect(problems.join('\n')).toMatch(/idle on GO: guard not named in setup/)
    expect(problems.join('\n')).toMatch(/idle on SKIP: action not named in setup/)
    expect(problems.join('\n')).toMatch(/idle after 3000: name the delay/)
    expect(problems.join('\n')).toMatch(/loading invoke: actor not named in setup/)
  })

  it('names a name the running machine does not declare in setup', () => {
    const rules = checkNamingRules(extracted('readable').config)
    expect(undeclaredNames(rules.names, fixtures.sloppyMachine)).toEqual([
      'action "remember" is not declared in setup({ actions })',
      'actor "load" is not declared in setup({ actors })',
      'delay "wait" is not declared in setup({ delays })',
    ])
  })

  it('rejects a machine not made with setup(...)', () => {
    expect(extracted('plain').shape).toEqual([
      'not made with setup({ ... }).createMachine({ ... })',
    ])
  })

  it('sees states built by a function as missing', () => {
    const { config } = extracted('built')
    expect(structureDiff(fixtures.builtMachine, machineFromExtracted(config))).toEqual([
      '- state a atomic initial #built.a',
      '- state b atomic #built.b',
      '- transition a NEXT#0 -> b',
    ])
  })
})
