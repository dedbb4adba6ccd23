import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { count, eq, inArray, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '#server/config'
import { balanceOf, customerAccountCode, ledgerSums } from '#server/db/ledger'
import {
  holds,
  ledgerAccounts,
  operatorAuditLog,
  storedFileContents,
  storedFiles,
  users,
} from '#server/db/schema'
import { startServer } from '#server/main'
import { runOpsCommand } from '#server/ops/run'
import { demoAccountsWarning, demoEmails } from '#server/seed/demo-accounts'
import { demoCredentials } from '#server/seed/demo-data'
import { demoRemovalAccount } from '#server/seed/demo-removal'
import { freePort } from '../support/free-port'
import { copyPgliteTemplate } from '../support/pglite-copy'
import { bothDatabases } from './support/databases'
import { payingCustomer } from './support/money'
import { type EnrolledStaff, enrolWithTotp, terminal } from './support/staff'
import { callAs } from './support/staff-work'
import { startTestApp, type TestApp } from './support/test-app'

describe.each(bothDatabases)('demo remove on %s', (target) => {
  let t: TestApp
  let admin: EnrolledStaff
  const ops = (...argv: string[]) =>
    runOpsCommand(t.db, argv, { operator: 'root', as: admin.email, now: t.clock.now() })
  beforeAll(async () => {
    // The demo customers with their history, as SEED_DEMO=true seeds them into PostgreSQL.
    t = await startTestApp(target)
    admin = await enrolWithTotp(t, terminal, `demo-removal-${target}@staff.test`, ['admin'])
  })
  afterAll(() => t.close())

  it('removes the demo accounts; the books balance, the audit chain holds, real customers stay', async () => {
    const real = await payingCustomer(t, 123_456)
    const home = async () => (await callAs(t, admin, 'queues')).body.demo_accounts
    expect(await home()).toBe(true)
    const [demo] = demoCredentials
    const demoBalance = await balanceOf(t.db, customerAccountCode(await idOf(demo.email)))
    expect(demoBalance).toBeGreaterThan(0)
    const [auditBefore] = await t.db.select({ n: count() }).from(operatorAuditLog)

    const removal = await ops('demo', 'remove')
    expect(removal.exitCode).toBe(0)
    expect(removal.output).toContain(
      `Removed 3 demo accounts: ${demoEmails.join(', ')}, with their history.`,
    )
    expect(removal.output).toContain('Released 1 hold(s) of transfers in progress.')
    expect(removal.output).toContain(`to ${demoRemovalAccount} in 1 posting(s)`)

    // The demo users are gone, and cannot sign in.
    expect(
      await t.db
        .select()
        .from(users)
        .where(inArray(users.email, [...demoEmails])),
    ).toEqual([])
    for (const { email, secret } of demoCredentials)
      await expect(t.login(email, secret)).rejects.toThrow(/login failed/)
    expect(await home()).toBe(false)

    // Their money left through the ledger: the books balance, the named account holds it.
    expect(await ledgerSums(t.db)).toEqual({ accounts: 0, entries: 0 })
    expect(await balanceOf(t.db, demoRemovalAccount)).toBe(demoBalance)
    await ops('reconcile')
    const figures = await ops('figures')
    expect(figures.output).toMatch(/difference\t\$0\.00: the books balance/)
    const closed = await t.db
      .select()
      .from(ledgerAccounts)
      .where(isNull(ledgerAccounts.userId))
      .then((rows) => rows.filter((row) => row.kind !== 'bank'))
    expect(closed.map((row) => [row.balance, row.held, row.debitsBlocked])).toEqual([
      [0, 0, true],
      [0, 0, true],
    ])
    const stillPending = await t.db
      .select({ n: count() })
      .from(holds)
      .where(
        inArray(
          holds.ledgerAccountId,
          closed.map((row) => row.id),
        ),
      )
      .then(([row]) => row?.n)
    expect(stillPending).toBeGreaterThan(0) // the holds stay, voided: the books' history
    // Their proof of payment went with them, bytes and all.
    expect(await t.db.select().from(storedFiles).where(isNull(storedFiles.userId))).toEqual([])
    expect(await t.db.select().from(storedFileContents)).toHaveLength(
      (await t.db.select().from(storedFiles)).length,
    )

    // The audit log only grew: the removal's own entry (then the reconciliation's), and the
    // chain holds.
    const after = await t.db.select().from(operatorAuditLog).orderBy(operatorAuditLog.id)
    expect(after).toHaveLength((auditBefore?.n ?? 0) + 2)
    expect(after.at(-1)).toMatchObject({ command: 'reconcile' })
    expect(after.at(-2)).toMatchObject({
      command: 'demo remove',
      outcome: 'done',
      operator: admin.email,
    })
    const verified = await ops('audit', 'verify')
    expect(verified).toMatchObject({
      exitCode: 0,
      output: expect.stringMatching(/^The chain holds/),
    })

    // The real customer is untouched.
    expect(await balanceOf(t.db, customerAccountCode(real.id))).toBe(123_456)
    await expect(t.login(real.email, real.passcode)).resolves.toEqual(expect.any(String))

    // Nothing left to remove: refused, and nothing changes.
    expect(await ops('demo', 'remove')).toEqual({
      exitCode: 1,
      output: 'There are no demo accounts in this database: nothing to remove.',
    })
  })

  const idOf = async (email: string) => {
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    if (!row) throw new Error(`no user ${email}`)
    return row.id
  }
})

describe('a server whose database holds the demo accounts', () => {
  it('says so loudly at start, whatever SEED_DEMO says now', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-demo-'))
    await copyPgliteTemplate(path.join(dataDir, 'pgdata'))
    const start = async (seed: 'true' | 'false') => {
      const lines: string[] = []
      const settings = { PORT: String(await freePort()), DATA_DIR: dataDir, SEED_DEMO: seed }
      const server = await startServer(parseConfig(settings), {
        log: (line) => lines.push(line),
        webRoot: dataDir,
      })
      await server.stop()
      return lines
    }
    const seeded = await start('true')
    expect(seeded).toEqual(expect.arrayContaining(demoAccountsWarning))
    // Seeded by an earlier start: still said, with SEED_DEMO=false.
    expect(await start('false')).toEqual(expect.arrayContaining(demoAccountsWarning))
    await rm(dataDir, { recursive: true, force: true })
  }, 120_000)
})
