import type { TestProject } from 'vitest/node'
import { ensurePgliteTemplate } from './pglite-template'

/**
 * Vitest global setup of the projects that open embedded databases (server, crash, e2e): the
 * migrated PGlite template their databases are copied from (pglite-template.ts), made once per
 * run (global setups run in the main process, which every project shares).
 */
const shared = globalThis as { portalPgliteTemplate?: Promise<string> }

export default async function setup(project: TestProject): Promise<void> {
  shared.portalPgliteTemplate ??= ensurePgliteTemplate()
  project.provide('pgliteTemplate', await shared.portalPgliteTemplate)
}
