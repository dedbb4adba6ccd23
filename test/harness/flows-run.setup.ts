import { randomUUID } from 'node:crypto'
import type { TestProject } from 'vitest/node'
import { pruneOldRuns } from './coverage-runs'

/**
 * Vitest global setup of the `machines` and `flows` projects: one id for the whole run, so the
 * coverage gate counts only reports measured in this run (see coverage-report.ts). Global
 * setups run in the main process, where every project shares `process.env`.
 */
export default function setup(project: TestProject): void {
  if (!process.env.FLOWS_RUN_ID) {
    process.env.FLOWS_RUN_ID = randomUUID()
    pruneOldRuns()
  }
  project.provide('flowsRunId', process.env.FLOWS_RUN_ID)
}
