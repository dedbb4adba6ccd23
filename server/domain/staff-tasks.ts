import { eq } from 'drizzle-orm'
import type { StaffRole } from '#api/contract/staff'
import { formatDateOf } from '#api/day-month-year'
import type { Queryable } from '../db/database'
import { staff } from '../db/schema'
import { recordOperatorAction } from './audit-log'
import { actorRefusal, type StaffActor, staffCount, type TaskOutcome } from './staff'

/**
 * What the console's queue and case tasks share (docs/decisions/072): who may act, the audit of
 * reads, who decided an item, and pages. Each task checks its actor's roles itself, whichever
 * door (the console, `npm run ops`) it came through.
 */

/** Who may read each area (the auditor reads everything) and who may change it. */
export const taskRoles = {
  kycRead: ['kyc', 'auditor'],
  kycDecide: ['kyc'],
  kycDocuments: ['kyc', 'support', 'auditor'],
  paymentsRead: ['payments', 'auditor'],
  paymentsDecide: ['payments'],
  customersFind: ['support', 'kyc', 'payments', 'auditor'],
  customersRead: ['support', 'payments', 'auditor'],
  customersChange: ['support'],
  /** Manual corrections of a balance (docs/decisions/079): payments propose, payments check. */
  correctionsPropose: ['payments'],
  /** Freezing an account, and proposing to lift a freeze (079). */
  freezesChange: ['support', 'payments'],
  mailRead: ['support', 'auditor'],
  mailChange: ['support'],
  /** The bank's daily figures: those who run its money, the auditor, and the admins. */
  figuresRead: ['payments', 'auditor', 'admin'],
} as const satisfies Record<string, readonly StaffRole[]>

/** The terminal's account, for an ops command run without a context (tests, scripts). */
export const terminalActor: StaffActor = { staffId: null, email: 'terminal' }

export const refused = (message: string) => ({ ok: false as const, message })

/** A refusal because the item does not exist (the console answers it 404). */
export const missing = (message: string) => ({
  ok: false as const,
  message,
  missing: true as const,
})

/** A refusal of what was asked (a day not yet come): the console answers it 400. */
export const invalid = (message: string) => ({
  ok: false as const,
  message,
  invalid: true as const,
})

/**
 * Why `actor` may not do a task needing one of `roles`, or null. The terminal (no staff id) may
 * only while no member of staff exists, as `npm run ops` allows (docs/decisions/068).
 */
export async function taskRefusal(
  db: Queryable,
  actor: StaffActor,
  roles: readonly StaffRole[],
): Promise<string | null> {
  if (actor.staffId === null && (await staffCount(db)) === 0) return null
  return actorRefusal(db, actor, roles)
}

/** Runs `task` when the actor may; its refusal in words otherwise. */
export async function asActor<R extends TaskOutcome>(
  db: Queryable,
  actor: StaffActor,
  roles: readonly StaffRole[],
  task: () => Promise<R>,
): Promise<R | ReturnType<typeof refused>> {
  const refusal = await taskRefusal(db, actor, roles)
  return refusal ? refused(refusal) : task()
}

/** Personal data a member of staff opened, in the audit log as a read ('customers show', …). */
export async function recordRead(
  db: Queryable,
  actor: StaffActor,
  what: string,
  args: Record<string, unknown> | string[],
  now: Date,
) {
  await recordOperatorAction(db, {
    actor,
    command: what,
    args,
    outcome: 'read',
    detail: 'read',
    at: now,
  })
}

/** Who decided an item, as the answers give it; null while nobody has. */
export interface Decider {
  staffId: number | null
  name: string
  at: Date
}

export async function deciderOf(
  db: Queryable,
  item: { decidedAt: Date | null; decidedByStaffId: number | null },
): Promise<Decider | null> {
  if (!item.decidedAt) return null
  if (item.decidedByStaffId === null)
    return { staffId: null, name: 'an operator at the terminal', at: item.decidedAt }
  const [person] = await db
    .select({ name: staff.name })
    .from(staff)
    .where(eq(staff.id, item.decidedByStaffId))
  return {
    staffId: item.decidedByStaffId,
    name: person?.name ?? 'a member of staff',
    at: item.decidedAt,
  }
}

/** A decider from a row joined with `staff` (the lists read many at once). */
export const deciderFrom = (
  decidedAt: Date | null,
  staffId: number | null,
  name: string | null,
): Decider | null =>
  decidedAt
    ? {
        staffId,
        name: staffId === null ? 'an operator at the terminal' : (name ?? 'a member of staff'),
        at: decidedAt,
      }
    : null

const timeOf = (at: Date) => at.toISOString().slice(11, 16)

/**
 * The refusal of a second decision on one item, naming the first: "Ana Ruiz confirmed this
 * request at 14:03 UTC on 25/11/2026." Null when it was decided at the terminal before staff
 * existed (the caller keeps its older words).
 */
export async function alreadyDecided(
  db: Queryable,
  item: { decidedAt: Date | null; decidedByStaffId: number | null },
  verb: string,
  noun: string,
): Promise<string | null> {
  if (item.decidedByStaffId === null || !item.decidedAt) return null
  const decider = await deciderOf(db, item)
  return `${decider?.name} ${verb} this ${noun} at ${timeOf(item.decidedAt)} UTC on ${formatDateOf(item.decidedAt, 'UTC')}.`
}

/** The answers' form of a decider. */
/** A person and a time as the answers give them. */
const personAt = (person: Decider) => ({
  staff_id: person.staffId,
  name: person.name,
  at: person.at.toISOString(),
})

/**
 * Who decided an item and when, with who proposed it when a second person approved the decision
 * (four eyes: `proposed` is the maker, the decider the checker); null while nobody has decided.
 */
export const decidedAnswer = (decider: Decider | null, proposed: Decider | null = null) =>
  decider ? { ...personAt(decider), proposed: proposed ? personAt(proposed) : null } : null

/** Where a page of `size` rows starts. */
export const offsetOf = (page: number, size: number) => (page - 1) * size
