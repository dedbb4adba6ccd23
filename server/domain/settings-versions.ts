import { isDeepStrictEqual } from 'node:util'
import { and, desc, eq, sql } from 'drizzle-orm'
import {
  areaOf,
  type SettingsAreaName,
  type SettingsContent,
  settingsAreaNames,
} from '#api/contract/staff/settings-areas'
import type { Queryable, Transaction } from '../db/database'
import { settingsVersions, staff } from '../db/schema'
import { tablesOf } from './settings-tables'
import { whenSaid } from './time-words'

/**
 * The versions of each settings area (docs/decisions/078): the last one applied is the current
 * one. The tables the forms read are the truth: when an area is first read, or its tables were
 * changed outside the console (SQL) since its last version, they become a new version of their
 * own ('tables'), so the history holds every content the forms have read.
 */

export type SettingsVersion = typeof settingsVersions.$inferSelect

/** Any fixed number (this one spells "sett"), and the area's place among the areas. */
const lockSpace = 0x73657474

/** One writer of an area at a time, to the end of the transaction. */
export async function lockArea(tx: Transaction, area: SettingsAreaName) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${lockSpace}, ${settingsAreaNames.indexOf(area)})`,
  )
}

/** The area's last version applied; undefined before it was ever read. */
export async function latestVersion(
  db: Queryable,
  area: SettingsAreaName,
): Promise<SettingsVersion | undefined> {
  const [row] = await db
    .select()
    .from(settingsVersions)
    .where(and(eq(settingsVersions.area, area), eq(settingsVersions.status, 'applied')))
    .orderBy(desc(settingsVersions.version))
    .limit(1)
  return row
}

/** Whether two contents are the same (as JSON: a jsonb keeps no order of keys). */
export const sameContent = (a: unknown, b: unknown) =>
  isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)))

/** Whether the area's tables still hold `version`'s content. */
export async function tablesHold(db: Queryable, version: SettingsVersion) {
  return sameContent(version.content, await tablesOf(version.area).read(db))
}

/**
 * The area's current version, its tables read under the area's lock: the last applied, or the
 * tables as they are when they differ from it (or the area was never read), written as a new
 * version from the tables.
 */
export async function currentVersion(
  tx: Transaction,
  area: SettingsAreaName,
  now: Date,
): Promise<SettingsVersion> {
  await lockArea(tx, area)
  const latest = await latestVersion(tx, area)
  const tables = await tablesOf(area).read(tx)
  if (latest && sameContent(latest.content, tables)) return latest
  const [found] = await tx
    .insert(settingsVersions)
    .values({
      area,
      version: (latest?.version ?? 0) + 1,
      basedOn: latest?.version ?? null,
      content: tables,
      status: 'applied',
      source: 'tables',
      createdAt: now,
      decidedAt: now,
    })
    .returning()
  if (!found) throw new Error(`the ${area} settings version was not written`)
  return found
}

/** The current version of an area, in a transaction of its own. */
export const currentVersionOf = (
  db: { transaction: <T>(work: (tx: Transaction) => Promise<T>) => Promise<T> },
  area: SettingsAreaName,
  now: Date,
) => db.transaction((tx) => currentVersion(tx, area, now))

/** An area's content as its own type. */
export const contentOf = <A extends SettingsAreaName>(version: SettingsVersion & { area: A }) =>
  version.content as SettingsContent<A>

const personName = async (db: Queryable, id: number | null) => {
  if (id === null) return null
  const [row] = await db.select({ name: staff.name }).from(staff).where(eq(staff.id, id))
  return row?.name ?? 'a member of staff'
}

/**
 * A version as refusals name it: "version 4 of the coins and deposit addresses (proposed by Ana
 * Ruiz and approved by Ben Cole at 14:03 UTC on 25/11/2026)".
 */
export async function versionSaid(db: Queryable, version: SettingsVersion): Promise<string> {
  const what = `version ${version.version} of the ${areaOf(version.area).noun}`
  const at = whenSaid(version.decidedAt ?? version.createdAt)
  if (version.source === 'tables') return `${what} (found in the tables at ${at})`
  const maker = (await personName(db, version.proposedByStaffId)) ?? 'an operator at the terminal'
  const checker = await personName(db, version.approvedByStaffId)
  return checker
    ? `${what} (proposed by ${maker} and approved by ${checker} at ${at})`
    : `${what} (applied by ${maker} at ${at})`
}
