import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { chainHash } from '#api/chain-rules'
import { correctionLimits, pageSize, type StaffCallResponse } from '#api/contract/staff'
import type { Database, Queryable } from '../db/database'
import { coinTypes, fundingRequests, staff, users } from '../db/schema'
import type { DecisionTerms } from './approval-items'
import { makersOf } from './approval-makers'
import { explorerLink } from './coin-chains'
import { sendForApproval } from './four-eyes'
import {
  correctableKind,
  decideRequest,
  type FundingKind,
  kindLabels,
  RequestDecisionRefused,
} from './funding-requests'
import type { StaffActor, TaskOutcome } from './staff'
import { fileReferences, referenceIn } from './staff-files'
import {
  asActor,
  type Decider,
  decidedAnswer,
  deciderFrom,
  missing,
  offsetOf,
  refused,
  taskRoles,
} from './staff-tasks'

/**
 * The funding requests' queue and case as operator tasks (docs/decisions/066, 072): listed,
 * opened (an audited read: the proof is personal data) and decided by a member of staff.
 */

type RequestStatus = 'pending' | 'confirmed' | 'declined'

const decider = alias(staff, 'decider')

const rowColumns = {
  request: fundingRequests,
  email: users.email,
  name: users.fullname,
  deciderName: decider.name,
}

type Row = {
  request: typeof fundingRequests.$inferSelect
  email: string
  name: string
  deciderName: string | null
}

const rowAnswer = ({ request, email, name, deciderName }: Row, makers: Map<number, Decider>) => ({
  id: request.id,
  customer_id: request.userId,
  email,
  name,
  kind: request.kind,
  coin: request.coinType,
  amount: request.amount,
  detail: request.plan ?? request.purpose,
  status: request.status,
  submitted_at: request.createdAt.toISOString(),
  reason: request.decisionNote,
  decided: decidedAnswer(
    deciderFrom(request.decidedAt, request.decidedByStaffId, deciderName),
    makers.get(request.id) ?? null,
  ),
  corrected_amount: request.correctedAmount,
  correction_reason: request.correctionReason,
})

export async function listRequests(
  db: Queryable,
  actor: StaffActor,
  query: { status: RequestStatus; kind?: FundingKind; page: number },
): Promise<TaskOutcome<{ answer: StaffCallResponse<'requestlist'> }>> {
  return asActor(db, actor, taskRoles.paymentsRead, async () => {
    const conditions: SQL[] = [eq(fundingRequests.status, query.status)]
    if (query.kind) conditions.push(eq(fundingRequests.kind, query.kind))
    const where = and(...conditions)
    const rows = await db
      .select(rowColumns)
      .from(fundingRequests)
      .innerJoin(users, eq(users.id, fundingRequests.userId))
      .leftJoin(decider, eq(decider.id, fundingRequests.decidedByStaffId))
      .where(where)
      .orderBy(query.status === 'pending' ? asc(fundingRequests.id) : desc(fundingRequests.id))
      .limit(pageSize)
      .offset(offsetOf(query.page, pageSize))
    const [total] = await db.select({ n: count() }).from(fundingRequests).where(where)
    const makers = await makersOf(
      db,
      'funding_request',
      rows.map((row) => row.request.id),
    )
    return {
      ok: true,
      answer: {
        requests: rows.map((row) => rowAnswer(row, makers)),
        page: query.page,
        page_size: pageSize,
        total: Number(total?.n ?? 0),
      },
    }
  })
}

/** One request with the coin's address, the payment on the chain and the proof; an audited read. */
export async function openRequestCase(
  deps: { db: Queryable; now: () => Date },
  actor: StaffActor,
  id: number,
): Promise<TaskOutcome<{ answer: StaffCallResponse<'requestcase'> }>> {
  const { db } = deps
  return asActor(db, actor, taskRoles.paymentsRead, async () => {
    const [row] = await db
      .select({ ...rowColumns, coin: coinTypes })
      .from(fundingRequests)
      .innerJoin(users, eq(users.id, fundingRequests.userId))
      .leftJoin(decider, eq(decider.id, fundingRequests.decidedByStaffId))
      .leftJoin(coinTypes, eq(coinTypes.name, fundingRequests.coinType))
      .where(eq(fundingRequests.id, id))
    if (!row) return missing(`No request with id ${id}.`)
    const files = await fileReferences(db, [row.request.proofFileId])
    const format = row.coin?.txHashFormat ?? 'hex64-or-0x'
    const hash = row.request.txHash
    return {
      ok: true,
      answer: {
        ...rowAnswer(row, await makersOf(db, 'funding_request', [id])),
        address: row.coin?.address ?? null,
        tx_hash: hash ? chainHash(hash, format) : null,
        explorer_url: hash ? explorerLink(row.coin?.explorerUrl ?? null, hash, format) : null,
        proof: referenceIn(files, row.request.proofFileId),
      },
    }
  })
}

export type RequestDecision =
  | {
      confirm: true
      note?: string | undefined
      /** What the bank actually received, when it is not the claim, and why (a deposit's). */
      received?: DecisionTerms | undefined
    }
  | { confirm: false; reason?: string }

/** Why a confirmation with the amount received cannot be made; null when it can. */
async function receivedRefusal(db: Queryable, id: number, received: DecisionTerms) {
  const [request] = await db.select().from(fundingRequests).where(eq(fundingRequests.id, id))
  if (!request) return null
  if (request.kind !== correctableKind)
    return `Only a deposit's amount can be corrected; this is a ${kindLabels[request.kind]}.`
  if (received.amount === request.amount)
    return 'That is the amount claimed: confirm the request without a correction.'
  if (!received.reason.trim()) return 'Give the reason the customer will read.'
  if (received.reason.trim().length > correctionLimits.customerReason)
    return `The reason must be at most ${correctionLimits.customerReason} characters.`
  return null
}

/**
 * Confirms or declines a pending request as `actor`; of two people deciding one at once, the
 * second is told who decided it. A deposit may be confirmed with the amount the bank actually
 * received (`received`, docs/decisions/079). A confirmation above its kind's threshold (of the
 * amount received, when given) waits for a second person instead (four-eyes.ts, 073). `message`
 * is what `ops` prints.
 */
export async function decideRequestAs(
  deps: { db: Database; now: () => Date },
  actor: StaffActor,
  id: number,
  decision: RequestDecision,
): Promise<TaskOutcome<{ message: string }>> {
  return asActor(deps.db, actor, taskRoles.paymentsDecide, async () => {
    if (decision.confirm) {
      const received = decision.received
      const refusal = received && (await receivedRefusal(deps.db, id, received))
      if (refusal) return refused(refusal)
      const sent = await sendForApproval(deps, actor, {
        kind: 'funding_request',
        id,
        note: decision.note,
        terms: received,
      })
      if (sent) return sent
    }
    try {
      const message = await decideRequest(deps.db, id, decision, deps.now(), {
        decidedBy: actor.staffId,
      })
      return { ok: true, message }
    } catch (error) {
      if (error instanceof RequestDecisionRefused) return refused(error.message)
      throw error
    }
  })
}
