import { createHash, randomBytes } from 'node:crypto'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { asc, eq, sql } from 'drizzle-orm'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/database'
import { openPglite } from '#server/db/pglite'
import * as schema from '#server/db/schema'
import { operatorAuditChain, operatorAuditLog } from '#server/db/schema'
import { checkAuditChain, firstPreviousHash } from '#server/domain/audit-chain'
import { recordOperatorAction } from '#server/domain/audit-log'
import { runOpsCommand } from '#server/ops/run'
import { openPool, withClient } from '../support/pg-connections'
import { bothDatabases, type DatabaseTarget, openTestDatabase } from './support/databases'

/**
 * The audit log's hash chain (issue 18, docs/decisions/075): every entry carries the previous
 * entry's hash and its own, computed by the database on insert, so that a row changed or
 * deleted by SQL (with the append-only trigger dropped) breaks the chain, and `audit verify`
 * names the first broken link. Concurrent writers keep it whole; the migration chains the
 * entries written before it.
 */

const terminal = { staffId: null, email: 'root' }
let clock = Date.parse('2026-11-21T10:00:00Z')

function record(db: Parameters<typeof recordOperatorAction>[0], command: string, args: unknown) {
  clock += 1000
  return recordOperatorAction(db, {
    actor: terminal,
    command,
    args,
    outcome: 'done',
    detail: `${command} done`,
    at: new Date(clock),
  })
}

async function someEntries(db: Database, count: number) {
  for (let n = 0; n < count; n += 1)
    await record(db, n % 2 ? 'mail retry' : 'config charge', [String(n), `=note ${n}`])
}

const verify = (db: Database) =>
  runOpsCommand(db, ['audit', 'verify'], { operator: 'root', now: new Date(clock) })

const idsInChainOrder = async (db: Database) =>
  (
    await db
      .select({ id: operatorAuditLog.id })
      .from(operatorAuditLog)
      .orderBy(asc(operatorAuditLog.chainPosition))
  ).map((row) => row.id)

/** SQL with the append-only trigger out of the way, as a superuser could. */
const tamper = async (db: Database, statement: string) => {
  await db.execute(
    sql.raw('DROP TRIGGER IF EXISTS operator_audit_log_append_only ON operator_audit_log'),
  )
  await db.execute(sql.raw(statement))
}

describe.each(bothDatabases)('the audit chain on %s', (target) => {
  let db: Database
  let close: () => Promise<void>

  const fresh = async () => {
    await close?.()
    const opened = await openTestDatabase(target)
    db = opened.db
    close = opened.close
  }
  beforeAll(fresh)
  afterAll(() => close?.())

  it('holds on a normal log, each entry linked to the one before it', async () => {
    expect(await verify(db)).toEqual({
      exitCode: 0,
      output: `The chain holds: 0 entries. The last hash is ${firstPreviousHash}.`,
    })
    await someEntries(db, 7)
    const rows = await db
      .select()
      .from(operatorAuditLog)
      .orderBy(asc(operatorAuditLog.chainPosition))
    expect(rows.map((row) => row.chainPosition)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(rows[0]?.prevHash).toBe(firstPreviousHash)
    for (let n = 1; n < rows.length; n += 1) expect(rows[n]?.prevHash).toBe(rows[n - 1]?.hash)
    const [head] = await db.select().from(operatorAuditChain)
    expect(head).toEqual({ id: 1, length: 7, lastHash: rows[6]?.hash })
    const verified = await verify(db)
    expect(verified).toEqual({
      exitCode: 0,
      output: `The chain holds: 7 entries. The last hash is ${rows[6]?.hash}.`,
    })
  })

  it('is SHA-256 of the previous hash and the entry as a JSON array, which anyone can recompute', async () => {
    const [row] = await db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.chainPosition, 2))
    if (!row) throw new Error('no entry 2')
    // jsonb's text: ", " between elements, ": " after keys; the time to the microsecond in UTC.
    const content = `[${[
      row.id,
      row.chainPosition,
      JSON.stringify(row.at.toISOString().replace('Z', '000Z')),
      JSON.stringify(row.operator),
      'null',
      JSON.stringify(row.command),
      `[${(row.args as string[]).map((arg) => JSON.stringify(arg)).join(', ')}]`,
      JSON.stringify(row.outcome),
      JSON.stringify(row.detail),
      'null',
      'null',
      'null',
    ].join(', ')}]`
    expect(createHash('sha256').update(`${row.prevHash}${content}`).digest('hex')).toBe(row.hash)
  })

  it('walks a long log in batches', async () => {
    await someEntries(db, 20)
    expect(await checkAuditChain(db, { batchSize: 3 })).toMatchObject({ holds: true, entries: 27 })
  })

  it('names an entry whose content was changed by SQL with the append-only trigger dropped', async () => {
    const ids = await idsInChainOrder(db)
    const changed = ids[11] as number
    await tamper(
      db,
      `UPDATE operator_audit_log SET detail = 'nothing happened' WHERE id = ${changed}`,
    )
    const verified = await verify(db)
    expect(verified.exitCode).toBe(1)
    expect(verified.output).toBe(
      `The chain is broken after 11 entries that hold. Entry ${changed} (number 12 in the chain) was changed: its content no longer gives its hash.`,
    )
    expect(await checkAuditChain(db, { batchSize: 5 })).toMatchObject({
      holds: false,
      entryId: changed,
    })
  })

  it('finds a change whose hash was recomputed: the next entry no longer follows it', async () => {
    await fresh()
    await someEntries(db, 5)
    const ids = await idsInChainOrder(db)
    await tamper(db, `UPDATE operator_audit_log SET args = '["1000000"]' WHERE id = ${ids[1]}`)
    await tamper(
      db,
      `UPDATE operator_audit_log AS l SET hash = operator_audit_log_hash(l) WHERE id = ${ids[1]}`,
    )
    expect(await checkAuditChain(db)).toEqual({
      holds: false,
      entries: 2,
      entryId: ids[2],
      problem: `Entry ${ids[2]} (number 3 in the chain) does not follow entry ${ids[1]} (number 2 in the chain): the previous hash it holds is not that entry's hash (one of them was changed).`,
    })
  })

  it('finds a deleted entry, in the middle or at the end', async () => {
    await fresh()
    await someEntries(db, 6)
    const ids = await idsInChainOrder(db)
    await tamper(db, `DELETE FROM operator_audit_log WHERE id = ${ids[5]}`)
    expect(await checkAuditChain(db)).toMatchObject({
      holds: false,
      entries: 5,
      entryId: ids[4],
      problem: `The chain ends at number 5, entry ${ids[4]} (number 5 in the chain), but its head names 6 entries: the last entry was deleted.`,
    })
    await tamper(db, `DELETE FROM operator_audit_log WHERE id = ${ids[2]}`)
    const verified = await verify(db)
    expect(verified.exitCode).toBe(1)
    expect(verified.output).toContain(
      `Number 3 in the chain is missing: after entry ${ids[1]} (number 2 in the chain) comes entry ${ids[3]} (number 4 in the chain). An entry was deleted`,
    )
  })

  it('finds an entry written with the chain’s trigger dropped, and keeps its head from other changes', async () => {
    await fresh()
    await someEntries(db, 3)
    await expect(db.update(operatorAuditChain).set({ length: 2 })).rejects.toThrow()
    await expect(db.delete(operatorAuditChain)).rejects.toThrow()
    await expect(db.execute(sql`truncate operator_audit_chain`)).rejects.toThrow()
    await db.execute(sql.raw('DROP TRIGGER operator_audit_log_chain ON operator_audit_log'))
    await record(db, 'kyc approve', ['forged@example.com'])
    const [forged] = await db
      .select({ id: operatorAuditLog.id })
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.command, 'kyc approve'))
    expect(await checkAuditChain(db)).toMatchObject({
      holds: false,
      entries: 3,
      entryId: forged?.id,
      problem: `Entry ${forged?.id} is outside the chain: the chain's head does not count it (it was written while the chain's trigger was off).`,
    })
  })

  it('stays whole with concurrent writers, some of whose transactions roll back', async () => {
    await fresh()
    const writers = Array.from({ length: 40 }, async (_, n) => {
      try {
        await db.transaction(async (tx) => {
          await record(tx, 'mail retry', [String(n)])
          // Hold the head a while before committing, as a longer transaction would.
          await sleep(n % 5)
          if (n % 7 === 3) throw new Error('rolled back')
        })
      } catch (error) {
        if (!(error instanceof Error && error.message === 'rolled back')) throw error
      }
    })
    // Every writer ends before anything is checked: one that failed is named, none is left
    // writing while the database closes.
    const ended = await Promise.allSettled([...writers, someEntries(db, 10)])
    expect(ended.flatMap((end) => (end.status === 'rejected' ? [String(end.reason)] : []))).toEqual(
      [],
    )
    const committed = 40 - Array.from({ length: 40 }, (_, n) => n).filter((n) => n % 7 === 3).length
    expect(await checkAuditChain(db)).toMatchObject({ holds: true, entries: committed + 10 })
    const positions = await db
      .select({ position: operatorAuditLog.chainPosition })
      .from(operatorAuditLog)
      .orderBy(asc(operatorAuditLog.chainPosition))
    expect(positions.map((row) => row.position)).toEqual(
      Array.from({ length: committed + 10 }, (_, n) => n + 1),
    )
  })
})

/**
 * Migration 0019 on a log written before it: the entries join the chain in the order of their
 * ids, and the entries written after continue it.
 */
const migrationsFolder = fileURLToPath(new URL('../../server/db/migrations', import.meta.url))

/** A copy of the migrations folder whose journal stops before `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'migrations-'))
  await cp(migrationsFolder, folder, { recursive: true })
  const journalFile = path.join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
    entries: { tag: string }[]
  }
  const stop = journal.entries.findIndex((entry) => entry.tag === tag)
  if (stop < 0) throw new Error(`no migration ${tag}`)
  journal.entries = journal.entries.slice(0, stop)
  await writeFile(journalFile, JSON.stringify(journal))
  return folder
}

interface BareDatabase {
  db: Database
  migrate(folder: string): Promise<void>
  close(): Promise<void>
}

async function bareDatabase(target: DatabaseTarget): Promise<BareDatabase> {
  const options = { schema, casing: 'snake_case' } as const
  if (target === 'pglite') {
    // The server's own embedded database (its extensions: the later migrations create pg_trgm).
    const client = await openPglite(null)
    const db = drizzlePglite(client, options)
    return {
      db: db as unknown as Database,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    }
  }
  const name = `portal_migration_${randomBytes(6).toString('hex')}`
  const serverUrl = process.env.DATABASE_URL as string
  await withClient(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`))
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const { pool, close } = openPool({ connectionString: url.toString(), max: 2 })
  const db = drizzlePostgres(pool, options)
  return {
    db: db as unknown as Database,
    migrate: (folder) => migratePostgres(db, { migrationsFolder: folder }),
    async close() {
      await close()
      await withClient(serverUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      )
    },
  }
}

describe.each(bothDatabases)('migration 0019 on %s', (target) => {
  let bare: BareDatabase
  let before: string
  beforeAll(async () => {
    bare = await bareDatabase(target)
    before = await migrationsBefore('0019_audit-chain')
  })
  afterAll(async () => {
    await bare?.close()
    if (before) await rm(before, { recursive: true, force: true })
  })

  it('chains the entries written before it in the order of their ids, and the new ones after them', async () => {
    await bare.migrate(before)
    for (let n = 0; n < 5; n += 1)
      await bare.db.execute(sql`
        INSERT INTO operator_audit_log (at, operator, command, args, outcome, detail)
        VALUES (${new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString()}, 'olga', 'transfers settle',
                ${JSON.stringify([String(n)])}::jsonb, 'done', ${`Transfer ${n} settled.`})`)
    await bare.migrate(migrationsFolder)
    await record(bare.db, 'transfers fail', ['9', 'Account closed'])
    const rows = await bare.db.select().from(operatorAuditLog).orderBy(asc(operatorAuditLog.id))
    expect(rows.map((row) => row.chainPosition)).toEqual([1, 2, 3, 4, 5, 6])
    expect(rows[0]?.prevHash).toBe(firstPreviousHash)
    expect(await checkAuditChain(bare.db)).toMatchObject({
      holds: true,
      entries: 6,
      lastHash: rows[5]?.hash,
    })
    // Still append-only after the migration's one update.
    await expect(bare.db.update(operatorAuditLog).set({ detail: 'x' })).rejects.toThrow()
  })
})
