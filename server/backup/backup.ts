import { access, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { portalVersion } from '../version'
import { keysNeeded, readDatabaseFacts } from './database-facts'
import { type Manifest, manifestFormat, manifestPathOf } from './manifest'
import { dumpDatabase, pgDumpVersion } from './pg-tools'
import { BackupRefusal } from './refusals'
import { fileDigest } from './sha256-file'
import { openSingleConnection } from './single-connection'

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  )

/**
 * `npm run ops -- backup <file>` (docs/decisions/114): a pg_dump in custom format and its
 * manifest beside it. The manifest's facts and the dump come from one snapshot: this connection
 * opens a repeatable-read transaction, exports its snapshot, reads the facts in it, and pg_dump
 * dumps that same snapshot while the transaction stays open. Servers keep serving meanwhile.
 * Returns what it says to the operator.
 */
export async function backupDatabase(options: {
  databaseUrl: string
  file: string
  now: Date
}): Promise<{ manifest: Manifest; report: string }> {
  const file = path.resolve(options.file)
  const manifestFile = manifestPathOf(file)
  for (const taken of [file, manifestFile])
    if (await exists(taken))
      throw new BackupRefusal(`${taken} exists already: give the backup a new name.`)
  if (!(await exists(path.dirname(file))))
    throw new BackupRefusal(`The directory ${path.dirname(file)} does not exist.`)
  const pgDump = await pgDumpVersion()
  const partial = `${file}.partial`
  const connection = await openSingleConnection(options.databaseUrl)
  let manifest: Manifest
  try {
    await connection.client.query('begin isolation level repeatable read read only')
    const {
      rows: [exported],
    } = await connection.client.query<{ snapshot: string; version: string }>(
      'select pg_export_snapshot() as snapshot, current_setting($1) as version',
      ['server_version'],
    )
    if (!exported) throw new Error('the snapshot was not exported')
    const facts = await readDatabaseFacts(connection.db)
    await dumpDatabase(options.databaseUrl, exported.snapshot, partial)
    await connection.client.query('commit')
    const digest = await fileDigest(partial)
    manifest = {
      format: manifestFormat,
      createdAt: options.now.toISOString(),
      release: portalVersion,
      dump: {
        file: path.basename(file),
        ...digest,
        format: 'custom',
        pgDump,
        serverVersion: exported.version,
      },
      keyRing:
        'The key ring (MAIL_KEYS, MAIL_KEY or DATA_DIR/mail.key) is not in this backup: keep it apart. facts.keysInUse names the key ids the sealed values need.',
      facts,
    }
    await rename(partial, file)
    await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx' })
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  } finally {
    await connection.close()
  }
  const { facts } = manifest
  const keys = keysNeeded(facts)
  const report = [
    `Backed up to ${file} (${manifest.dump.bytes} bytes, sha256 ${manifest.dump.sha256}), manifest ${manifestFile}.`,
    `Schema: ${facts.schema.migrations} migrations, the newest ${facts.schema.newestTag ?? 'newer than this release'}.`,
    `Rows: ${Object.values(facts.rows).reduce((sum, n) => sum + n, 0)} in ${Object.keys(facts.rows).length} tables. The books' difference: ${facts.books.difference}.`,
    facts.auditChain.holds
      ? `The audit chain holds: ${facts.auditChain.entries} entries, the last hash ${facts.auditChain.lastHash}.`
      : `THE AUDIT CHAIN IS BROKEN in the database backed up: ${facts.auditChain.problem}`,
    `Keep the key ring apart from this backup; a restore needs the keys ${keys.ids.join(', ') || '(none)'}${keys.beforeKeyIds ? ' and, as the oldest of the ring, the installation’s first key (values sealed before key ids)' : ''}.`,
  ]
  return { manifest, report: report.join('\n') }
}
