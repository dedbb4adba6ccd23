import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staff, staffPasskeys } from '#server/db/schema'
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
 * Staff administration under four eyes (issues 18 and 32, docs/decisions/077 and 098): once the
 * bank has two admins every change of who may decide waits for a second admin, and no one
 * person's action leaves it with fewer than two; an admin resets a colleague's sign-in after a
 * lost passkey or phone.
 */

const sentForApproval =
  /Sent for approval: a second member of staff with the admin role must approve it \(approval (\d+), until [^)]+\)\.$/

/** How a change of who may decide was answered: done at once, sent to a second admin, refused. */
type Outcome = 'applies' | 'waits' | 'refused'

const outcomeOf = (body: Record<string, unknown>): Outcome =>
  body.status !== true
    ? 'refused'
    : sentForApproval.test(String(body.message))
      ? 'waits'
      : 'applies'

/**
 * Who may decide (docs/decisions/098): each row is a call an admin makes on the bank as the row's
 * admins leave it, and what must happen. `who` names the person it is about.
 */
interface Row {
  change: string
  call: 'staffadd' | 'staffroles' | 'staffdisable' | 'staffresetsignin'
  who: 'new' | 'admin2' | 'admin3' | 'self' | 'kyc' | 'support' | 'auditor'
  roles?: string
  outcome: Outcome
  says?: string
}

const decisionTable: Record<'one admin' | 'two admins' | 'three admins', Row[]> = {
  'one admin': [
    {
      change: 'add a member of staff',
      call: 'staffadd',
      who: 'new',
      roles: 'kyc',
      outcome: 'applies',
    },
    {
      change: 'grant a role',
      call: 'staffroles',
      who: 'kyc',
      roles: 'kyc,payments',
      outcome: 'applies',
    },
    {
      change: 'take admin from the only admin',
      call: 'staffroles',
      who: 'self',
      roles: 'kyc',
      outcome: 'refused',
      says: 'At least one active admin must stay: give another member of staff admin first.',
    },
    {
      change: 'grant admin',
      call: 'staffroles',
      who: 'auditor',
      roles: 'auditor,admin',
      outcome: 'applies',
    },
    { change: 'reset a sign-in', call: 'staffresetsignin', who: 'support', outcome: 'applies' },
  ],
  'two admins': [
    {
      change: 'add a member of staff',
      call: 'staffadd',
      who: 'new',
      roles: 'payments',
      outcome: 'waits',
    },
    {
      change: 'grant a role',
      call: 'staffroles',
      who: 'kyc',
      roles: 'kyc,payments',
      outcome: 'waits',
    },
    {
      change: 'give oneself a role',
      call: 'staffroles',
      who: 'self',
      roles: 'admin,payments',
      outcome: 'waits',
    },
    {
      change: 'remove a role',
      call: 'staffroles',
      who: 'auditor',
      roles: 'support',
      outcome: 'waits',
    },
    {
      change: 'grant admin',
      call: 'staffroles',
      who: 'support',
      roles: 'support,admin',
      outcome: 'waits',
    },
    {
      change: 'take admin from the other admin',
      call: 'staffroles',
      who: 'admin2',
      roles: 'kyc',
      outcome: 'refused',
      says: 'At least two active admins must stay once there are two: give admin to another member of staff first.',
    },
    {
      change: 'disable the other admin',
      call: 'staffdisable',
      who: 'admin2',
      outcome: 'refused',
      says: 'At least two active admins must stay once there are two: give admin to another member of staff first.',
    },
    {
      change: "reset the other admin's sign-in",
      call: 'staffresetsignin',
      who: 'admin2',
      outcome: 'waits',
    },
    {
      change: "reset a non-admin's sign-in",
      call: 'staffresetsignin',
      who: 'kyc',
      outcome: 'applies',
    },
    { change: 'disable a non-admin', call: 'staffdisable', who: 'support', outcome: 'applies' },
  ],
  'three admins': [
    {
      change: 'take admin from an admin',
      call: 'staffroles',
      who: 'admin3',
      roles: 'kyc',
      outcome: 'waits',
    },
    { change: 'disable an admin', call: 'staffdisable', who: 'admin3', outcome: 'waits' },
  ],
}

describe.each(databaseTargets)('who may decide, on %s (docs/decisions/098)', (target) => {
  describe.each(Object.entries(decisionTable))('with %s', (bank, rows) => {
    let t: TestApp
    let team: Team
    const admins: EnrolledStaff[] = []
    beforeAll(async () => {
      t = await startTestApp(target)
      team = await enrolTeam(t, 'who-decides')
      if (bank !== 'one admin')
        admins.push(
          await enrolWithTotp(t, team.admin.actor, 'who-decides-admin2@staff.test', ['admin']),
        )
      if (bank === 'three admins')
        admins.push(
          await enrolWithTotp(
            t,
            team.admin.actor,
            'who-decides-admin3@staff.test',
            ['admin'],
            admins[0]?.actor,
          ),
        )
    })
    afterAll(() => t.close())

    const personOf = (who: Row['who']) =>
      ({
        new: null,
        admin2: admins[0],
        admin3: admins[1],
        self: team.admin,
        kyc: team.kyc,
        support: team.support,
        auditor: team.auditor,
      })[who]
    const rolesNow = async (id: number) =>
      (
        (await callAs(t, team.admin, 'stafflist')).body.staff as { id: number; roles: string[] }[]
      ).find((person) => person.id === id)?.roles

    it.each(rows)('$change: $outcome', async (row) => {
      const person = personOf(row.who)
      const fields: Record<string, string> =
        row.call === 'staffadd'
          ? {
              email: `who-decides-new-${row.roles}@staff.test`,
              name: 'Nia Adams',
              roles: row.roles ?? '',
            }
          : { staff_id: String(person?.id), ...(row.roles ? { roles: row.roles } : {}) }
      const before = person ? await rolesNow(person.id) : undefined
      const answer = await callAs(t, team.admin, row.call, fields)
      expect(outcomeOf(answer.body), String(answer.body.message)).toBe(row.outcome)
      if (row.says) expect(answer.body.message).toBe(row.says)
      if (row.outcome !== 'applies' && person) expect(await rolesNow(person.id)).toEqual(before)
      if (row.outcome === 'waits' && row.call === 'staffadd') {
        const added = Number(answer.body.id)
        expect(await rolesNow(added), 'a person added waits without any role').toEqual([])
      }
    })
  })

  describe('the approvals of staff access', () => {
    let t: TestApp
    let team: Team
    let admin2: EnrolledStaff
    beforeAll(async () => {
      t = await startTestApp(target)
      team = await enrolTeam(t, 'staff-access')
      admin2 = await enrolWithTotp(t, team.admin.actor, 'staff-access-admin2@staff.test', ['admin'])
    })
    afterAll(() => t.close())

    const rolesOf = async (person: EnrolledStaff) =>
      (await staffCall(t, 'whoami', {}, { jar: person.jar })).body.roles
    const approvalOf = (message: unknown) => sentForApproval.exec(String(message))?.[1] as string

    it('an admin cannot first remove the other admin, then grant alone (the way around it, closed)', async () => {
      const asked = await callAs(t, team.admin, 'staffroles', {
        staff_id: String(team.support.id),
        roles: 'support,admin',
      })
      expect(outcomeOf(asked.body)).toBe('waits')
      const disabled = await callAs(t, team.admin, 'staffdisable', { staff_id: String(admin2.id) })
      expect(disabled.body.status).toBe(false)
      const demoted = await callAs(t, team.admin, 'staffroles', {
        staff_id: String(admin2.id),
        roles: 'kyc',
      })
      expect(demoted.body.status).toBe(false)
      expect(await rolesOf(admin2)).toEqual(['admin'])
      expect(await rolesOf(team.support)).toEqual(['support'])
    })

    it('with two admins, granting admin waits for the other one; the maker cannot approve', async () => {
      const person = team.kyc2
      const asked = await callAs(t, team.admin, 'staffroles', {
        staff_id: String(person.id),
        roles: 'kyc,admin',
      })
      const approvalId = approvalOf(asked.body.message)
      expect(approvalId, asked.body.message as string).toBeDefined()
      expect(await rolesOf(person)).toEqual(['kyc'])
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
            detail: `Roles of Ben Cole (${person.email})`,
            changes: [{ field: 'Roles', from: 'kyc', to: 'admin, kyc' }],
          }),
        }),
      )
      const approved = await callAs(t, admin2, 'approvaldecide', {
        id: approvalId,
        decision: 'approve',
      })
      expect(approved.body).toEqual({
        status: true,
        message: `Approval ${approvalId} approved: ${person.email} now holds admin, kyc.`,
      })
      expect(await rolesOf(person)).toEqual(['admin', 'kyc'])
    })

    it('a change whose person changed roles meanwhile is refused as stale', async () => {
      const person = team.auditor
      const asked = await callAs(t, team.admin, 'staffroles', {
        staff_id: String(person.id),
        roles: 'auditor,payments',
      })
      const first = approvalOf(asked.body.message)
      const other = await callAs(t, admin2, 'staffroles', {
        staff_id: String(person.id),
        roles: 'auditor,kyc',
      })
      const second = approvalOf(other.body.message)
      expect(
        (await callAs(t, team.admin, 'approvaldecide', { id: second, decision: 'approve' })).body
          .status,
      ).toBe(true)
      const stale = await callAs(t, admin2, 'approvaldecide', { id: first, decision: 'approve' })
      expect(stale.body).toEqual({
        status: false,
        message: `Approval ${first} refused: Their roles changed since it was proposed: they hold auditor, kyc now. Nothing was applied.`,
      })
      expect(await rolesOf(person)).toEqual(['auditor', 'kyc'])
    })

    it('a person added waits without roles; rejected, they are disabled and never get any', async () => {
      const added = await callAs(t, team.admin, 'staffadd', {
        email: 'own-checker@staff.test',
        name: 'Own Checker',
        roles: 'payments,configuration',
      })
      expect(added.body.message).toMatch(
        /^own-checker@staff\.test is added; the enrolment link is on its way \(it works for 24 hours\)\. Their roles wait for a second admin\. Sent for approval/,
      )
      const listed = async () =>
        (
          (await callAs(t, admin2, 'stafflist')).body.staff as {
            email: string
            roles: string[]
            status: string
          }[]
        ).find((row) => row.email === 'own-checker@staff.test')
      expect(await listed()).toMatchObject({ roles: [], status: 'active' })
      const rejected = await callAs(t, admin2, 'approvaldecide', {
        id: approvalOf(added.body.message),
        decision: 'reject',
        reason: 'Nobody asked for this person.',
      })
      expect(rejected.body.status).toBe(true)
      expect(await listed()).toMatchObject({ roles: [], status: 'disabled' })
    })

    it("an admin's sign-in reset waits, and applies when the second admin approves", async () => {
      const third = await enrolWithTotp(
        t,
        team.admin.actor,
        'staff-access-admin3@staff.test',
        ['admin'],
        admin2.actor,
      )
      const asked = await callAs(t, team.admin, 'staffresetsignin', { staff_id: String(third.id) })
      expect(asked.body.message).toMatch(
        /^Resetting the sign-in of staff-access-admin3@staff\.test, an admin, waits for a second admin\. Sent for approval/,
      )
      expect((await staffCall(t, 'whoami', {}, { jar: third.jar })).status).toBe(200)
      const approved = await callAs(t, admin2, 'approvaldecide', {
        id: approvalOf(asked.body.message),
        decision: 'approve',
      })
      expect(approved.body.status, String(approved.body.message)).toBe(true)
      expect((await staffCall(t, 'whoami', {}, { jar: third.jar })).status).toBe(401)
      const [row] = await t.db.select().from(staff).where(eq(staff.id, third.id))
      expect(row).toMatchObject({ passwordHash: null, totpSecret: null, enrolledAt: null })
    })

    it('the person a change is about can neither approve nor reject it', async () => {
      const fourth = await enrolWithTotp(
        t,
        team.admin.actor,
        'staff-access-admin4@staff.test',
        ['admin'],
        admin2.actor,
      )
      const asked = await callAs(t, team.admin, 'staffroles', {
        staff_id: String(fourth.id),
        roles: 'admin,auditor',
      })
      const id = approvalOf(asked.body.message)
      for (const fields of [
        { id, decision: 'approve' } as Record<string, string>,
        { id, decision: 'reject', reason: 'I would rather not.' },
      ])
        expect((await callAs(t, fourth, 'approvaldecide', fields)).body).toEqual({
          status: false,
          message: 'This changes your own access: another admin must approve or reject it.',
        })
      expect(await rolesOf(fourth)).toEqual(['admin'])
    })
  })
})

describe.each(databaseTargets)('staff administration on %s', (target) => {
  let t: TestApp
  let team: Team

  beforeAll(async () => {
    t = await startTestApp(target)
    team = await enrolTeam(t, 'staff-admin')
  })
  afterAll(() => t.close())

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
      /^staff-admin-kyc@staff\.test must enrol again: their passkeys, app and password are removed, \d+ sessions? ended/,
    )
  })
})
