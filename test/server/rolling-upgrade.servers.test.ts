import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '#server/db/database'
import { setKeyRing, singleKeyRing } from '#server/keys/key-ring'
import { createUploadStore } from '#server/storage/uploads'
import { portalVersion } from '#server/version'
import { checkOutPreviousRelease } from '../../scripts/release/previous-release'
import { type Customer, seedChaosCustomers } from '../chaos/seed'
import { createFreshDatabase } from '../support/fresh-database'
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
 * A rolling upgrade (docs/decisions/108): the schema is migrated by this release's
 * `npm run migrate`, then the previous release's server (scripts/release/previous.json, taken
 * from git history) and this release's run side by side on that database. Customers and staff
 * use both, a session made on one is honoured by the other. PostgreSQL only: the embedded
 * database has one process.
 */
const serverUrl = process.env.DATABASE_URL

describe.skipIf(!serverUrl)('two releases side by side on one migrated database', () => {
  let database: Awaited<ReturnType<typeof createFreshDatabase>>
  let dataDir: string
  const mailKey = randomBytes(32)
  const origin = 'http://portal.test'
  const servers: Awaited<ReturnType<typeof startServerProcess>>[] = []
  let previousVersion = ''

  beforeAll(async () => {
    database = await createFreshDatabase(serverUrl as string, 'portal_upgrade')
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-upgrade-'))
  })
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await database?.drop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('serves customers and staff from the previous release and this one', async () => {
    const previous = await checkOutPreviousRelease()
    previousVersion = previous.release.version
    expect(previousVersion).not.toBe(portalVersion)
    // Before the migration, this release's server refuses the database and says what to run.
    const refused = await startServerProcess({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
    }).catch((error: Error) => error.message)
    expect(refused).toMatch(
      /exited at start[\s\S]*schema is behind this release[\s\S]*npm run migrate/,
    )
    const migrated = await runMigrate({ DATABASE_URL: database.url, DATA_DIR: dataDir })
    expect(migrated.code, migrated.output).toBe(0)

    setKeyRing(singleKeyRing(mailKey))
    const opened = await openDatabase({
      databaseUrl: database.url,
      poolSize: 2,
      dataDir: null,
      migrate: false,
    })
    let customers: Customer[]
    let people: SignableStaff[]
    try {
      const seeded = await seedChaosCustomers(
        opened.db,
        createUploadStore(path.join(dataDir, 'uploads')),
        { clients: 2, probes: 0 },
        new Date(),
      )
      customers = seeded.clients
      people = [
        await addSignableStaff(opened.db, 'old@upgrade.example'),
        await addSignableStaff(opened.db, 'new@upgrade.example'),
      ]
    } finally {
      await opened.close()
    }

    const settings = (n: number) => ({
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '3',
      DATA_DIR: dataDir,
      OPS_SOCKET: path.join(dataDir, `ops-${n}.sock`),
      MAIL_KEY: mailKey.toString('base64'),
      PUBLIC_URL: origin,
      SEED_DEMO: 'false',
    })
    // The previous release migrated at start: on this schema it finds nothing to apply.
    servers.push(await startServerProcess(settings(1), previous.root))
    servers.push(await startServerProcess({ ...settings(2), MIGRATE_AT_START: 'false' }))
    const [older, newer] = servers.map((server) => server.base) as [string, string]

    // Each customer signs in on one release, moves money on both, reads the balance on both.
    const work = async (customer: Customer, first: string, second: string) => {
      const token = await customerSignIn(first, customer)
      await customerTransfer(first, token, '1.25')
      await customerTransfer(second, token, '2.50')
      return [await customerBalance(first, token), await customerBalance(second, token)]
    }
    const [jane, john] = customers as [Customer, Customer]
    expect(await work(jane, older, newer)).toEqual(['196.25', '196.25'])
    expect(await work(john, newer, older)).toEqual(['196.25', '196.25'])

    // A member of staff signs in on each release; each session works on both.
    const [onOlder, onNewer] = people as [SignableStaff, SignableStaff]
    const tokens = [
      await staffSignIn(older, origin, onOlder),
      await staffSignIn(newer, origin, onNewer),
    ]
    const emails = customers.map((customer) => customer.email)
    for (const token of tokens)
      for (const base of [older, newer])
        expect(await staffSearch(base, origin, token, 'client-')).toEqual(
          expect.arrayContaining(emails),
        )
  })
})
