import path from 'node:path'
import { pendingMigrations, shippedMigrations } from '../db/schema-migrations'
import { checkKeyRing } from '../keys/key-check'
import type { KeyRing } from '../keys/key-ring'
import { sealedStores } from '../keys/sealed-stores'
import { factDifferences, keysNeeded, readDatabaseFacts } from './database-facts'
import { type Manifest, ManifestError, readManifest } from './manifest'
import { listArchive, PgToolError, restoreArchive } from './pg-tools'
import { RestoreRefusal } from './refusals'
import { fileDigest } from './sha256-file'
import { openSingleConnection } from './single-connection'

/** Objects of the database beyond what a new one has: tables, sequences, views, extensions. */
async function objectsIn(databaseUrl: string): Promise<number> {
  const connection = await openSingleConnection(databaseUrl)
  try {
    const { rows } = await connection.client.query<{ n: number }>(`
      select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname not in ('pg_catalog', 'information_schema')
                and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%')
           + (select count(*) from pg_extension where extname <> 'plpgsql')
           + (select count(*) from pg_namespace where nspname not in ('pg_catalog',
               'information_schema', 'public') and nspname not like 'pg_toast%'
               and nspname not like 'pg_temp%')::int as n`)
    return Number(rows[0]?.n ?? 0)
  } finally {
    await connection.close()
  }
}

/** Every check that needs no write: the manifest, the dump against it, the schema, the target. */
async function checkBeforeRestoring(databaseUrl: string, file: string): Promise<Manifest> {
  let manifest: Manifest
  try {
    manifest = await readManifest(file)
  } catch (error) {
    if (error instanceof ManifestError) throw new RestoreRefusal(error.message)
    throw error
  }
  let digest: { bytes: number; sha256: string }
  try {
    digest = await fileDigest(file)
  } catch {
    throw new RestoreRefusal(`There is no dump ${file} to restore.`)
  }
  if (digest.bytes !== manifest.dump.bytes || digest.sha256 !== manifest.dump.sha256)
    throw new RestoreRefusal(
      `The dump ${file} is damaged or is not the one its manifest names: ${digest.bytes} bytes with sha256 ${digest.sha256}, the manifest says ${manifest.dump.bytes} bytes with sha256 ${manifest.dump.sha256}.`,
    )
  try {
    await listArchive(file)
  } catch (error) {
    if (error instanceof PgToolError)
      throw new RestoreRefusal(`The dump ${file} cannot be read: ${error.message}`)
    throw error
  }
  const newestShipped = Math.max(...shippedMigrations().map((migration) => migration.createdAt))
  const { schema } = manifest.facts
  if (schema.newestCreatedAt !== null && schema.newestCreatedAt > newestShipped)
    throw new RestoreRefusal(
      `The backup is of a newer schema than this release (${manifest.release} made it; its newest migration is newer than any this release ships): restore it with release ${manifest.release} or later.`,
    )
  const objects = await objectsIn(databaseUrl)
  if (objects > 0)
    throw new RestoreRefusal(
      `The database is not empty (${objects} tables, sequences, schemas or extensions): restore into a new, empty database (createdb), never over a bank.`,
    )
  return manifest
}

/**
 * `npm run ops -- restore <file>` (docs/decisions/114): the checks first, none of which writes
 * (refused: a dump that is damaged or not its manifest's, a backup of a newer schema, a database
 * that is not empty); then pg_restore in one transaction; then the restored database read again
 * and held to the manifest: every table's rows, the books, the audit chain's last hash, the key
 * ids. With `ring` (the key ring the settings give), it also says whether the ring opens the
 * sealed values. Throws RestoreRefusal before writing; an Error after it says what differs.
 */
export async function restoreDatabase(options: {
  databaseUrl: string
  file: string
  ring: KeyRing | null
}): Promise<{ manifest: Manifest; report: string }> {
  const file = path.resolve(options.file)
  const manifest = await checkBeforeRestoring(options.databaseUrl, file)
  await restoreArchive(options.databaseUrl, file)
  const connection = await openSingleConnection(options.databaseUrl)
  try {
    const facts = await readDatabaseFacts(connection.db)
    const differences = factDifferences(manifest.facts, facts)
    if (differences.length > 0)
      throw new Error(
        `The restored database differs from the backup's manifest:\n  ${differences.join('\n  ')}`,
      )
    const pending = await pendingMigrations(connection.db)
    const keys = keysNeeded(facts)
    let keyLine = `The servers need MAIL_KEYS holding the keys ${keys.ids.join(', ') || '(none)'}${keys.beforeKeyIds ? ', and the installation’s first key as the oldest' : ''}.`
    if (options.ring) {
      try {
        await checkKeyRing(connection.db, options.ring, sealedStores)
        keyLine += ' The key ring given opens every sealed value.'
      } catch (error) {
        keyLine += ` ${error instanceof Error ? error.message : error}`
      }
    }
    const report = [
      `Restored ${file} (made ${manifest.createdAt} by release ${manifest.release}).`,
      `Every table holds the rows the manifest counts (${Object.keys(facts.rows).length} tables). The books' difference: ${facts.books.difference}.`,
      facts.auditChain.holds
        ? `The audit chain holds: ${facts.auditChain.entries} entries, the last hash ${facts.auditChain.lastHash}, as backed up.`
        : `The audit chain is broken, as it was when backed up: ${facts.auditChain.problem}`,
      pending.length > 0
        ? `The schema is ${pending.length} migrations behind this release: run npm run migrate before starting the servers.`
        : 'The schema is current for this release.',
      keyLine,
    ]
    return { manifest, report: report.join('\n') }
  } finally {
    await connection.close()
  }
}
