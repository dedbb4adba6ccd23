import { watch } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '#server/db/database'
import { storedFiles, users } from '#server/db/schema'
import { createUploadStore } from '#server/storage/uploads'
import { type ChildServer, startChildServer } from './support/child-server'
import { testCostHash } from './support/hashing'

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
const customers = 6
/** A PNG by its signature, padded to 4 MB so each document takes a while to write. */
const largePng = Buffer.concat([png, Buffer.alloc(4 * 1024 * 1024 - png.length)])

/** The real server as a child process on embedded PGlite, killed with SIGKILL mid-submission. */
describe('KYC documents after a kill -9 (PGlite, child process)', () => {
  let dataDir: string
  let server: ChildServer
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-crash-'))
    server = await startChildServer(dataDir)
  })
  afterAll(async () => {
    await server?.kill()
    await rm(dataDir, { recursive: true, force: true })
  })

  const call = (query: string, body: URLSearchParams | FormData) => server.call(query, body)

  async function codeFor(email: string): Promise<string> {
    const outbox = path.join(dataDir, 'outbox')
    // A wait for the delivery worker, not a speed claim: generous for a loaded machine.
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      for (const name of await readdir(outbox).catch(() => [] as string[])) {
        const eml = await readFile(path.join(outbox, name), 'utf8')
        const code = /^ {4}(\d{6})\r?$/m.exec(eml)?.[1]
        if (eml.includes(`To: ${email}`) && code) return code
      }
      await sleep(50)
    }
    throw new Error(`no code for ${email}`)
  }

  /** A customer who signed up and verified the e-mail: holds a KYC token. */
  async function kycToken(n: number): Promise<string> {
    const email = `crash${n}@example.com`
    await call(
      '?crud=newuser',
      new URLSearchParams({
        first_name: 'Crash',
        last_name: `Test ${n}`,
        username: `crash_${n}`,
        email,
        password: '135790',
        fullname: '',
      }),
    )
    const verified = await call(
      '?crud=verifyuser',
      new URLSearchParams({ email, ver_code: await codeFor(email) }),
    )
    return verified.jwt as string
  }

  it('leaves no document without its row', async () => {
    const tokens = []
    for (let n = 0; n < customers; n++) tokens.push(await kycToken(n))
    const uploads = path.join(dataDir, 'uploads')
    await mkdir(uploads, { recursive: true, mode: 0o700 })
    // Kill the moment the first document reaches the disk, in the middle of the submissions.
    const watcher = watch(uploads, () => server.child.kill('SIGKILL'))
    const submissions = tokens.map((token) => {
      const form = new FormData()
      for (const [key, value] of Object.entries({
        action: 'submit_verification',
        token,
        country: 'Norway',
        phone: '+47 555 01 234',
        home_address: 'Storgata 1',
        dob: '1988-04-12',
        type: "Driver's License",
        document_number: 'NO1234567',
        document_country: 'NO',
        document_expiry: '2031-06-30',
      }))
        form.append(key, value)
      for (const field of ['pic', 'idcardFront', 'idcardBack'])
        form.append(
          field,
          new File([new Uint8Array(largePng)], `${field}.png`, { type: 'image/png' }),
        )
      return call('', form).catch(() => null)
    })
    await server.exited
    watcher.close()
    await Promise.all(submissions)

    const files = await readdir(uploads)
    expect(files.length).toBeGreaterThan(0)
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata'), migrate: true })
    try {
      const rows = await database.db.select().from(storedFiles)
      const owned = new Set(rows.map((row) => row.storedName))
      expect(files.filter((file) => !owned.has(file))).toEqual([])

      // At the next start, what the killed requests left pending is swept once it is stale.
      const store = createUploadStore(uploads)
      const later = new Date(Date.now() + 2 * 3_600_000)
      await store.sweep(database.db, later, 3_600_000)
      const remaining = await database.db.select().from(storedFiles)
      expect(remaining.filter((row) => row.pendingSince !== null)).toEqual([])
      expect((await readdir(uploads)).sort()).toEqual(remaining.map((r) => r.storedName).sort())

      // The child server hashed at the test suite's cost (it inherits this project's setting).
      const hashes = await database.db.select({ hash: users.passcodeHash }).from(users)
      expect(hashes.length).toBe(customers)
      for (const { hash } of hashes) expect(hash).toMatch(testCostHash)
    } finally {
      await database.close()
    }
  }, 120_000)
})
