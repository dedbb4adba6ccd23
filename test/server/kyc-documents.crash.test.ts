import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '#server/db/database'
import { kycSubmissions, users } from '#server/db/schema'
import { loadKeyRing, setKeyRing } from '#server/keys/key-ring'
import { type ChildServer, startChildServer } from './support/child-server'
import { testCostHash } from './support/hashing'
import { expectEveryFileWhole } from './support/stored-file-check'
import { afterWalWrites } from './support/wal-trigger'

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

  const submit = (token: string) => {
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
    return call('', form)
  }

  it('leaves no document without its bytes, and no submission without its documents', async () => {
    const tokens = []
    for (let n = 0; n < customers; n++) tokens.push(await kycToken(n))
    const pgdata = path.join(dataDir, 'pgdata')
    // How much log one submission writes: the kill below lands halfway through the first.
    const [first, ...others] = tokens as [string, ...string[]]
    const measure = afterWalWrites(pgdata, Number.POSITIVE_INFINITY, () => {})
    expect((await submit(first)).status).toBe(true)
    const oneSubmission = measure.close().seen
    expect(oneSubmission).toBeGreaterThan(4)

    const watcher = afterWalWrites(pgdata, Math.floor(oneSubmission / 2), () =>
      server.child.kill('SIGKILL'),
    )
    const answers = await Promise.all(others.map((token) => submit(token).catch(() => null)))
    const trigger = watcher.close()
    if (!trigger.acted) await server.kill()
    expect(trigger).toMatchObject({ acted: true })
    await server.exited
    const answered = answers.filter((answer) => answer?.status === true).length
    expect(answered).toBeLessThan(others.length)

    setKeyRing(await loadKeyRing({ dataDir, mailKey: undefined, mailKeys: undefined }))
    const database = await openDatabase({ dataDir: pgdata, migrate: true })
    try {
      const whole = await expectEveryFileWhole(database.db)
      const submissions = await database.db.select().from(kycSubmissions)
      expect(submissions.length).toBeGreaterThanOrEqual(1 + answered)
      // Every document belongs to a submission, and every submission has its three.
      expect(
        submissions.flatMap((row) => [row.pictureFileId, row.frontFileId, row.backFileId]).sort(),
      ).toEqual(whole.sort())
      expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false)

      // The child server hashed at the test suite's cost (it inherits this project's setting).
      const hashes = await database.db.select({ hash: users.passcodeHash }).from(users)
      expect(hashes.length).toBe(customers)
      for (const { hash } of hashes) expect(hash).toMatch(testCostHash)
    } finally {
      await database.close()
    }
  }, 180_000)
})
