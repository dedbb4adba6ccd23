import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { projectRoot } from '../../../tools/flows/load-flows'

/**
 * Runs tools/machine-extractor/extract.cjs (Stately's @xstate/machine-extractor in its own
 * folder, with xstate v4) over machine files and returns what it read, without running them.
 */

export const extractorDir = path.join(projectRoot, 'tools', 'machine-extractor')

/** The extractor's reading of one machine: a loose config (see extracted-config.ts). */
export type ExtractedNode = { [key: string]: unknown }

export interface ExtractedMachine {
  config: ExtractedNode | null
  /** Problems with the call itself: not setup(...).createMachine, spreads, computed keys. */
  shape: string[]
}

export interface ExtractedFile {
  file: string
  error?: string
  machines: ExtractedMachine[]
}

export function extractorInstalled(): boolean {
  return existsSync(path.join(extractorDir, 'node_modules', '@xstate', 'machine-extractor'))
}

export function runExtractor(files: readonly string[]): ExtractedFile[] {
  if (!extractorInstalled()) {
    throw new Error(
      'The machine extractor is not installed: run `npm run flows:setup` (npm ci in tools/machine-extractor).',
    )
  }
  const output = execFileSync(
    process.execPath,
    [path.join(extractorDir, 'extract.cjs'), ...files],
    {
      cwd: projectRoot,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      // The extractor warns on stderr about v5-only syntax it skips (dynamic action params).
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  return (JSON.parse(output) as { files: ExtractedFile[] }).files
}
