import { and, eq } from 'drizzle-orm'
import { approvalActions } from '#api/contract/staff'
import { areaOf, settingsChanges } from '#api/contract/staff/settings-areas'
import type { Queryable, Transaction } from '../../db/database'
import { settingsVersions } from '../../db/schema'
import type { ApprovalItem, ItemNow } from '../approval-items'
import { tablesOf } from '../settings-tables'
import {
  latestVersion,
  lockArea,
  type SettingsVersion,
  tablesHold,
  versionSaid,
} from '../settings-versions'

/**
 * A new version of one settings area, under four eyes (docs/decisions/078): applied to the
 * area's tables when a second person with the configuration role approves it, and then the
 * current version; refused as stale once another version of the area landed after the one it
 * was proposed on.
 */

const byId = (id: number) => eq(settingsVersions.id, id)

async function baseOf(db: Queryable, row: SettingsVersion) {
  if (row.basedOn === null) return undefined
  const [base] = await db
    .select()
    .from(settingsVersions)
    .where(and(eq(settingsVersions.area, row.area), eq(settingsVersions.version, row.basedOn)))
  return base
}

async function versionNow(db: Queryable, row: SettingsVersion): Promise<ItemNow> {
  const area = areaOf(row.area)
  const base = await baseOf(db, row)
  return {
    shown: {
      customer_id: null,
      email: null,
      name: null,
      kind: 'settings',
      amount: null,
      currency: null,
      detail: `${area.label}, changed from version ${row.basedOn}`,
      status: row.status,
      submitted_at: row.createdAt.toISOString(),
      changes: base
        ? settingsChanges(row.area, base.content as never, row.content as never).map(
            ({ field, from, to }) => ({ field, from, to }),
          )
        : [],
    },
    waiting: row.status === 'proposed',
    rule: 'settings change',
    decidedAt: row.decidedAt,
    decidedByStaffId: row.approvedByStaffId,
  }
}

async function proposal(db: Queryable, id: number) {
  const [row] = await db.select().from(settingsVersions).where(byId(id))
  if (!row) throw new Error(`settings version ${id} vanished`)
  return row
}

export const settingsVersionItem: ApprovalItem = {
  action: 'settings change',
  roles: approvalActions['settings change'],
  noun: 'settings change',
  always: true,
  async lock(tx, id) {
    const [row] = await tx.select().from(settingsVersions).where(byId(id)).for('update')
    return row && versionNow(tx, row)
  },
  async read(db, id) {
    const [row] = await db.select().from(settingsVersions).where(byId(id))
    return row && versionNow(db, row)
  },
  async stale(tx, _shown, _now, id) {
    const row = await proposal(tx, id)
    await lockArea(tx, row.area)
    const latest = await latestVersion(tx, row.area)
    if (!latest) return `The ${areaOf(row.area).noun} have no version to change.`
    if (latest.version !== row.basedOn)
      return `Since it was proposed on version ${row.basedOn}, ${await versionSaid(tx, latest)} was applied: propose the change again on it.`
    if (!(await tablesHold(tx, latest)))
      return `The ${areaOf(row.area).noun} were changed outside the console since version ${latest.version}: propose the change again on them.`
    return null
  },
  async apply(tx: Transaction, id, checker, now) {
    const row = await proposal(tx, id)
    const area = areaOf(row.area)
    await lockArea(tx, row.area)
    const latest = await latestVersion(tx, row.area)
    if (!latest || latest.version !== row.basedOn)
      throw new Error(
        `settings version ${id} was proposed on version ${row.basedOn}, but ${latest?.version} is current`,
      )
    const said = await tablesOf(row.area).apply(tx, row.content as never, latest.content as never)
    const version = (latest.version ?? 0) + 1
    await tx
      .update(settingsVersions)
      .set({ status: 'applied', version, approvedByStaffId: checker, decidedAt: now })
      .where(byId(id))
    return `The ${area.noun} are now version ${version}.${said ? ` ${said}` : ''}`
  },
  async drop(tx, id, now) {
    await tx.update(settingsVersions).set({ status: 'dropped', decidedAt: now }).where(byId(id))
  },
}
