import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Where the coverage reports of each vitest run go: coverage/flows/runs/<run id>/. One folder
 * per run, so two runs at once (a watch and a run, or two engineers in one checkout) never
 * read each other's reports. Folders of runs over a day old are removed when a run starts.
 */

export const flowCoverageDir = fileURLToPath(new URL('../../coverage/flows/', import.meta.url))

const maxRunAgeMs = 24 * 60 * 60 * 1000

export function runReportDir(runId: string | null): string {
  return path.join(flowCoverageDir, 'runs', runId ?? 'no-run-id')
}

export function pruneOldRuns(now = Date.now()): void {
  const runs = path.join(flowCoverageDir, 'runs')
  mkdirSync(runs, { recursive: true })
  for (const entry of readdirSync(runs)) {
    const dir = path.join(runs, entry)
    if (now - statSync(dir).mtimeMs > maxRunAgeMs) rmSync(dir, { recursive: true, force: true })
  }
}
