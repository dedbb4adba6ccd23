import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operatorAuditLog, staff } from '#server/db/schema'
import { commandRoles } from '#server/ops/command-roles'
import { commands } from '#server/ops/commands'
import { runOpsCommand, takeActing } from '#server/ops/run'
import { describeStaff } from '#server/staff/banner'
import { databaseTargets } from './support/databases'
import { lastMailTo } from './support/mailbox'
import {
  enrolmentLinkOf,
  enrolWithTotp,
  goodPassword,
  signInWithTotp,
  staffCall,
} from './support/staff'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * `npm run ops` names the person who acts (issue 17, docs/decisions/068): the first member of
 * staff is added from the terminal, after which every command needs `--as <staff e-mail>` of
 * someone holding one of its roles, and the audit log names that person.
 */
describe('ops command lines', () => {
  it('takes --as out of the arguments, in either spelling', () => {
    expect(takeActing(['kyc', 'approve', 'a@x.test', '--as', 'ada@staff.test'])).toEqual({
      as: 'ada@staff.test',
      argv: ['kyc', 'approve', 'a@x.test'],
    })
    expect(takeActing(['--as=ada@staff.test', 'users', 'list'])).toEqual({
      as: 'ada@staff.test',
      argv: ['users', 'list'],
    })
    expect(takeActing(['users', 'list'])).toEqual({ as: null, argv: ['users', 'list'] })
  })

  it('every command names the roles that may run it, and only commands that exist are named', () => {
    expect(Object.keys(commandRoles).sort()).toEqual(Object.keys(commands).sort())
    for (const [name, roles] of Object.entries(commandRoles)) {
      expect(roles.length, name).toBeGreaterThan(0)
      // The auditor changes nothing: only commands that change nothing are theirs.
      if (roles.includes('auditor')) expect(commands[name]?.readOnly, name).toBe(true)
    }
  })
})

describe.each(databaseTargets)('ops --as on %s', (target) => {
  let t: TestApp
  const run = (...argv: string[]) => {
    const { as, argv: rest } = takeActing(argv)
    return runOpsCommand(t.db, rest, {
      operator: 'root',
      as,
      now: t.clock.now(),
      publicUrl: 'http://portal.test',
    })
  }
  const lastAudit = async () =>
    (await t.db.select().from(operatorAuditLog).orderBy(desc(operatorAuditLog.id)).limit(1))[0]

  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())

  it('adds the first member of staff from the terminal, named in the log by the OS account', async () => {
    expect(await describeStaff(t.db, 'http://portal.test')).toContain(
      'npm run ops -- staff add <email> admin',
    )
    // Before any staff exists, commands run as before.
    expect((await run('users', 'list')).exitCode).toBe(0)
    const added = await run('staff', 'add', 'Ada@Staff.test', 'admin', 'Ada', 'Lovelace')
    expect(added.exitCode).toBe(0)
    expect(added.output).toContain('ada@staff.test is added')
    expect(added.output).not.toMatch(/enrol#/)
    expect(await lastAudit()).toMatchObject({
      operator: 'root',
      staffId: null,
      command: 'staff add',
      outcome: 'done',
    })
    const [row] = await t.db.select().from(staff).where(eq(staff.email, 'ada@staff.test'))
    expect(row).toMatchObject({ name: 'Ada Lovelace', status: 'active', enrolledAt: null })
    const mail = await lastMailTo(t.db, 'ada@staff.test')
    expect(mail.subject).toBe('Meridian Bank: your access to the staff console')
    expect(await enrolmentLinkOf(t, 'ada@staff.test')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await describeStaff(t.db, 'http://portal.test')).toBe(
      'staff console: http://portal.test/wp-admin/ (1 active member of staff; npm run ops -- staff list --as <your e-mail>)',
    )
  })

  it('then needs --as on every command, and records the person instead of the OS account', async () => {
    const unnamed = await run('mail', 'retry', '999')
    expect(unnamed).toEqual({
      exitCode: 1,
      output:
        'Name yourself: npm run ops -- mail retry … --as <your staff e-mail> (it needs the role support).',
    })
    expect(await lastAudit()).toMatchObject({ operator: 'root', staffId: null, outcome: 'refused' })
    expect((await run('users', 'list')).exitCode).toBe(1)
    // The terminal may not add a second first member of staff.
    expect((await run('staff', 'add', 'eve@staff.test', 'admin')).output).toMatch(/^Name yourself/)

    const unknown = await run('users', 'list', '--as', 'nobody@staff.test')
    expect(unknown).toEqual({
      exitCode: 1,
      output: 'No active member of staff has the e-mail nobody@staff.test.',
    })

    const [ada] = await t.db.select().from(staff).where(eq(staff.email, 'ada@staff.test'))
    const added = await run(
      'staff',
      'add',
      'kim@staff.test',
      'kyc,auditor',
      '--as',
      'ada@staff.test',
    )
    expect(added.exitCode).toBe(0)
    expect(await lastAudit()).toMatchObject({
      operator: 'ada@staff.test',
      staffId: ada?.id,
      command: 'staff add',
      args: ['kim@staff.test', 'kyc,auditor'],
      outcome: 'done',
    })
    // Roles are checked: the admin decides no KYC, the KYC officer adds no staff.
    const notKyc = await run('kyc', 'approve', 'pending@meridian.example', '--as', 'ada@staff.test')
    expect(notKyc).toEqual({
      exitCode: 1,
      output: 'ada@staff.test holds admin; kyc approve needs kyc.',
    })
    expect(await lastAudit()).toMatchObject({
      operator: 'ada@staff.test',
      command: 'kyc approve',
      outcome: 'refused',
    })
    const [kim] = await t.db.select().from(staff).where(eq(staff.email, 'kim@staff.test'))
    const notAdmin = await run('staff', 'add', 'x@staff.test', 'support', '--as', 'kim@staff.test')
    expect(notAdmin.output).toBe('kim@staff.test holds auditor, kyc; staff add needs admin.')
    const listed = await run('kyc', 'list', '--as', 'kim@staff.test')
    expect(listed.exitCode).toBe(0)
    const approved = await run(
      'kyc',
      'approve',
      'pending@meridian.example',
      '--as',
      'kim@staff.test',
    )
    expect(approved.exitCode).toBe(0)
    expect(await lastAudit()).toMatchObject({
      operator: 'kim@staff.test',
      staffId: kim?.id,
      command: 'kyc approve',
      outcome: 'done',
    })
    const roster = await run('staff', 'list', '--as', 'kim@staff.test')
    expect(roster.output.split('\n')).toEqual([
      'ada@staff.test\tAda Lovelace\tadmin\tactive\tnot enrolled\t0 passkeys\tno TOTP',
      'kim@staff.test\tkim\tauditor,kyc\tactive\tnot enrolled\t0 passkeys\tno TOTP',
    ])
  })

  it('staff roles and staff disable from the terminal are the console’s tasks: sessions end at once', async () => {
    const [ada] = await t.db.select().from(staff).where(eq(staff.email, 'ada@staff.test'))
    const admin = { staffId: ada?.id as number, email: 'ada@staff.test' }
    const person = await enrolWithTotp(t, admin, 'sue@staff.test', ['support'])
    const changed = await run(
      'staff',
      'roles',
      'sue@staff.test',
      'support,payments',
      '--as',
      'ada@staff.test',
    )
    expect(changed.output).toBe('sue@staff.test now holds payments, support.')
    const me = await staffCall(t, 'whoami', {}, { jar: person.jar })
    expect(me.body.roles).toEqual(['payments', 'support'])
    const disabled = await run('staff', 'disable', 'sue@staff.test', '--as', 'ada@staff.test')
    expect(disabled.output).toBe('sue@staff.test is disabled; 1 session ended.')
    expect((await staffCall(t, 'whoami', {}, { jar: person.jar })).status).toBe(401)
    expect((await run('staff', 'resend', 'sue@staff.test', '--as', 'ada@staff.test')).output).toBe(
      'sue@staff.test is disabled.',
    )
    // A disabled person cannot act from the terminal either.
    expect((await run('users', 'list', '--as', 'sue@staff.test')).output).toBe(
      'No active member of staff has the e-mail sue@staff.test.',
    )
    await expect(signInWithTotp(t, person)).rejects.toThrow(/disabled/)
    expect(goodPassword).toBeTruthy()
  })
})
