import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadFlows } from '../../tools/flows/load-flows'
import {
  type CoverageReport,
  flowCoverageDir,
  readCoverageReports,
} from '../harness/coverage-report'
import { type FlowCoverage, mergeReports, summaryMarkdown } from './support/coverage-summary'

/**
 * The coverage gate over every file in src/machines. The `flows` project runs after the
 * others (vite.config.ts: sequence.groupOrder), so the generated path tests of this run have
 * written their reports (test/harness/coverage-report.ts). Every machine needs at least one
 * `describeMachinePaths` block in this run, and its blocks together must reach 100% of its
 * states and transitions. Writes coverage/flows/summary.md and summary.json, and checks that
 * what they say is the gate's rule: one row per machine, each at 100%.
 */

const flows = await loadFlows()
const reports = readCoverageReports()
const results: FlowCoverage[] = []

describe('coverage gate: every machine, every state and transition', () => {
  it('has one machine id per flow', () => {
    const ids = flows.map((flow) => flow.machine.id)
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([])
  })

  for (const flow of flows) {
    it(`${flow.name} (${flow.file})`, () => {
      const own: CoverageReport[] = reports.filter((r) => r.machineId === flow.machine.id)
      if (own.length === 0) {
        throw new Error(
          [
            `No generated path tests measured machine "${flow.machine.id}" in this run.`,
            `Add test/machines/${flow.name}.machine.test.ts with describeMachinePaths(${flow.exportName}, { ... })`,
            '(or run the whole suite: the gate reads what the machines project measured).',
          ].join('\n'),
        )
      }
      const merged = mergeReports(flow, own)
      results.push(merged)
      const gaps = [
        ...merged.states.missing.map((state) => `state ${state}`),
        ...merged.transitions.missing.map((transition) => `transition ${transition}`),
      ]
      expect(gaps, `${flow.file} is below 100%`).toEqual([])
    })
  }

  it('writes coverage/flows/summary.md and summary.json: every machine, each at 100%', () => {
    mkdirSync(flowCoverageDir, { recursive: true })
    const sorted = [...results].sort((a, b) => a.flow.localeCompare(b.flow))
    const jsonFile = path.join(flowCoverageDir, 'summary.json')
    const markdownFile = path.join(flowCoverageDir, 'summary.md')
    writeFileSync(jsonFile, `${JSON.stringify(sorted, null, 2)}\n`)
    writeFileSync(markdownFile, summaryMarkdown(sorted))

    // Read back: a row for every machine in src/machines (none left out because it had no
    // report), each measured by some test file, with every state and transition covered.
    const written = JSON.parse(readFileSync(jsonFile, 'utf8')) as FlowCoverage[]
    expect(written.map((row) => row.flow)).toEqual(
      flows.map((flow) => flow.name).sort((a, b) => a.localeCompare(b)),
    )
    const markdown = readFileSync(markdownFile, 'utf8')
    for (const row of written) {
      expect(row.testFiles.length, `${row.flow}: no test file measured it`).toBeGreaterThan(0)
      expect(row.states.total, `${row.flow}: no states counted`).toBeGreaterThan(0)
      expect(row.states, `${row.flow}: states`).toEqual({
        covered: row.states.total,
        total: row.states.total,
        missing: [],
      })
      expect(row.transitions, `${row.flow}: transitions`).toEqual({
        covered: row.transitions.total,
        total: row.transitions.total,
        missing: [],
      })
      const { states, transitions } = row
      expect(markdown).toContain(
        `| ${row.flow} | ${states.total}/${states.total} (100%) | ${transitions.total}/${transitions.total} (100%) |  |`,
      )
    }
  })
})
