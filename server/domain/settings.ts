import { and, count, desc, eq, inArray } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import type { StaffCallResponse, StaffRole } from '#api/contract/staff'
import {
  areaOf,
  type SettingsAreaName,
  type SettingsContent,
  settingsAreaNames,
  settingsRefusal,
} from '#api/contract/staff/settings-areas'
import type { Database, Queryable } from '../db/database'
import { approvals, plans, settingsVersions, staff, stepUpLimits, users } from '../db/schema'
import { proposeChange } from './four-eyes'
import {
  currentVersionOf,
  type SettingsVersion,
  sameContent,
  versionSaid,
} from './settings-versions'
import type { StaffActor, TaskOutcome } from './staff'
import { asActor, refused } from './staff-tasks'

/**
 * The settings the portal's forms read, in the console and `npm run ops -- config`
 * (docs/decisions/078): the configuration role proposes a new version of one area, a second
 * person with the role approves it; the auditor reads. Every version is kept.
 */

const readRoles: readonly StaffRole[] = ['configuration', 'auditor']
const proposeRoles: readonly StaffRole[] = ['configuration']

/** How many versions of an area its page lists, newest first. */
const historyLength = 50

type Deps = { db: Database; now: () => Date }

const proposer = alias(staff, 'proposer')
const approver = alias(staff, 'approver')

const personOf = (id: number | null, name: string | null) =>
  id === null ? null : { staff_id: id, name: name ?? 'a member of staff' }

const withPeople = (db: Queryable) =>
  db
    .select({ version: settingsVersions, proposer: proposer.name, approver: approver.name })
    .from(settingsVersions)
    .leftJoin(proposer, eq(proposer.id, settingsVersions.proposedByStaffId))
    .leftJoin(approver, eq(approver.id, settingsVersions.approvedByStaffId))

export async function listSettings(
  deps: Deps,
  actor: StaffActor,
): Promise<TaskOutcome<{ answer: StaffCallResponse<'settingslist'> }>> {
  return asActor(deps.db, actor, readRoles, async () => {
    const now = deps.now()
    const areas = []
    for (const area of settingsAreaNames) {
      const current = await currentVersionOf(deps.db, area, now)
      const [named] = await withPeople(deps.db).where(eq(settingsVersions.id, current.id))
      const [waiting] = await deps.db
        .select({ n: count() })
        .from(settingsVersions)
        .where(and(eq(settingsVersions.area, area), eq(settingsVersions.status, 'proposed')))
      areas.push({
        area,
        version: current.version as number,
        source: current.source,
        applied_at: (current.decidedAt ?? current.createdAt).toISOString(),
        proposed_by: personOf(current.proposedByStaffId, named?.proposer ?? null),
        approved_by: personOf(current.approvedByStaffId, named?.approver ?? null),
        waiting: Number(waiting?.n ?? 0),
      })
    }
    return { ok: true, answer: { areas } }
  })
}

/** The plans a step-up limit may name: those offered, those customers are on, those with one. */
async function planNames(db: Queryable) {
  const offered = await db.select({ name: plans.planName }).from(plans)
  const held = await db
    .selectDistinct({ name: users.currentPlan })
    .from(users)
    .where(eq(users.role, 'customer'))
  const limited = await db.select({ name: stepUpLimits.planName }).from(stepUpLimits)
  return [...new Set([...offered, ...held, ...limited].map((row) => row.name))].sort()
}

export async function settingsAreaPage(
  deps: Deps,
  actor: StaffActor,
  area: SettingsAreaName,
): Promise<TaskOutcome<{ answer: StaffCallResponse<'settingsarea'> }>> {
  return asActor(deps.db, actor, readRoles, async () => {
    const current = await currentVersionOf(deps.db, area, deps.now())
    const rows = await withPeople(deps.db)
      .where(eq(settingsVersions.area, area))
      .orderBy(desc(settingsVersions.id))
      .limit(historyLength)
    const ids = rows.map((row) => row.version.id)
    const approvalRows =
      ids.length === 0
        ? []
        : await deps.db
            .select({ id: approvals.id, item: approvals.itemId, status: approvals.status })
            .from(approvals)
            .where(and(eq(approvals.itemKind, 'settings_version'), inArray(approvals.itemId, ids)))
    return {
      ok: true,
      answer: {
        area,
        version: current.version as number,
        content: current.content as Record<string, unknown>,
        plan_names: await planNames(deps.db),
        versions: rows.map(({ version, proposer: maker, approver: checker }) => {
          const approval = approvalRows.find((row) => row.item === version.id)
          return {
            id: version.id,
            version: version.version,
            status: version.status,
            source: version.source,
            based_on: version.basedOn,
            content: version.content as Record<string, unknown>,
            proposed_by: personOf(version.proposedByStaffId, maker),
            approved_by: personOf(version.approvedByStaffId, checker),
            created_at: version.createdAt.toISOString(),
            decided_at: version.decidedAt?.toISOString() ?? null,
            approval: approval ? { id: approval.id, status: approval.status } : null,
          }
        }),
      },
    }
  })
}

export interface SettingsProposal {
  area: SettingsAreaName
  /** The area as the form has it (text as typed); checked by the area's rules. */
  input: unknown
  /** The version the form showed; absent: the current one (a command at the terminal). */
  basedOn?: number | undefined
  note?: string | undefined
}

/** Coins are named by the requests made with them: one offered once stays, perhaps not offered. */
function coinRemoved(before: SettingsContent<'coins'>, after: SettingsContent<'coins'>) {
  const kept = new Set(after.coins.map((coin) => coin.name.toLowerCase()))
  return before.coins.find((coin) => !kept.has(coin.name.toLowerCase()))
}

function transitionRefusal(area: SettingsAreaName, current: SettingsVersion, content: unknown) {
  if (area !== 'coins') return null
  const removed = coinRemoved(
    current.content as SettingsContent<'coins'>,
    content as SettingsContent<'coins'>,
  )
  return removed
    ? `Coin ${removed.name} stays on record (requests name it): untick Offered instead of removing it.`
    : null
}

/**
 * Proposes a new version of an area: checked by the area's rules, made on its current version,
 * written as a proposal waiting for a second person with the configuration role (applied at
 * once only from the terminal before any member of staff exists). `applied` says which.
 */
export async function proposeSettings(
  deps: Deps,
  actor: StaffActor,
  proposal: SettingsProposal,
): Promise<TaskOutcome<{ message: string; applied: boolean }>> {
  const { area } = proposal
  return asActor(deps.db, actor, proposeRoles, async () => {
    const checked = v.safeParse(areaOf(area).schema, proposal.input)
    if (!checked.success) return refused(settingsRefusal(area, checked.issues))
    const current = await currentVersionOf(deps.db, area, deps.now())
    if (proposal.basedOn !== undefined && proposal.basedOn !== current.version)
      return refused(
        `Since you opened version ${proposal.basedOn}, ${await versionSaid(deps.db, current)} was applied. Nothing was proposed: make your change again on it.`,
      )
    if (sameContent(checked.output, current.content))
      return refused(
        `Nothing would change: the ${areaOf(area).noun} are so already (version ${current.version}).`,
      )
    const refusal = transitionRefusal(area, current, checked.output)
    if (refusal) return refused(refusal)
    const sent = await proposeChange(deps, actor, {
      kind: 'settings_version',
      note: proposal.note,
      async create(tx, now) {
        const [row] = await tx
          .insert(settingsVersions)
          .values({
            area,
            basedOn: current.version,
            content: checked.output,
            status: 'proposed',
            source: 'proposal',
            proposedByStaffId: actor.staffId,
            createdAt: now,
          })
          .returning({ id: settingsVersions.id })
        if (!row) throw new Error('the settings version was not written')
        return row.id
      },
    })
    return sent.ok ? { ...sent, applied: actor.staffId === null } : sent
  })
}
