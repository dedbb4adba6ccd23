import { cp } from 'node:fs/promises'
import { inject } from 'vitest'

/**
 * In a test file: the migrated PGlite template this run's global setup made
 * (pglite-template.setup.ts), or null when the file runs without that setup.
 */
export function pgliteTemplate(): string | null {
  try {
    return inject('pgliteTemplate') ?? null
  } catch {
    return null
  }
}

/**
 * Puts a copy of the migrated template at `dataDir` (a PGlite data directory that does not exist
 * yet), when this run has one; returns whether it did.
 */
export async function copyPgliteTemplate(dataDir: string): Promise<boolean> {
  const template = pgliteTemplate()
  if (!template) return false
  await cp(template, dataDir, { recursive: true })
  return true
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
  }
}
