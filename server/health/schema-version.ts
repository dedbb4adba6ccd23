import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import type { Queryable } from '../db/database'
import { projectFile } from '../project-root'

/**
 * The schema this build expects: the `when` of the last migration it ships. drizzle's migrator
 * records each applied migration with that same number (`created_at`), on PostgreSQL and PGlite.
 */
export const expectedSchemaVersion: number = (() => {
  const journal = JSON.parse(
    readFileSync(projectFile('server/db/migrations/meta/_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] }
  return Math.max(...journal.entries.map((entry) => entry.when))
})()

/**
 * The newest migration applied to the database, or 0 when none is. A database migrated by a
 * newer release is ahead, which this build works with (expand/contract: docs/decisions/108).
 */
export async function appliedSchemaVersion(db: Queryable): Promise<number> {
  const result = await db.execute(
    sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
  )
  // Both drivers answer `{ rows }`; drizzle types the union of their results as unknown.
  const [row] = (result as unknown as { rows: { latest: string | null }[] }).rows
  return Number(row?.latest ?? 0)
}
