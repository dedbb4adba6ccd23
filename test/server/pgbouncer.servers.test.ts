import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '#server/db/database'
import { TransactionSafePool } from '#server/db/pool'
import { setKeyRing, singleKeyRing } from '#server/keys/key-ring'
import { createUploadStore } from '#server/storage/uploads'
import { type Customer, seedChaosCustomers } from '../chaos/seed'
import { createFreshDatabase } from '../support/fresh-database'
import { openPool } from '../support/pg-connections'
import { type PgBouncer, pgbouncerProgram, startPgBouncer } from '../support/pgbouncer'
import {
  addSignableStaff,
  customerBalance,
  customerSignIn,
  customerTransfer,
  type SignableStaff,
  staffSearch,
  staffSignIn,
} from './support/calls-over-http'
import { runMigrate } from './support/run-migrate'
import { startServerProcess } from './support/server-process'

/**
 * The portal behind Debian's PgBouncer (1.18) in transaction pooling (docs/decisions/109): the
 * migration and two servers go through it, with named prepared statements off, and customers and
 * a member of staff use both servers. PgBouncer of the test's own (test/support/pgbouncer.ts),
 * with two server connections for every client: each transaction may land on another one.
 */
const serverUrl = process.env.DATABASE_URL

describe.runIf(process.env.CI && serverUrl)('PgBouncer in CI', () => {
  it('is installed (.ci/run installs it): the tests below do not skip there', () => {
    expect(pgbouncerProgram).not.toBeNull()
  })
})

describe.skipIf(!serverUrl || !pgbouncerProgram)('behind PgBouncer, transaction pooling', () => {
  let bouncer: PgBouncer
  let database: Awaited<ReturnType<typeof createFreshDatabase>>
  let dataDir: string
  const mailKey = randomBytes(32)
  const servers: Awaited<ReturnType<typeof startServerProcess>>[] = []
  let customers: Customer[]
  let person: SignableStaff
  const origin = 'http://portal.test'

  beforeAll(async () => {
    database = await createFreshDatabase(serverUrl as string, 'portal_bouncer')
    bouncer = await startPgBouncer(serverUrl as string, 2)
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bouncer-'))
  })
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await bouncer?.stop()
    await database?.drop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('a named statement meets another client’s on a shared server connection; unnamed ones pass', async () => {
    // One server connection for every client: what transaction pooling does under load.
    const single = await startPgBouncer(serverUrl as string, 1)
    const tryTwice = async (preparedStatements: boolean) => {
      // TransactionSafePool takes the setting beside pg's own options.
      const config = { connectionString: single.urlFor(database.name), max: 2, preparedStatements }
      const { pool, close } = openPool(config, TransactionSafePool)
      const [a, b] = [await pool.connect(), await pool.connect()]
      try {
        const statement = { name: 'portal_probe', text: 'select 1 as one' }
        await a.query(statement)
        return await b.query(statement).then(
          () => 'passed',
          (error: Error) => error.message,
        )
      } finally {
        a.release()
        b.release()
        await close()
      }
    }
    try {
      expect(await tryTwice(true)).toMatch(/prepared statement "portal_probe" already exists/)
      expect(await tryTwice(false)).toBe('passed')
    } finally {
      await single.stop()
    }
  })

  it('migrates through it, two migrations at once taking turns', async () => {
    const env = { DATABASE_URL: bouncer.urlFor(database.name), DATA_DIR: dataDir }
    const [first, second] = await Promise.all([runMigrate(env), runMigrate(env)])
    expect([first?.code, second?.code], `${first?.output}\n${second?.output}`).toEqual([0, 0])
    const applied = [first?.output ?? '', second?.output ?? ''].filter((output) =>
      /applied \d+ migrations/.test(output),
    )
    expect(applied).toHaveLength(1)
    // Once more: nothing to apply.
    const again = await runMigrate(env)
    expect(again.output).toContain('nothing to apply')
  })

  it('serves customers and staff through it on two servers', async () => {
    // Migrated (by the test before, or here), then the customers and the member of staff,
    // written straight to the database.
    const migrated = await runMigrate({
      DATABASE_URL: bouncer.urlFor(database.name),
      DATA_DIR: dataDir,
    })
    expect(migrated.code, migrated.output).toBe(0)
    setKeyRing(singleKeyRing(mailKey))
    const direct = new URL(serverUrl as string)
    direct.pathname = `/${database.name}`
    const opened = await openDatabase({
      databaseUrl: direct.toString(),
      poolSize: 2,
      dataDir: null,
      migrate: false,
    })
    try {
      const seeded = await seedChaosCustomers(
        opened.db,
        createUploadStore(path.join(dataDir, 'uploads')),
        { clients: 2, probes: 0 },
        new Date(),
      )
      customers = seeded.clients
      person = await addSignableStaff(opened.db, 'support@bouncer.example')
    } finally {
      await opened.close()
    }
    for (const n of [1, 2])
      servers.push(
        await startServerProcess({
          DATABASE_URL: bouncer.urlFor(database.name),
          DATABASE_PREPARED_STATEMENTS: 'false',
          DATABASE_POOL_SIZE: '4',
          DATA_DIR: dataDir,
          OPS_SOCKET: path.join(dataDir, `ops-${n}.sock`),
          MAIL_KEY: mailKey.toString('base64'),
          PUBLIC_URL: origin,
          SEED_DEMO: 'true',
        }),
      )
    const [a, b] = servers.map((server) => server.base) as [string, string]
    const [jane, john] = customers as [Customer, Customer]

    // A customer signs in on one server and moves money on both; another, at the same time.
    const work = async (customer: Customer, first: string, second: string) => {
      const token = await customerSignIn(first, customer)
      const before = await customerBalance(second, token)
      await customerTransfer(first, token, '1.25')
      await customerTransfer(second, token, '2.50')
      return { before, after: await customerBalance(first, token), token }
    }
    const [ofJane, ofJohn] = await Promise.all([work(jane, a, b), work(john, b, a)])
    expect(ofJane.before).toBe('200.00')
    expect(ofJane.after).toBe('196.25')
    expect(ofJohn.after).toBe('196.25')
    expect(await customerBalance(b, ofJane.token)).toBe('196.25')

    // A member of staff signs in on one and searches on both.
    const token = await staffSignIn(a, origin, person)
    for (const base of [a, b])
      expect(await staffSearch(base, origin, token, 'client-')).toEqual(
        expect.arrayContaining(customers.map((customer) => customer.email)),
      )
    for (const server of servers) expect(server.output()).not.toMatch(/prepared statement/)
  })
})
