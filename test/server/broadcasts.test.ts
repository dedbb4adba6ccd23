import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approvals, broadcasts, notifications, users } from '#server/db/schema'
import { sendBroadcasts } from '#server/domain/broadcast-sending'
import { audiences } from '#server/domain/customer-plans'
import { runOpsCommand } from '#server/ops/run'
import { createCustomer } from './support/customers'
import { databaseTargets } from './support/databases'
import { type EnrolledStaff, enrolWithTotp, signInWithTotp } from './support/staff'
import { callAs, enrolTeam, type Team } from './support/staff-work'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * Broadcasts under four eyes (issue 18, docs/decisions/077): a proposed change of its own, sent
 * to every customer or one plan's only when a second person with the support role approves it;
 * dropped when rejected or expired; the maker never approves their own.
 */

const proposedMessage =
  /^Sent for approval: a second member of staff with the support role must approve it \(approval (\d+), until \d\d:\d\d UTC on \d\d\/\d\d\/\d{4}\)\.$/

describe.each(databaseTargets)('broadcasts on %s', (target) => {
  let t: TestApp
  let team: Team
  let support2: EnrolledStaff
  let customers: { id: number }[]
  let premium: { id: number }

  beforeAll(async () => {
    t = await startTestApp(target)
    team = await enrolTeam(t, 'broadcasts')
    support2 = await enrolWithTotp(t, team.admin.actor, 'broadcasts-support2@staff.test', [
      'support',
    ])
    customers = [await createCustomer(t), await createCustomer(t), await createCustomer(t)]
    premium = customers[2] as { id: number }
    await t.db.update(users).set({ currentPlan: 'Premium' }).where(eq(users.id, premium.id))
  })
  afterAll(() => t.close())

  const titled = (title: string) =>
    t.db.select().from(notifications).where(eq(notifications.title, title))

  const customerCount = async () =>
    (await t.db.select().from(users).where(eq(users.role, 'customer'))).length

  async function propose(fields: Record<string, string>, person = team.support) {
    const answer = await callAs(t, person, 'broadcastpropose', fields)
    expect(answer.status).toBe(200)
    expect(answer.body.status, answer.body.message as string).toBe(true)
    const id = proposedMessage.exec(answer.body.message as string)?.[1]
    expect(id, answer.body.message as string).toBeDefined()
    return id as string
  }

  const decide = (person: EnrolledStaff, id: string, fields: Record<string, string>) =>
    callAs(t, person, 'approvaldecide', { id, ...fields })

  it('is sent to every customer only once a second support person approves it', async () => {
    const title = 'Branch hours'
    const id = await propose({ title, body: 'Closed on Monday.', note: 'Agreed with ops.' })

    // Nothing sent: the proposal waits, as the maker wrote it.
    expect(await titled(title)).toHaveLength(0)
    const [approval] = await t.db
      .select()
      .from(approvals)
      .where(eq(approvals.id, Number(id)))
    expect(approval).toMatchObject({
      action: 'broadcast send',
      itemKind: 'broadcast',
      status: 'pending',
      makerStaffId: team.support.id,
      makerNote: 'Agreed with ops.',
      data: expect.objectContaining({
        customer_id: null,
        amount: null,
        kind: 'broadcast',
        detail: '"Branch hours" to every customer',
        changes: [
          { field: 'Audience', from: null, to: 'every customer' },
          { field: 'Title', from: null, to: title },
          { field: 'Text', from: null, to: 'Closed on Monday.' },
        ],
      }),
    })

    // The maker may not approve it; a person without the support role may not either.
    const own = await decide(team.support, id, { decision: 'approve' })
    expect(own.body).toEqual({
      status: false,
      message: 'You sent this for approval: a second member of staff must approve or reject it.',
    })
    const payments = await decide(team.payments, id, { decision: 'approve' })
    expect(payments.body).toEqual({
      status: false,
      message: 'This needs the role support; you hold payments.',
    })
    expect(await titled(title)).toHaveLength(0)

    // The inbox shows it to the second support person, who may decide it.
    const inbox = await callAs(t, support2, 'approvallist')
    expect(inbox.body.approvals).toContainEqual(
      expect.objectContaining({ id: Number(id), action: 'broadcast send', may_decide: true }),
    )

    const approved = await decide(support2, id, { decision: 'approve' })
    const everyone = await customerCount()
    expect(approved.body).toEqual({
      status: true,
      message: `Approval ${id} approved: The broadcast "Branch hours" is being sent to ${everyone} customers; the Broadcasts page shows how far it is.`,
    })
    // The approval answers at once; the broadcast job writes the notifications, two at a time
    // here, and the page shows how far it is.
    expect(await titled(title)).toHaveLength(0)
    const sending = (await callAs(t, team.auditor, 'broadcastpage')).body.broadcasts as {
      title: string
    }[]
    expect(sending.find((row) => row.title === title)).toMatchObject({
      status: 'sending',
      audience: everyone,
      written: 0,
      recipients: null,
    })
    expect(await sendBroadcasts(t.db, t.clock.now, 2)).toBe(1)
    const sent = await titled(title)
    expect(sent).toHaveLength(everyone)
    expect(new Set(sent.map((row) => row.userId)).size).toBe(everyone)
    expect(sent.every((row) => row.body === 'Closed on Monday.' && row.readAt === null)).toBe(true)
    const [row] = await t.db.select().from(broadcasts).where(eq(broadcasts.title, title))
    expect(row).toMatchObject({ status: 'sent', recipients: everyone, written: everyone })
    // Each dated when it was approved, and marked as this broadcast's.
    expect(
      sent.every(
        (note) =>
          note.createdAt.getTime() === row?.decidedAt?.getTime() && note.broadcastId === row?.id,
      ),
    ).toBe(true)

    // Approved once: a second approval of it is refused, and nothing is sent twice.
    const twice = await decide(support2, id, { decision: 'approve' })
    expect(twice.body).toEqual({
      status: false,
      message: expect.stringMatching(new RegExp(`^.* approved approval ${id} at `)),
    })
    expect(await titled(title)).toHaveLength(everyone)
  })

  it("reaches only one plan's customers when it names the plan", async () => {
    const title = 'Premium lounge'
    const id = await propose({ title, body: 'Now open.', plan: 'Premium' })
    expect((await decide(support2, id, { decision: 'approve' })).body.status).toBe(true)
    await sendBroadcasts(t.db, t.clock.now)
    const sent = await titled(title)
    expect(sent.map((row) => row.userId)).toEqual([premium.id])
  })

  it('a rejected proposal is dropped and can never be sent', async () => {
    const title = 'Wrong date'
    const id = await propose({ title, body: 'Closed on Sunday.' })
    const rejected = await decide(support2, id, { decision: 'reject', reason: 'We open Sundays.' })
    expect(rejected.body).toEqual({
      status: true,
      message: `Approval ${id} rejected; nothing was applied and the broadcast is dropped.`,
    })
    const [row] = await t.db.select().from(broadcasts).where(eq(broadcasts.title, title))
    expect(row?.status).toBe('dropped')
    const later = await decide(team.support, id, { decision: 'approve' })
    expect(later.body.status).toBe(false)
    expect(await titled(title)).toHaveLength(0)
  })

  it('an expired proposal is refused, dropped and sends nothing', async () => {
    const title = 'Too late'
    const id = await propose({ title, body: 'Nobody looked.' })
    t.clock.advance(24 * 3_600_000 + 60_000)
    for (const person of [team.support, support2, team.auditor, team.payments, team.admin])
      person.jar = await signInWithTotp(t, person)
    const late = await decide(support2, id, { decision: 'approve' })
    expect(late.body.status).toBe(false)
    expect(late.body.message).toMatch(
      new RegExp(
        `^Approval ${id} expired at .*; nothing was applied\\. The maker may propose it again\\.$`,
      ),
    )
    const [row] = await t.db.select().from(broadcasts).where(eq(broadcasts.title, title))
    expect(row?.status).toBe('dropped')
    expect(await titled(title)).toHaveLength(0)
  })

  it('refuses an unknown plan, an empty text, and anyone without the support role', async () => {
    const before = (await t.db.select().from(broadcasts)).length
    const unknown = await callAs(t, team.support, 'broadcastpropose', {
      title: 'Hello',
      body: 'Text',
      plan: 'Platinum Ultra',
    })
    expect(unknown.body).toEqual({ status: false, message: 'No plan is called Platinum Ultra.' })
    const empty = await callAs(t, team.support, 'broadcastpropose', { title: 'Hello', body: ' ' })
    expect(empty.status).toBe(400)
    for (const person of [team.auditor, team.payments, team.admin]) {
      const refused = await callAs(t, person, 'broadcastpropose', { title: 'Hi', body: 'Text' })
      expect(refused.status, person.email).toBe(403)
    }
    expect(await t.db.select().from(broadcasts)).toHaveLength(before)
  })

  it('the page lists the audiences with their customers and the last broadcasts; the auditor reads it', async () => {
    const page = await callAs(t, team.auditor, 'broadcastpage')
    expect(page.status).toBe(200)
    const audiences = page.body.audiences as { plan: string | null; customers: number }[]
    expect(audiences[0]).toEqual({ plan: null, customers: await customerCount() })
    expect(audiences).toContainEqual({ plan: 'Premium', customers: 1 })
    expect(page.body.broadcasts).toContainEqual(
      expect.objectContaining({
        title: 'Branch hours',
        status: 'sent',
        proposed_by: 'Eva Lind',
        plan: null,
        written: expect.any(Number),
        sent_at: expect.any(String),
      }),
    )
  })

  it('npm run ops -- broadcast propose waits for approval like the console', async () => {
    const ran = await runOpsCommand(
      t.db,
      ['broadcast', 'propose', 'From the terminal', 'Proposed with --as.', 'Premium'],
      { operator: 'olga', as: team.support.email, now: t.clock.now() },
    )
    expect(ran.exitCode, ran.output).toBe(0)
    expect(ran.output).toMatch(proposedMessage)
    const [row] = await t.db
      .select()
      .from(broadcasts)
      .where(and(eq(broadcasts.title, 'From the terminal'), eq(broadcasts.plan, 'Premium')))
    expect(row?.status).toBe('proposed')
    expect(await titled('From the terminal')).toHaveLength(0)
  })
  it('keeps each plan’s count as customers sign up, change plan and leave', async () => {
    /** The counts as a full read of the customers gives them, beside the kept ones. */
    const countedNow = async () => {
      const rows = await t.db
        .select({ plan: users.currentPlan, customers: count() })
        .from(users)
        .where(eq(users.role, 'customer'))
        .groupBy(users.currentPlan)
      return new Map(rows.map((row) => [row.plan, Number(row.customers)]))
    }
    const expectKeptRight = async () => {
      const counted = await countedNow()
      const kept = await audiences(t.db)
      const everyone = [...counted.values()].reduce((sum, n) => sum + n, 0)
      expect(kept[0]).toEqual({ plan: null, customers: everyone })
      for (const [plan, customers] of counted) expect(kept).toContainEqual({ plan, customers })
      for (const row of kept.slice(1))
        expect(row.customers, String(row.plan)).toBe(counted.get(row.plan as string) ?? 0)
    }
    await expectKeptRight()
    const joined = [await createCustomer(t), await createCustomer(t)]
    await expectKeptRight()
    await t.db
      .update(users)
      .set({ currentPlan: 'Gold Class' })
      .where(eq(users.id, (joined[0] as { id: number }).id))
    await expectKeptRight()
    expect(await audiences(t.db)).toContainEqual({ plan: 'Gold Class', customers: 1 })
    // An update that changes no customer's plan (as a sign-in's) changes no count.
    await t.db.update(users).set({ language: 'en' }).where(eq(users.role, 'customer'))
    await expectKeptRight()
    await t.db.delete(users).where(eq(users.id, (joined[0] as { id: number }).id))
    await expectKeptRight()
    expect(await audiences(t.db)).not.toContainEqual({ plan: 'Gold Class', customers: 1 })
  })
})
