import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { backupDatabase } from '#server/backup/backup'
import { type Manifest, manifestPathOf } from '#server/backup/manifest'
import { RestoreRefusal } from '#server/backup/refusals'
import { restoreDatabase } from '#server/backup/restore'
import {
  availableBalanceOf,
  balanceOf,
  customerAccountCode,
  ensureBankAccounts,
} from '#server/db/ledger'
import { storedFiles, transfers } from '#server/db/schema'
import { shippedMigrations } from '#server/db/schema-migrations'
import { checkAuditChain } from '#server/domain/audit-chain'
import { runReconciliation } from '#server/domain/reconciliation'
import { openStaffFile } from '#server/domain/staff-files'
import { keyRing } from '#server/keys/key-ring'
import { runOpsCommand } from '#server/ops/run'
import { createFreshDatabase } from '../support/fresh-database'
import { withClient } from '../support/pg-connections'
import { fileOf, png } from './support/files'
import { newKey, payingCustomer } from './support/money'
import { type EnrolledStaff, enrolWithTotp, signInWithTotp, terminal } from './support/staff'
import { fundingRequest, kycSubmission } from './support/staff-work'
import { startTestApp, type TestApp } from './support/test-app'
import { transferCalls } from './support/transfer-calls'

/**
 * `npm run ops -- backup` and `restore` (docs/decisions/114): a bank with customers, a transfer
 * in progress, documents and staff is backed up, restored into a new database, and served from
 * there. pg_dump and pg_restore need PostgreSQL: without DATABASE_URL this file is skipped.
 */
const serverUrl = process.env.DATABASE_URL

describe.skipIf(!serverUrl)(
  'backup and restore (PostgreSQL only; skipped without DATABASE_URL)',
  () => {
    let t: TestApp
    let dir: string
    const calls = transferCalls(() => t)
    beforeAll(async () => {
      t = await startTestApp('postgres', { seed: false })
      await ensureBankAccounts(t.db)
      dir = await mkdtemp(path.join(tmpdir(), 'portal-backup-'))
    })
    afterAll(async () => {
      await t?.close()
      await rm(dir, { recursive: true, force: true })
    })

    /** Tables, sequences, schemas and extensions of a database beyond a new one's. */
    const objectsOf = (url: string) =>
      withClient(url, async (client) => {
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname in ('public', 'drizzle')`,
        )
        return rows[0]?.n
      })

    it('restores a bank elsewhere that balances, keeps its audit chain, signs customers in and settles its held transfer', async () => {
      // The bank: staff, a customer with a picture, a proof and a transfer in progress, a KYC case.
      const admin = await enrolWithTotp(t, terminal, 'admin@bank.test', ['admin'])
      const payments = await enrolWithTotp(t, admin.actor, 'pay@bank.test', ['payments'])
      const kyc: EnrolledStaff = await enrolWithTotp(t, admin.actor, 'kyc@bank.test', ['kyc'])
      const c = await payingCustomer(t, 50_000)
      const pictured = await t.action('updatePicture', { token: c.token, profilePic: fileOf(png) })
      expect(pictured.body.status).toBe(true)
      const picture = pictured.body.picture as string
      const pictureBytes = await (await t.app.request(picture)).arrayBuffer()
      const { proofFileId } = await fundingRequest(t, c.id)
      const authorization = await calls.authorize(c, '100.00')
      expect((await calls.send(c, authorization, newKey(), '100.00')).body.icon).toBe('success')
      const [held] = await t.db.select().from(transfers).where(eq(transfers.userId, c.id))
      expect(held?.status).toBe('in_progress')
      const applicant = await kycSubmission(t)
      const [front] = await t.db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(and(eq(storedFiles.userId, applicant.id), eq(storedFiles.purpose, 'kyc_front')))
      const frontBefore = await openStaffFile(t.deps, kyc.actor, front?.id as number)
      if (!frontBefore.ok) throw new Error(frontBefore.message)
      const available = await availableBalanceOf(t.db, customerAccountCode(c.id))
      const chain = await checkAuditChain(t.db)
      if (!chain.holds) throw new Error(chain.problem)

      const file = path.join(dir, 'bank.dump')
      const { manifest, report } = await backupDatabase({
        databaseUrl: t.databaseUrl as string,
        file,
        now: t.clock.now(),
      })
      expect(manifest.facts.books.difference).toBe('0')
      expect(manifest.facts.auditChain).toEqual({
        holds: true,
        entries: chain.entries,
        lastHash: chain.lastHash,
      })
      expect(manifest.facts.schema.newestTag).toBe(shippedMigrations().at(-1)?.tag)
      expect(manifest.facts.rows['public.transfers']).toBe(1)
      expect(manifest.facts.keysInUse.flatMap((store) => store.keyIds)).toContain(
        keyRing().newest.id,
      )
      expect(JSON.stringify(manifest)).not.toContain(keyRing().newest.key.toString('base64'))
      expect(report).toContain(`the last hash ${chain.lastHash}`)
      expect(report).toContain(`a restore needs the keys ${keyRing().newest.id}`)
      await expect(
        backupDatabase({ databaseUrl: t.databaseUrl as string, file, now: t.clock.now() }),
      ).rejects.toThrow('exists already')

      const restored = await createFreshDatabase(serverUrl as string, 'portal_restored')
      let t2: TestApp | undefined
      try {
        const answer = await restoreDatabase({ databaseUrl: restored.url, file, ring: keyRing() })
        expect(answer.report).toContain(`the last hash ${chain.lastHash}, as backed up`)
        expect(answer.report).toContain('The key ring given opens every sealed value.')
        expect(answer.report).toContain('The schema is current for this release.')
        t2 = await startTestApp('postgres', { databaseUrl: restored.url })
        const app = t2
        app.clock.advance(t.clock.now().getTime() - app.clock.now().getTime())

        // The books balance, and the chain ends where it did.
        expect((await runReconciliation(app.db, app.clock.now())).difference).toBe(0n)
        expect(await checkAuditChain(app.db)).toEqual(chain)
        // The customer signs in and sees their balance and picture.
        const token = await app.login(c.email, c.passcode)
        const dashboard = await app.action('dashboard', { token })
        expect(dashboard.body.user).toMatchObject({ email: c.email, picture })
        expect(await (await app.app.request(picture)).arrayBuffer()).toEqual(pictureBytes)
        expect(await availableBalanceOf(app.db, customerAccountCode(c.id))).toBe(available)
        // Staff sign in with their authenticator (sealed secrets open) and open the documents.
        await signInWithTotp(app, kyc)
        const frontAfter = await openStaffFile(app.deps, kyc.actor, front?.id as number)
        if (!frontAfter.ok) throw new Error(frontAfter.message)
        expect(Buffer.from(frontAfter.file.bytes)).toEqual(Buffer.from(frontBefore.file.bytes))
        const proof = await openStaffFile(app.deps, payments.actor, proofFileId as number)
        expect(proof.ok).toBe(true)
        // The held transfer is settled on the restored bank, and the books still balance.
        const settled = await runOpsCommand(app.db, ['transfers', 'settle', String(held?.id)], {
          operator: 'olga',
          as: payments.email,
          now: app.clock.now(),
        })
        expect(settled).toEqual({ exitCode: 0, output: `Transfer ${held?.id} settled.` })
        expect(await balanceOf(app.db, customerAccountCode(c.id))).toBe(available)
        expect((await runReconciliation(app.db, app.clock.now())).difference).toBe(0n)
        const after = await checkAuditChain(app.db)
        // It goes on from the restored end: the two files opened (reads) and the settlement.
        expect(after.holds && after.entries).toBe(chain.entries + 3)
      } finally {
        await t2?.close()
        await restored.drop()
      }
    })

    it('refuses before writing: a database that is not empty, a damaged dump, a backup of a newer schema, a dump without its manifest', async () => {
      const file = path.join(dir, 'refusals.dump')
      await backupDatabase({ databaseUrl: t.databaseUrl as string, file, now: t.clock.now() })
      const manifest = JSON.parse(await readFile(manifestPathOf(file), 'utf8')) as Manifest
      const copy = async (name: string, change: (dump: Buffer, m: Manifest) => void) => {
        const dump = await readFile(file)
        const m = structuredClone(manifest)
        change(dump, m)
        const target = path.join(dir, name)
        await writeFile(target, dump)
        await writeFile(manifestPathOf(target), JSON.stringify(m))
        return target
      }
      const damaged = await copy('damaged.dump', (dump) => {
        const middle = Math.floor(dump.length / 2)
        dump.writeUInt8((dump.readUInt8(middle) + 1) % 256, middle)
      })
      const newer = await copy('newer.dump', (_dump, m) => {
        m.facts.schema.newestCreatedAt =
          Math.max(...shippedMigrations().map((x) => x.createdAt)) + 1
      })
      const alone = path.join(dir, 'alone.dump')
      await copyFile(file, alone)

      const target = await createFreshDatabase(serverUrl as string, 'portal_refused')
      try {
        const restore = (dump: string, databaseUrl = target.url) =>
          restoreDatabase({ databaseUrl, file: dump, ring: null })
        await expect(restore(damaged)).rejects.toThrow(
          /is damaged or is not the one its manifest names/,
        )
        await expect(restore(newer)).rejects.toThrow(/newer schema than this release/)
        await expect(restore(alone)).rejects.toThrow(/There is no manifest/)
        await expect(restore(path.join(dir, 'nothing.dump'))).rejects.toThrow(RestoreRefusal)
        expect(await objectsOf(target.url)).toBe(0)
        const before = await objectsOf(t.databaseUrl as string)
        await expect(restore(file, t.databaseUrl)).rejects.toThrow(/The database is not empty/)
        expect(await objectsOf(t.databaseUrl as string)).toBe(before)
        expect(await checkAuditChain(t.db)).toMatchObject({ holds: true })
      } finally {
        await target.drop()
      }
    })
  },
)
