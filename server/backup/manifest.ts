import { readFile } from 'node:fs/promises'
import type { DatabaseFacts } from './database-facts'

/**
 * A backup's manifest (docs/decisions/114): a JSON file beside the dump, `<dump>.manifest.json`,
 * readable by a person without PostgreSQL. It names the dump's size and SHA-256 (so a damaged or
 * swapped dump is refused before anything is written), the release and PostgreSQL that made it,
 * and the facts of the database in the dump's snapshot.
 */
export const manifestFormat = 'meridian-backup/1'

export interface Manifest {
  format: typeof manifestFormat
  createdAt: string
  /** The portal's release that made the backup. */
  release: string
  dump: {
    /** The dump's file name, beside the manifest. */
    file: string
    bytes: number
    sha256: string
    /** pg_dump's custom format. */
    format: 'custom'
    pgDump: string
    serverVersion: string
  }
  /** The key ring is not in the backup: these ids name the keys a restore needs. */
  keyRing: string
  facts: DatabaseFacts
}

export const manifestPathOf = (dumpFile: string) => `${dumpFile}.manifest.json`

export class ManifestError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The manifest beside `dumpFile`, checked for its shape; a ManifestError says what is wrong. */
export async function readManifest(dumpFile: string): Promise<Manifest> {
  const file = manifestPathOf(dumpFile)
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch {
    throw new ManifestError(
      `There is no manifest ${file} beside the dump: a backup is the dump and its manifest.`,
    )
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new ManifestError(`The manifest ${file} is damaged: it is not JSON.`)
  }
  if (!isObject(parsed) || parsed.format !== manifestFormat)
    throw new ManifestError(
      `The manifest ${file} is not a manifest of this portal's backups (${manifestFormat}).`,
    )
  const { dump, facts } = parsed
  if (
    !isObject(dump) ||
    typeof dump.bytes !== 'number' ||
    typeof dump.sha256 !== 'string' ||
    !isObject(facts) ||
    !isObject(facts.schema) ||
    !isObject(facts.rows) ||
    !isObject(facts.books) ||
    !isObject(facts.auditChain) ||
    !Array.isArray(facts.keysInUse)
  )
    throw new ManifestError(`The manifest ${file} is damaged: parts of it are missing.`)
  return parsed as unknown as Manifest
}
