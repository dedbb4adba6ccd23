import { createHash, randomUUID } from 'node:crypto'
import { watch } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '#server/db/database'
import { fundingRequests, storedFiles } from '#server/db/schema'
import { demoCredentials } from '#server/seed/demo-data'
import { createUploadStore } from '#server/storage/uploads'
import { type ChildServer, startChildServer } from './support/child-server'
import { png } from './support/files'

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

  const uploads = () => path.join(dataDir, 'uploads')

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

  /** With the server down: every file has its row, every request's proof is on disk. */
  async function expectNoOrphans(sweepAfterMs?: number) {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata'), migrate: true })
    try {
      if (sweepAfterMs !== undefined)
        await createUploadStore(uploads()).sweep(
          database.db,
          new Date(Date.now() + sweepAfterMs),
          3_600_000,
        )
      const files = await readdir(uploads())
      const rows = await database.db.select().from(storedFiles)
      const owned = new Set(rows.map((row) => row.storedName))
      expect(files.filter((file) => !owned.has(file))).toEqual([])
      const proofs = await database.db
        .select({ name: storedFiles.storedName, pendingSince: storedFiles.pendingSince })
        .from(fundingRequests)
        .innerJoin(storedFiles, eq(storedFiles.id, fundingRequests.proofFileId))
      expect(proofs.filter((proof) => !files.includes(proof.name))).toEqual([])
      expect(proofs.filter((proof) => proof.pendingSince !== null)).toEqual([])
      return { files, rows, requests: proofs.length }
    } finally {
      await database.close()
    }
  }

  it('leaves no proof without its row, and every filed request keeps its proof', async () => {
    let token = await signIn()
    // The demo seed's own deposit proof is there already, with its row: the files this test
    // counts are the ones it sends.
    const seeded = (await readdir(uploads())).length
    const filedKey = randomUUID()
    for (const key of [filedKey, randomUUID()])
      expect((await deposit(token, key, png)).icon).toBe('success')
    // A retry of a filed request: its staged copy goes again.
    expect((await deposit(token, filedKey, png)).icon).toBe('success')
    expect(await readdir(uploads())).toHaveLength(seeded + 2)

    // Kill the moment the next proof reaches the disk, in the middle of the requests.
    const watcher = watch(uploads(), () => server.child.kill('SIGKILL'))
    const sent = Array.from({ length: inFlight }, () =>
      deposit(token, randomUUID(), largePng).catch(() => null),
    )
    await server.exited
    watcher.close()
    await Promise.all(sent)
    const killed = await expectNoOrphans()
    expect(killed.files.length).toBeGreaterThan(seeded + 2)
    expect(killed.requests).toBeGreaterThanOrEqual(seeded + 2)

    // The restarted server files requests again; what the kill left pending has its row.
    server = await startChildServer(dataDir)
    token = await signIn()
    expect((await deposit(token, randomUUID(), png)).icon).toBe('success')
    await server.kill()
    const restarted = await expectNoOrphans()
    expect(restarted.requests).toBe(killed.requests + 1)

    // Once stale, the pending leftovers go at a start, files and rows together.
    const swept = await expectNoOrphans(2 * 3_600_000)
    expect(swept.rows.filter((row) => row.pendingSince !== null)).toEqual([])
    expect(swept.files.sort()).toEqual(swept.rows.map((row) => row.storedName).sort())
    expect(swept.requests).toBe(restarted.requests)
  }, 240_000)
})
