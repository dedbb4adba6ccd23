import { execFile } from 'node:child_process'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '#server/config'
import { balanceOf, customerAccountCode } from '#server/db/ledger'
import { fundingRequests, notifications, operatorAuditLog, transfers } from '#server/db/schema'
import { startServer } from '#server/main'
import { opsSocketPath } from '#server/ops/channel'
import { runOpsCommand } from '#server/ops/run'
import { projectRoot } from '#server/project-root'
import { copyPgliteTemplate } from '../support/pglite-copy'
import { databaseTargets } from './support/databases'
import { fileOf, png } from './support/files'
import { jane, newKey, newTxHash, payingCustomer, transferFields } from './support/money'
import { startTestApp, type TestApp } from './support/test-app'

describe.each(databaseTargets)('money operator commands and their audit log on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target)
  })
  afterAll(() => t.close())
  const ops = (...argv: string[]) =>
    runOpsCommand(t.db, argv, { operator: 'olga', now: t.clock.now() })

  it('lists, settles and fails transfers; each action is in the audit log, refusals too', async () => {
    const c = await payingCustomer(t, 50_000)
    await t.db.update(notifications).set({ readAt: t.clock.now() })
    for (const amount of ['100.00', '40.00']) {
      const pin = await t.action('confirmTransferPin', {
        token: c.token,
        pin: '2468',
        ...transferFields(amount),
      })
      const authorization = pin.body.authorization as string
      if (pin.body.stepUp) {
        const { lastCodeTo } = await import('./support/mailbox')
        await t.action('confirmTransferCode', {
          token: c.token,
          pin: await lastCodeTo(t.db, c.email),
          authorization,
          amount,
          swiftCode: jane.swiftCode,
          accountNumber: jane.accountNumber,
        })
      }
      await t.action('submitTransfer', {
        token: c.token,
        ...transferFields(amount),
        authorization,
        idempotencyKey: newKey(),
      })
    }
    const [first, second] = await t.db
      .select()
      .from(transfers)
      .where(eq(transfers.userId, c.id))
      .orderBy(transfers.id)
    const listed = await ops('transfers', 'list')
    expect(listed.output).toContain(`${first?.id}\t${c.email}\t$100.00\t$10.00\tJane Doe`)
    expect(await ops('transfers', 'settle', String(first?.id))).toEqual({
      exitCode: 0,
      output: `Transfer ${first?.id} settled.`,
    })
    expect((await ops('transfers', 'fail', String(second?.id), 'Account', 'closed')).exitCode).toBe(
      0,
    )
    expect(await ops('transfers', 'fail', String(second?.id))).toEqual({
      exitCode: 1,
      output: `Transfer ${second?.id} is already failed.`,
    })
    expect(await balanceOf(t.db, customerAccountCode(c.id))).toBe(40_000)
    const audit = await t.db.select().from(operatorAuditLog).orderBy(operatorAuditLog.id)
    // Listing transfers reads customers' money: each listing is a read (decision 098).
    expect(audit.filter((row) => row.outcome === 'read').map((row) => row.command)).not.toEqual([])
    expect(
      audit
        .filter((row) => row.outcome === 'read')
        .every((row) => row.command === 'transfers list'),
    ).toBe(true)
    const changes = audit.filter((row) => row.outcome !== 'read')
    expect(changes.map((row) => [row.operator, row.command, row.args, row.outcome])).toEqual([
      ['olga', 'transfers settle', [String(first?.id)], 'done'],
      ['olga', 'transfers fail', [String(second?.id), 'Account', 'closed'], 'done'],
      ['olga', 'transfers fail', [String(second?.id)], 'refused'],
    ])
    expect((await ops('audit', 'list', '1')).output).toContain('transfers fail')
  })

  it('keeps the audit log append-only', async () => {
    await expect(t.db.update(operatorAuditLog).set({ operator: 'mallory' })).rejects.toThrow()
    await expect(t.db.delete(operatorAuditLog)).rejects.toThrow()
    await expect(t.db.execute(sql`truncate operator_audit_log`)).rejects.toThrow()
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(operatorAuditLog)
    expect(row?.n).toBeGreaterThan(0)
  })

  it('confirms and declines requests, notifies, and configures what the forms read', async () => {
    const c = await payingCustomer(t, 0)
    expect((await ops('config', 'coin-set', 'Litecoin (LTC)', 'tltc1qexample')).exitCode).toBe(0)
    expect(
      await ops(
        'config',
        'coin-chain',
        'Litecoin (LTC)',
        'Litecoin testnet',
        'hex64',
        'https://litecoinspace.org/testnet/tx/{hash}',
      ),
    ).toEqual({
      exitCode: 0,
      output:
        'Litecoin (LTC) is on Litecoin testnet; hashes: 64 characters, 0-9 and a-f; explorer: https://litecoinspace.org/testnet/tx/{hash}.',
    })
    for (const refused of [
      ['Litecoin (LTC)', 'Litecoin testnet', 'base58'],
      ['Litecoin (LTC)', 'Litecoin testnet', 'hex64', 'http://litecoinspace.org/tx/{hash}'],
      ['Litecoin (LTC)', 'Litecoin testnet', 'hex64', 'https://litecoinspace.org/tx/'],
      ['Dogecoin', 'Dogecoin testnet', 'hex64'],
    ])
      expect((await ops('config', 'coin-chain', ...refused)).exitCode).toBe(1)
    expect(
      (await ops('config', 'plan-set', 'fixed_deposit', '1 month at 3%', '30', '3')).exitCode,
    ).toBe(0)
    expect((await ops('config', 'plan-set', 'fixed_deposit', 'Broken')).exitCode).toBe(1)
    expect((await ops('config', 'purpose-add', 'School', 'fees')).exitCode).toBe(0)
    expect((await ops('config', 'charge', '7.5')).output).toBe('Service charge is 7.5 %.')
    expect((await ops('config', 'charge', '100')).exitCode).toBe(1)
    expect((await ops('config', 'step-up-limit', 'Tier 2', '5000')).exitCode).toBe(0)
    expect(await ops('config', 'plan-price', 'Tier 2', '50', 'More', 'room')).toEqual({
      exitCode: 0,
      output: "Plan 'Tier 2' costs $50.00: More room.",
    })
    expect((await ops('config', 'plan-price', 'Tier 9', '50')).exitCode).toBe(1)
    expect((await ops('config', 'plan-price', 'Tier 2', '0')).exitCode).toBe(1)
    expect((await ops('config', 'step-up-new-payee', 'off')).exitCode).toBe(0)
    expect((await ops('config', 'contact', 'email', 'help@meridian.example')).exitCode).toBe(0)
    const shown = (await ops('config', 'show')).output
    expect(shown).toContain('service charge: 7.5 %')
    expect(shown).toContain('step-up limit for Tier 2: $5,000.00')
    expect(shown).toContain('new payees off')
    expect(shown).toContain('fixed_deposit\t1 month at 3%\t30 days\t3 %\t-\t-')
    expect(shown).toContain('upgrade\tTier 2\t-\t-\t$50.00\tMore room')
    expect(shown).toContain(
      'Litecoin (LTC)\ttltc1qexample\ttrue\tLitecoin testnet\thex64\thttps://litecoinspace.org/testnet/tx/{hash}',
    )
    expect((await t.action('upgradeForm', { token: c.token })).body.plans).toContainEqual({
      planName: 'Tier 2',
      price: '50.00',
      stepUpLimit: '5000.00',
      description: 'More room',
    })
    const form = await t.action('fixedDepositForm', { token: c.token })
    expect(form.body.names).toContain('Litecoin (LTC)')
    expect(form.body.plans).toContainEqual({
      planName: '1 month at 3%',
      termDays: 30,
      ratePercent: 3,
    })
    expect((await t.action('paymentForm', { token: c.token })).body.purposes).toContainEqual({
      purposeName: 'School fees',
    })
    expect((await t.action('transferCharge', { token: c.token })).body.percent).toEqual({
      percent: 7.5,
    })
    expect((await t.action('supportContacts', { token: c.token })).body).toMatchObject({
      contacts: { email: 'help@meridian.example' },
    })
    await ops('config', 'charge', '10')
    await ops('config', 'step-up-new-payee', 'on')

    const hashes = [newTxHash(), newTxHash()]
    for (const [n, amount] of ['12', '13'].entries())
      await t.action('submitCryptoDeposit', {
        token: c.token,
        type: 'Litecoin (LTC)',
        amount,
        txHash: hashes[n] as string,
        depositPic: fileOf(png),
        idempotencyKey: newKey(),
      })
    const [one, two] = await t.db
      .select()
      .from(fundingRequests)
      .where(eq(fundingRequests.userId, c.id))
      .orderBy(fundingRequests.id)
    expect((await ops('requests', 'list')).output).toMatch(
      new RegExp(
        `${one?.id}\tdeposit\t${c.email}\t\\$12.00\tLitecoin \\(LTC\\)\t-\t/wp-admin/files/\\d+\t[^\t]+\t${hashes[0]}\thttps://litecoinspace\\.org/testnet/tx/${hashes[0]}$`,
        'm',
      ),
    )
    expect(await ops('requests', 'confirm', String(one?.id))).toEqual({
      exitCode: 0,
      output: `Request ${one?.id} confirmed.`,
    })
    expect((await ops('requests', 'decline', String(two?.id), 'Not', 'received')).exitCode).toBe(0)
    expect((await ops('requests', 'confirm', 'x')).output).toBe(
      'Give the id of the request (see the list).',
    )
    expect(await balanceOf(t.db, customerAccountCode(c.id))).toBe(1_200)
    expect((await ops('notify', c.email, 'Hello', 'Your', 'card', 'is', 'ready')).exitCode).toBe(0)
    const notes = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, c.id))
      .orderBy(notifications.id)
    expect(notes.map((note) => note.title)).toEqual([
      'Your deposit was confirmed',
      'Your deposit was declined',
      'Hello',
    ])
    expect(notes[2]?.body).toBe('Your card is ready')
    expect((await ops('fixed-deposits', 'mature')).output).toBe('0 fixed deposit(s) paid.')
    expect((await ops('nosuch', 'thing')).exitCode).toBe(2)
  })
})

const execute = promisify(execFile)
const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx')
const opsScript = path.join(projectRoot, 'server', 'ops', 'main.ts')

describe('operator commands while the server runs on the embedded database', () => {
  let dataDir: string
  let server: Awaited<ReturnType<typeof startServer>> | null = null
  const serverLog: string[] = []
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-ops-'))
    await copyPgliteTemplate(path.join(dataDir, 'pgdata'))
  })
  afterAll(async () => {
    await server?.stop()
    await rm(dataDir, { recursive: true, force: true })
  })
  const env = () => ({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '1' })
  const runOps = (...argv: string[]) =>
    execute(tsx, [opsScript, ...argv], { env: env(), cwd: projectRoot })

  it('goes through the running server’s owner-only socket, and opens the database itself when the server is stopped', async () => {
    server = await startServer(
      { ...parseConfig({ DATA_DIR: dataDir, MAIL_FROM: 'Test <t@example.com>' }), port: 0 },
      { log: (line) => serverLog.push(line), webRoot: dataDir },
    )
    expect((await stat(opsSocketPath(dataDir))).mode & 0o777).toBe(0o600)
    const listed = await runOps('users', 'list')
    expect(listed.stdout).toContain('demo@meridian.example')
    const noted = await runOps('notify', 'demo@meridian.example', 'Maintenance', 'Tonight at 22:00')
    expect(noted.stdout).toContain('Notification sent')
    // The running server ran it (the second process never opened the database).
    // (logged by name only: the arguments name a customer and stay in the audit log)
    const messages = serverLog.map((line) => (line.startsWith('{') ? JSON.parse(line).msg : line))
    expect(messages.some((message) => /^ops \(.+\): notify$/.test(message))).toBe(true)
    const [note] = await server.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Maintenance'))
    expect(note?.body).toBe('Tonight at 22:00')
    await expect(runOps('transfers', 'settle', '999')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No transfer with id 999.'),
    })
    await server.stop()
    server = null
    const direct = await runOps('audit', 'list')
    expect(direct.stdout).toMatch(
      /notify\t\["demo@meridian.example","Maintenance","Tonight at 22:00"\]\tdone/,
    )
    expect(direct.stdout).toMatch(/transfers settle\t\["999"\]\trefused/)
  }, 120_000)
})
