import { setImmediate as yieldToOthers } from 'node:timers/promises'
import { and, asc, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { StaffRole } from '#api/contract/staff'
import type { Queryable } from '../db/database'
import { operatorAuditChain, operatorAuditLog } from '../db/schema'
import type { StaffActor, TaskOutcome } from './staff'
import { asActor } from './staff-tasks'

/**
 * The audit log's hash chain, checked (docs/decisions/075). Each entry holds its place in the
 * chain, the previous entry's hash and its own; the database computes them on insert
 * (migration 0018's trigger). The check walks the chain in its order, a batch at a time, and
 * stops at the first broken link: an entry whose content no longer gives its hash (changed),
 * one whose previous hash is not its predecessor's (a link changed), a place with no entry
 * (deleted), an entry outside the chain (written with the trigger off), or a log that ends
 * before the place its head names (its last entries deleted).
 */

/** Who may read the audit log, from the console or the terminal: the auditor and the admin. */
export const auditLogReaders: readonly StaffRole[] = ['auditor', 'admin']

/** The "previous hash" of the first entry. */
export const firstPreviousHash = '0'.repeat(64)

export type ChainCheck =
  | { holds: true; entries: number; lastHash: string }
  | { holds: false; entries: number; entryId: number | null; problem: string }

interface Link {
  id: number
  position: number
  prevHash: string
  hash: string
}

const batchOf = (db: Queryable, after: number, upTo: number, size: number) =>
  db
    .select({
      id: operatorAuditLog.id,
      position: sql<number>`${operatorAuditLog.chainPosition}`,
      prevHash: sql<string | null>`${operatorAuditLog.prevHash}`,
      hash: sql<string | null>`${operatorAuditLog.hash}`,
      recomputed: sql<string | null>`operator_audit_log_hash(${operatorAuditLog})`,
    })
    .from(operatorAuditLog)
    .where(
      and(gt(operatorAuditLog.chainPosition, after), lte(operatorAuditLog.chainPosition, upTo)),
    )
    .orderBy(asc(operatorAuditLog.chainPosition))
    .limit(size)

const described = (link: Pick<Link, 'id' | 'position'>) =>
  `entry ${link.id} (number ${link.position} in the chain)`

const atStart = (sentence: string) => sentence.charAt(0).toUpperCase() + sentence.slice(1)

/** Walks the chain as its head stood when the check began; entries added meanwhile wait. */
export async function checkAuditChain(
  db: Queryable,
  options: { batchSize?: number } = {},
): Promise<ChainCheck> {
  const batchSize = options.batchSize ?? 1000
  const [head] = await db.select().from(operatorAuditChain)
  if (!head)
    return {
      holds: false,
      entries: 0,
      entryId: null,
      problem: 'The chain has no head (operator_audit_chain is empty): it was removed.',
    }
  const broken = (link: { id: number } | null, problem: string, entries: number): ChainCheck => ({
    holds: false,
    entries,
    entryId: link?.id ?? null,
    problem,
  })

  let previous = null as Link | null
  while ((previous?.position ?? 0) < head.length) {
    const rows = await batchOf(db, previous?.position ?? 0, head.length, batchSize)
    for (const row of rows) {
      const entries: number = previous?.position ?? 0
      const expected = entries + 1
      if (row.position !== expected)
        return broken(
          row,
          `Number ${expected} in the chain is missing: ${
            previous ? `after ${described(previous)}` : 'at the start'
          } comes ${described(row)}. An entry was deleted, or taken out of the chain.`,
          entries,
        )
      if (row.hash === null || row.recomputed !== row.hash)
        return broken(
          row,
          `${atStart(described(row))} was changed: its content no longer gives its hash.`,
          entries,
        )
      if (row.prevHash !== (previous?.hash ?? firstPreviousHash))
        return broken(
          row,
          `${atStart(described(row))} does not follow ${
            previous ? described(previous) : 'the start of the chain'
          }: the previous hash it holds is not that entry's hash (one of them was changed).`,
          entries,
        )
      previous = { id: row.id, position: row.position, prevHash: row.prevHash, hash: row.hash }
    }
    if (rows.length === 0) break
    await yieldToOthers()
  }

  const length = previous?.position ?? 0
  if (length < head.length)
    return broken(
      previous,
      `The chain ends at number ${length}${previous ? `, ${described(previous)}` : ''}, but its head names ${head.length} entries: ${
        head.length - length === 1
          ? 'the last entry was deleted'
          : `the last ${head.length - length} entries were deleted`
      }.`,
      length,
    )
  if ((previous?.hash ?? firstPreviousHash) !== head.lastHash && head.length > 0)
    return broken(
      previous,
      `${atStart(previous ? described(previous) : 'the last entry')} is not the one the chain's head names (its hash differs): the last entry was replaced.`,
      length,
    )
  const [outside] = await db
    .select({ id: operatorAuditLog.id })
    .from(operatorAuditLog)
    .where(
      or(
        isNull(operatorAuditLog.chainPosition),
        isNull(operatorAuditLog.prevHash),
        isNull(operatorAuditLog.hash),
        // In one snapshot with the head: an entry the trigger chained is never beyond it.
        gt(operatorAuditLog.chainPosition, sql`(SELECT length FROM ${operatorAuditChain})`),
      ),
    )
    .orderBy(asc(operatorAuditLog.id))
    .limit(1)
  if (outside)
    return broken(
      outside,
      `Entry ${outside.id} is outside the chain: the chain's head does not count it (it was written while the chain's trigger was off).`,
      length,
    )
  return { holds: true, entries: length, lastHash: head.lastHash }
}

/** The check as a task of the auditor or the admin, from either door. */
export function verifyAuditChain(
  deps: { db: Queryable },
  actor: StaffActor,
  options: { batchSize?: number } = {},
): Promise<TaskOutcome<{ check: ChainCheck }>> {
  return asActor(deps.db, actor, auditLogReaders, async () => ({
    ok: true,
    check: await checkAuditChain(deps.db, options),
  }))
}
