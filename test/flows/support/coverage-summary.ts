import type { Flow } from '#dev/flows/flow-catalog'
import type { CoverageReport } from '../../harness/coverage-report'
import type { CoverageCount } from '../../harness/types'

/** One machine's coverage over all its describeMachinePaths blocks of a run. */
export interface FlowCoverage {
  flow: string
  file: string
  machineId: string
  testFiles: string[]
  states: CoverageCount
  transitions: CoverageCount
}

/** What no block reached: the intersection of their missing lists. */
function mergeCounts(counts: readonly CoverageCount[]): CoverageCount {
  const [first, ...rest] = counts
  if (!first) return { covered: 0, total: 0, missing: [] }
  const missing = first.missing.filter((item) =>
    rest.every((count) => count.missing.includes(item)),
  )
  return { covered: first.total - missing.length, total: first.total, missing }
}

export function mergeReports(flow: Flow, reports: readonly CoverageReport[]): FlowCoverage {
  return {
    flow: flow.name,
    file: flow.file,
    machineId: flow.machine.id,
    testFiles: [...new Set(reports.map((report) => report.testFile))].sort(),
    states: mergeCounts(reports.map((report) => report.states)),
    transitions: mergeCounts(reports.map((report) => report.transitions)),
  }
}

function percent({ covered, total }: CoverageCount): string {
  return total === 0 ? '100%' : `${Math.floor((covered / total) * 1000) / 10}%`
}

export function summaryMarkdown(results: readonly FlowCoverage[]): string {
  const rows = results.map((result) => {
    const missing = [...result.states.missing, ...result.transitions.missing]
    return `| ${result.flow} | ${result.states.covered}/${result.states.total} (${percent(result.states)}) | ${result.transitions.covered}/${result.transitions.total} (${percent(result.transitions)}) | ${missing.length === 0 ? '' : missing.join('<br>').replace(/\|/g, '\\|')} |`
  })
  return [
    '# Flow coverage by the generated path tests',
    '',
    'Written by the coverage gate (test/flows/coverage-gate.test.ts) on every `npm test`;',
    'CI fails when a machine is below 100%.',
    '',
    '| flow | states | transitions | not reached |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n')
}
