import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staff, staffPasskeys, staffRoleProposals } from '#server/db/schema'
import { runOpsCommand } from '#server/ops/run'
import { databaseTargets } from './support/databases'
import { mailsTo } from './support/mailbox'
import {
  type EnrolledStaff,
  enrolWithTotp,
  goodPassword,
  signInWithTotp,
  staffCall,
} from './support/staff'
import { callAs, enrolTeam, type Team } from './support/staff-work'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * Staff administration under four eyes (issue 18, docs/decisions/077): granting the admin role
 * waits for a second admin once there is one to ask; other role changes apply at once; an
 * admin resets a colleague's sign-in after a lost passkey or phone.
 */

const sentForApproval =
  /Sent for approval: a second member of staff with the admin role must approve it \(approval (\d+), until [^)]+\)\.$/

describe.each(databaseTargets)('staff administration on %s', (target) => {
  let t: TestApp
  let team: Team
  /** The second admin: granted by the only admin, at once (nobody could check it). */
  let admin2: EnrolledStaff

  beforeAll(async () => {
    t = await startTestApp(target)
    team = await enrolTeam(t, 'staff-admin')
    admin2 = await enrolWithTotp(t, team.admin.actor, 'staff-admin-admin2@staff.test', ['kyc'])
  })
  afterAll(() => t.close())

  const rolesOf = async (person: EnrolledStaff) =>
    (await staffCall(t, 'whoami', {}, { jar: person.jar })).body.roles

  it("the only admin's grant applies at once: there is nobody to check it", async () => {
    const granted = await callAs(t, team.admin, 'staffroles', {
      staff_id: String(admin2.id),
      roles: 'admin,kyc',
    })
    expect(granted.body).toEqual({
      status: true,
      message: 'staff-admin-admin2@staff.test now holds admin, kyc.',
    })
    expect(await rolesOf(admin2)).toEqual(['admin', 'kyc'])
  })

  it('with two admins, granting admin waits for the other one; the maker cannot approve', async () => {
    const person = team.support
    const asked = await callAs(t, team.admin, 'staffroles', {
      staff_id: String(person.id),
      roles: 'support,admin',
    })
    expect(asked.body.status).toBe(true)
    const approvalId = sentForApproval.exec(asked.body.message as string)?.[1] as string
    expect(approvalId, asked.body.message as string).toBeDefined()
    expect(await rolesOf(person)).toEqual(['support'])

    const own = await callAs(t, team.admin, 'approvaldecide', {
      id: approvalId,
      decision: 'approve',
    })
    expect(own.body.status).toBe(false)
    const inbox = await callAs(t, admin2, 'approvallist')
    expect(inbox.body.approvals).toContainEqual(
      expect.objectContaining({
        id: Number(approvalId),
        action: 'staff grant admin',
        may_decide: true,
        shown: expect.objectContaining({
          detail: `Admin for Eva Lind (${person.email})`,
          changes: [{ field: 'Roles', from: 'support', to: 'admin, support' }],
        }),
      }),
    )
    const approved = await callAs(t, admin2, 'approvaldecide', {
      id: approvalId,
      decision: 'approve',
    })
    expect(approved.body).toEqual({
      status: true,
      message: `Approval ${approvalId} approved: ${person.email} now holds admin, support.`,
    })
    expect(await rolesOf(person)).toEqual(['admin', 'support'])
  })

  it('a grant whose person changed roles meanwhile is refused as stale', async () => {
    const person = team.auditor
    const asked = await callAs(t, team.admin, 'staffroles', {
      staff_id: String(person.id),
      roles: 'auditor,admin',
    })
    const approvalId = sentForApproval.exec(asked.body.message as string)?.[1] as string
    // Someone gives them kyc meanwhile (no admin in it: applies at once).
    const other = await callAs(t, admin2, 'staffroles', {
      staff_id: String(person.id),
      roles: 'auditor,kyc',
    })
    expect(other.body.status).toBe(true)
    const stale = await callAs(t, admin2, 'approvaldecide', { id: approvalId, decision: 'approve' })
    expect(stale.body).toEqual({
      status: false,
      message: `Approval ${approvalId} refused: Their roles changed since it was proposed: they hold auditor, kyc now. Nothing was applied.`,
    })
    expect(await rolesOf(person)).toEqual(['auditor', 'kyc'])
    const [proposal] = await t.db
      .select()
      .from(staffRoleProposals)
      .where(eq(staffRoleProposals.staffId, person.id))
    expect(proposal?.status).toBe('dropped')
  })

  it('a person added with admin gets their other roles now and admin once approved', async () => {
    const added = await callAs(t, team.admin, 'staffadd', {
      email: 'new-admin@staff.test',
      name: 'Nia Adams',
      roles: 'admin,auditor',
    })
    expect(added.body.message).toMatch(
      /^new-admin@staff\.test is added; the enrolment link is on its way \(it works for 24 hours\)\. The admin role waits for a second admin\. Sent for approval/,
    )
    const approvalId = sentForApproval.exec(added.body.message as string)?.[1] as string
    const list = await callAs(t, admin2, 'stafflist')
    const listed = (list.body.staff as { email: string; roles: string[] }[]).find(
      (row) => row.email === 'new-admin@staff.test',
    )
    expect(listed?.roles).toEqual(['auditor'])
    const rejected = await callAs(t, admin2, 'approvaldecide', {
      id: approvalId,
      decision: 'reject',
      reason: 'Not agreed with the board.',
    })
    expect(rejected.body.status).toBe(true)
    const again = await callAs(t, admin2, 'stafflist')
    expect(
      (again.body.staff as { email: string; roles: string[] }[]).find(
        (row) => row.email === 'new-admin@staff.test',
      )?.roles,
    ).toEqual(['auditor'])
  })

  it('a reset sign-in removes the passkeys, app and password, ends the sessions and e-mails a new link', async () => {
    const person = team.payments
    await t.db.insert(staffPasskeys).values({
      staffId: person.id,
      credentialId: `lost-${target}`,
      publicKey: 'AA',
      deviceType: 'singleDevice',
      backedUp: false,
    })
    const mailsBefore = (await mailsTo(t.db, person.email)).length
    const self = await callAs(t, team.admin, 'staffresetsignin', {
      staff_id: String(team.admin.id),
    })
    expect(self.body).toEqual({
      status: false,
      message: 'You cannot reset your own sign-in: ask another admin.',
    })
    const reset = await callAs(t, team.admin, 'staffresetsignin', { staff_id: String(person.id) })
    expect(reset.body).toEqual({
      status: true,
      message: `${person.email} must enrol again: their passkeys, app and password are removed, 1 session ended, and a new enrolment link is on its way.`,
    })
    expect((await staffCall(t, 'whoami', {}, { jar: person.jar })).status).toBe(401)
    const [row] = await t.db.select().from(staff).where(eq(staff.id, person.id))
    expect(row).toMatchObject({ passwordHash: null, totpSecret: null, enrolledAt: null })
    expect(
      await t.db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, person.id)),
    ).toHaveLength(0)
    expect((await mailsTo(t.db, person.email)).length).toBe(mailsBefore + 1)
    // The old password no longer signs in.
    const signin = await staffCall(t, 'signin', { email: person.email, password: goodPassword })
    expect(signin.body.status).toBe(false)
    await expect(signInWithTotp(t, person)).rejects.toThrow()
    // Only admins reset.
    const refused = await callAs(t, team.kyc2, 'staffresetsignin', {
      staff_id: String(team.kyc.id),
    })
    expect(refused.status).toBe(403)
  })

  it('npm run ops -- staff reset-sign-in is the same task', async () => {
    const ran = await runOpsCommand(t.db, ['staff', 'reset-sign-in', team.kyc.email], {
      operator: 'olga',
      as: team.admin.email,
      now: t.clock.now(),
    })
    expect(ran.exitCode, ran.output).toBe(0)
    expect(ran.output).toMatch(
      /^staff-admin-kyc@staff\.test must enrol again \(\d+ sessions ended\): /,
    )
  })
})
