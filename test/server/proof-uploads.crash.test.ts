import { createHash, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '#server/db/database'
import { fundingRequests, storedFiles } from '#server/db/schema'
import { loadKeyRing, setKeyRing } from '#server/keys/key-ring'
import { demoCredentials } from '#server/seed/demo-data'
import { type ChildServer, startChildServer } from './support/child-server'
import { png } from './support/files'
import { expectEveryFileWhole } from './support/stored-file-check'
import { afterWalWrites } from './support/wal-trigger'

/** A PNG by its signature, padded to 4 MB so each proof takes a while to write. */
const largePng = new Uint8Array(4 * 1024 * 1024)
largePng.set(png)
const inFlight = 6

describe('proofs of payment after a kill -9 (PGlite, child process)', () => {
  let dataDir: string
  let server: ChildServer
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-crash-'))
    server = await startChildServer(dataDir, { SEED_DEMO: 'true' })
  })
  afterAll(async () => {
    await server?.kill()
    await rm(dataDir, { recursive: true, force: true })
  })

  const pgdata = () => path.join(dataDir, 'pgdata')

  async function signIn(): Promise<string> {
    const [demo] = demoCredentials
    const answer = await server.call(
      '?crud=userlogin',
      new URLSearchParams({ email: demo.email, password: demo.secret }),
    )
    return answer.jwt as string
  }

  const deposit = (token: string, key: string, proof: Uint8Array) => {
    const form = new FormData()
    for (const [name, value] of Object.entries({
      action: 'newcd',
      token,
      type: 'Bitcoin (BTC)',
      amount: '25.00',
      // Each key its own payment: a retry under a key sends the same one.
      tx_hash: createHash('sha256').update(key).digest('hex'),
      idempotency_key: key,
    }))
      form.append(name, value)
    form.append('depositPic', new File([proof as Uint8Array<ArrayBuffer>], 'proof.png'))
    return server.call('', form)
  }

  /** With the server down: every file has its bytes, whole, and every request its proof. */
  async function expectNoneWithoutBytes() {
    setKeyRing(await loadKeyRing({ dataDir, mailKey: undefined, mailKeys: undefined }))
    const database = await openDatabase({ dataDir: pgdata(), migrate: true })
    try {
      const whole = await expectEveryFileWhole(database.db)
      const proofs = await database.db
        .select({ id: storedFiles.id })
        .from(fundingRequests)
        .innerJoin(storedFiles, eq(storedFiles.id, fundingRequests.proofFileId))
      expect(proofs.filter((proof) => !whole.includes(proof.id))).toEqual([])
      return { files: whole.length, requests: proofs.length }
    } finally {
      await database.close()
    }
  }

  it('leaves no proof without its bytes, and every filed request keeps its proof', async () => {
    let token = await signIn()
    const filedKey = randomUUID()
    for (const key of [filedKey, randomUUID()])
      expect((await deposit(token, key, png)).icon).toBe('success')
    // A retry of a filed request keeps no second copy.
    expect((await deposit(token, filedKey, png)).icon).toBe('success')

    // How much log one large proof writes: the kill below lands halfway through the first.
    const measure = afterWalWrites(pgdata(), Number.POSITIVE_INFINITY, () => {})
    expect((await deposit(token, randomUUID(), largePng)).icon).toBe('success')
    const oneProof = measure.close().seen
    expect(oneProof).toBeGreaterThan(4)

    // Kill in the middle of the database's work on the next proofs.
    const watcher = afterWalWrites(pgdata(), Math.floor(oneProof / 2), () =>
      server.child.kill('SIGKILL'),
    )
    const sent = Array.from({ length: inFlight }, () =>
      deposit(token, randomUUID(), largePng).catch(() => null),
    )
    await Promise.all(sent)
    const trigger = watcher.close()
    if (!trigger.acted) await server.kill()
    expect(trigger).toMatchObject({ acted: true })
    await server.exited
    const answers = await Promise.all(sent)
    const answered = answers.filter((answer) => answer?.icon === 'success').length
    const killed = await expectNoneWithoutBytes()
    // The demo seed's deposit, the three sent first, and those answered before the kill.
    expect(killed.requests).toBeGreaterThanOrEqual(1 + 3 + answered)
    expect(answered).toBeLessThan(inFlight)
    // No server writes stored files to its disk any more.
    expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false)

    // The restarted server files requests again.
    server = await startChildServer(dataDir)
    token = await signIn()
    expect((await deposit(token, randomUUID(), png)).icon).toBe('success')
    await server.kill()
    const restarted = await expectNoneWithoutBytes()
    expect(restarted.requests).toBe(killed.requests + 1)
    expect(restarted.files).toBe(killed.files + 1)
  }, 240_000)
})
