import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountNotices, approvals, notifications, transfers } from '#server/db/schema'
import { freezeNotice } from '#server/domain/account-notices'
import { runOpsCommand } from '#server/ops/run'
import { databaseTargets } from './support/databases'
import { newKey, payingCustomer } from './support/money'
import { callAs, enrolTeam, type Team } from './support/staff-work'
import { startTestApp, type TestApp } from './support/test-app'
import { transferCalls } from './support/transfer-calls'

/**
 * Freezing an account (issue 18, docs/decisions/079): one person, at once: no sign-in, no money
 * out, the account notice shown. Lifting the freeze waits for a second person with the payments
 * role; the account stays frozen until then.
 */

const sentForApproval =
  /^Sent for approval: a second member of staff with the payments role must approve it \(approval (\d+), until \d\d:\d\d UTC on \d\d\/\d\d\/\d{4}\)\.$/

describe.each(databaseTargets)('freezing an account on %s', (target) => {
  let t: TestApp
  let team: Team
  const calls = transferCalls(() => t)

  beforeAll(async () => {
    t = await startTestApp(target)
    team = await enrolTeam(t, 'freezes')
  })
  afterAll(() => t.close())

  const signIn = (c: { email: string; passcode: string }) =>
    t.crud('signIn', { email: c.email, password: c.passcode })

  /** A customer with 1,000.00, signed in, with a transfer of 100.00 in progress. */
  async function customerWithTransfer() {
    const customer = await payingCustomer(t, 100_000)
    const authorization = await calls.authorize(customer, '100.00')
    expect((await calls.send(customer, authorization, newKey(), '100.00')).body.icon).toBe(
      'success',
    )
    const [transfer] = await t.db.select().from(transfers).where(eq(transfers.userId, customer.id))
    return { customer, transferId: String(transfer?.id) }
  }

  it('a freeze holds at once: sessions end, sign-in shows the notice, no money leaves', async () => {
    const { customer, transferId } = await customerWithTransfer()
    const nextAuthorization = await calls.authorize(customer, '10.00')
    const frozen = await callAs(t, team.support, 'customerfreeze', {
      customer_id: String(customer.id),
      reason: 'Card reported stolen on the phone.',
    })
    expect(frozen.body).toEqual({
      status: true,
      message: `${customer.email}'s account is frozen: their sessions are ended, they cannot sign in or move money out, and they see the account notice. Lifting the freeze needs a second person.`,
    })

    // The session in use is over; a transfer authorised before cannot be sent.
    expect((await t.action('dashboard', { token: customer.token })).status).toBe(401)
    expect((await calls.send(customer, nextAuthorization, newKey(), '10.00')).status).toBe(401)
    // Signing in gives the notice, and nothing else.
    const login = await signIn(customer)
    expect(login.body).toMatchObject({ hasNotice: true, message: freezeNotice.head })
    const noticeToken = login.body.jwt as string
    expect((await t.action('accountNotice', { token: noticeToken })).body).toEqual({
      notice: freezeNotice,
    })
    expect((await t.action('dashboard', { token: noticeToken })).status).toBe(401)
    // Money out is refused: a transfer under way cannot be settled from it.
    const settle = await callAs(t, team.payments, 'transferdecide', {
      id: transferId,
      decision: 'settle',
    })
    expect(settle.body).toEqual({
      status: false,
      message: `Transfer ${transferId}: the customer's account is on hold. Fail the transfer, or clear the notice first.`,
    })
    expect(await calls.booked(customer)).toBe(100_000)

    // One person cannot lift it by clearing the notice; freezing twice says so.
    expect(
      (
        await callAs(t, team.support, 'customernotice', {
          customer_id: String(customer.id),
          change: 'clear',
        })
      ).body,
    ).toEqual({
      status: false,
      message: `${customer.email}'s account is frozen: lifting a freeze needs a second person (propose an unfreeze).`,
    })
    expect(
      (
        await callAs(t, team.payments, 'customerfreeze', {
          customer_id: String(customer.id),
          reason: 'Again.',
        })
      ).body,
    ).toEqual({ status: false, message: `${customer.email}'s account is frozen already.` })

    // The console's page shows the freeze and why.
    const page = await callAs(t, team.payments, 'customerpage', {
      customer_id: String(customer.id),
    })
    expect(page.body.notice).toMatchObject({
      head: freezeNotice.head,
      frozen_at: t.clock.now().toISOString(),
      freeze_reason: 'Card reported stolen on the phone.',
    })
  })

  it('lifting it waits for a second person with the payments role; then the customer signs in and pays again', async () => {
    const { customer, transferId } = await customerWithTransfer()
    expect(
      (
        await callAs(t, team.payments, 'customerfreeze', {
          customer_id: String(customer.id),
          reason: 'Unusual logins.',
        })
      ).body.status,
    ).toBe(true)
    const told = async () =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, customer.id))).length
    const toldBefore = await told()

    const proposed = await callAs(t, team.payments, 'customerunfreeze', {
      customer_id: String(customer.id),
      reason: 'The customer called from the number we know.',
      note: 'Checked the caller.',
    })
    const approvalId = sentForApproval.exec(proposed.body.message as string)?.[1] as string
    expect(approvalId, proposed.body.message as string).toBeDefined()
    const [approval] = await t.db
      .select()
      .from(approvals)
      .where(eq(approvals.id, Number(approvalId)))
    expect(approval).toMatchObject({
      action: 'accounts unfreeze',
      itemKind: 'account_unfreeze',
      data: expect.objectContaining({
        customer_id: customer.id,
        amount: null,
        detail: expect.stringMatching(/^Lift the freeze of .* \(Unusual logins\.\)$/),
        changes: [
          {
            field: 'Account',
            from: expect.stringMatching(/^Frozen since /),
            to: 'Open: sign-in and money out',
          },
          { field: 'Why', from: null, to: 'The customer called from the number we know.' },
        ],
      }),
    })

    // While it waits the account stays frozen, and a second proposal is refused.
    expect((await signIn(customer)).body).toMatchObject({ hasNotice: true })
    expect(
      (
        await callAs(t, team.support, 'customerunfreeze', {
          customer_id: String(customer.id),
          reason: 'Again.',
        })
      ).body,
    ).toEqual({
      status: false,
      message: expect.stringMatching(
        new RegExp(
          `^Lifting the freeze on ${customer.email} already waits for approval ${approvalId}, proposed by Cara Diaz at `,
        ),
      ),
    })
    const page = await callAs(t, team.support, 'customerpage', {
      customer_id: String(customer.id),
    })
    expect(page.body.unfreeze_waiting).toMatchObject({
      approval_id: Number(approvalId),
      proposed_by: 'Cara Diaz',
    })

    // Not the maker; not support (the payments role checks it).
    expect(
      (await callAs(t, team.payments, 'approvaldecide', { id: approvalId, decision: 'approve' }))
        .body,
    ).toEqual({
      status: false,
      message: 'You sent this for approval: a second member of staff must approve or reject it.',
    })
    expect(
      (await callAs(t, team.support, 'approvaldecide', { id: approvalId, decision: 'approve' }))
        .body,
    ).toEqual({ status: false, message: 'This needs the role payments; you hold support.' })
    expect(await told()).toBe(toldBefore)

    const approved = await callAs(t, team.payments2, 'approvaldecide', {
      id: approvalId,
      decision: 'approve',
    })
    expect(approved.body).toEqual({
      status: true,
      message: `Approval ${approvalId} approved: The freeze on ${customer.email} is lifted: they may sign in and move money again.`,
    })
    expect(
      await t.db.select().from(accountNotices).where(eq(accountNotices.userId, customer.id)),
    ).toEqual([])
    const login = await signIn(customer)
    expect(login.body.hasNotice).toBeFalsy()
    expect((await t.action('dashboard', { token: login.body.jwt as string })).status).toBe(200)
    const settled = await callAs(t, team.payments, 'transferdecide', {
      id: transferId,
      decision: 'settle',
    })
    expect(settled.body.status).toBe(true)
    expect(await calls.booked(customer)).toBe(90_000)
    const [lifted] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Your account is open again'))
    expect(lifted?.userId).toBe(customer.id)
  })

  it('an unfreeze of a freeze set again since is refused as stale, and lifts nothing', async () => {
    const customer = await payingCustomer(t, 0)
    const freeze = () =>
      callAs(t, team.support, 'customerfreeze', {
        customer_id: String(customer.id),
        reason: 'Suspicious.',
      })
    expect((await freeze()).body.status).toBe(true)
    const proposed = await callAs(t, team.support, 'customerunfreeze', {
      customer_id: String(customer.id),
      reason: 'Cleared.',
    })
    const approvalId = sentForApproval.exec(proposed.body.message as string)?.[1] as string
    // The freeze it lifts is replaced by a later one (as a lift and a new freeze would leave it).
    t.clock.advance(60_000)
    await t.db
      .update(accountNotices)
      .set({ frozenAt: t.clock.now() })
      .where(eq(accountNotices.userId, customer.id))
    const refused = await callAs(t, team.payments, 'approvaldecide', {
      id: approvalId,
      decision: 'approve',
    })
    expect(refused.body.status).toBe(false)
    expect(refused.body.message).toMatch(
      new RegExp(
        `^Approval ${approvalId} refused: The account was frozen again at \\d\\d:\\d\\d UTC on \\d\\d/\\d\\d/\\d{4}: that freeze needs an unfreeze of its own\\. Nothing was applied\\.$`,
      ),
    )
    expect((await signIn(customer)).body).toMatchObject({ hasNotice: true })
  })

  it('who may: support and payments freeze and propose; kyc and the auditor may not', async () => {
    const customer = await payingCustomer(t, 0)
    for (const person of [team.kyc, team.auditor, team.admin]) {
      const fields = { customer_id: String(customer.id), reason: 'No.' }
      expect((await callAs(t, person, 'customerfreeze', fields)).status, person.email).toBe(403)
      expect((await callAs(t, person, 'customerunfreeze', fields)).status, person.email).toBe(403)
    }
    expect((await signIn(customer)).body.hasNotice).toBeFalsy()
    const notFrozen = await callAs(t, team.support, 'customerunfreeze', {
      customer_id: String(customer.id),
      reason: 'Nothing to lift.',
    })
    expect(notFrozen.body).toEqual({
      status: false,
      message: `${customer.email}'s account is not frozen.`,
    })
  })

  it('npm run ops -- accounts freeze and accounts unfreeze, under the person named', async () => {
    const customer = await payingCustomer(t, 0)
    const ops = (as: string, ...argv: string[]) =>
      runOpsCommand(t.db, argv, { operator: 'olga', as, now: t.clock.now() })
    const frozen = await ops(
      team.support.email,
      'accounts',
      'freeze',
      customer.email,
      'Fraud',
      'call',
    )
    expect(frozen.exitCode, frozen.output).toBe(0)
    expect((await signIn(customer)).body).toMatchObject({ hasNotice: true })
    expect((await ops(team.support.email, 'notice', 'clear', customer.email)).exitCode).toBe(1)
    const proposed = await ops(team.support.email, 'accounts', 'unfreeze', customer.email, 'Fine')
    expect(proposed.output).toMatch(sentForApproval)
    const approvalId = sentForApproval.exec(proposed.output)?.[1] as string
    expect((await signIn(customer)).body).toMatchObject({ hasNotice: true })
    expect((await ops(team.payments.email, 'approvals', 'approve', approvalId)).exitCode).toBe(0)
    expect((await signIn(customer)).body.hasNotice).toBeFalsy()
  })
})
