import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { inject } from 'vitest'
import { flowCoverageDir, runReportDir } from './coverage-runs'
import type { MachineCoverage } from './types'

/**
 * The machine-readable coverage report of the generated path tests: each
 * `describeMachinePaths` block writes
 * `coverage/flows/runs/<run id>/<machine id>--<test file>--<n>.json` (states and transitions
 * covered, and what was missed; the run id comes from flows-run.setup.ts). The suite-wide
 * gate (test/flows/coverage-gate.test.ts) reads the reports of the current run, requires one
 * for every machine in src/machines and writes `coverage/flows/summary.md` and `summary.json`.
 */

export { flowCoverageDir }

export interface CoverageReport extends MachineCoverage {
  /** The vitest run that measured it. */
  runId: string | null
  /** The test file, from the project root. */
  testFile: string
}

/** The id of this vitest run, or null when no global setup provided one. */
export function currentRunId(): string | null {
  try {
    return inject('flowsRunId') ?? null
  } catch {
    return null
  }
}

function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9.-]+/g, '_')
}

export function writeCoverageReport(
  coverage: MachineCoverage,
  testPath: string | undefined,
  index: number,
): CoverageReport {
  const root = path.resolve(flowCoverageDir, '../..')
  const testFile = testPath ? path.relative(root, testPath) : 'unknown'
  const report: CoverageReport = { ...coverage, runId: currentRunId(), testFile }
  const name = `${slug(coverage.machineId)}--${slug(path.basename(testFile, '.ts'))}--${index}.json`
  const dir = runReportDir(report.runId)
  mkdirSync(dir, { recursive: true })
  const target = path.join(dir, name)
  writeFileSync(`${target}.tmp`, `${JSON.stringify(report, null, 2)}\n`)
  renameSync(`${target}.tmp`, target)
  return report
}

/** The reports written in this vitest run. */
export function readCoverageReports(): CoverageReport[] {
  const dir = runReportDir(currentRunId())
  let entries: string[]
  try {
    entries = readdirSync(dir)
  } catch {
    return []
  }
  return entries
    .filter((entry) => entry.endsWith('.json'))
    .map((entry) => JSON.parse(readFileSync(path.join(dir, entry), 'utf8')))
}

declare module 'vitest' {
  export interface ProvidedContext {
    flowsRunId: string
  }
}
