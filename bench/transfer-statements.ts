/**
 * `npm run bench` (third part): how many SQL statements (each one round trip to PostgreSQL) one
 * `newtrs` and one cheap signed-in call (`getperc`) send, counted at the driver, and how much of
 * a sequential call's time is spent waiting for them. Deterministic, unlike the throughput
 * figures: it is the number to compare before and after a change to the transfer path.
 * Needs DATABASE_URL; runs on its own scratch database, dropped at the end.
 *
 *   STATEMENT_CALLS=200 (sequential calls timed per call name)   STATEMENT_LIST=1 (print the SQL)
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDatabase } from '#server/db/database'
import {
  benchApp,
  benchTransferFields,
  prepareAuthorizations,
  setUpCustomers,
} from './transfer-setup'

const serverUrl = process.env.DATABASE_URL
if (!serverUrl) {
  console.log('statements per call: skipped (needs DATABASE_URL, a PostgreSQL server)')
  process.exit(0)
}
const calls = Number(process.env.STATEMENT_CALLS ?? 200)
const listing = process.env.STATEMENT_LIST === '1'

// Every statement the app sends goes through pg.Client#query (the pool's clients included).
let counting = false
let sent: string[] = []
let waitedMs = 0
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  if (!counting) return query.apply(this, args)
  const first = args[0] as string | { text: string }
  sent.push(typeof first === 'string' ? first : first.text)
  const started = performance.now()
  const waited = () => {
    waitedMs += performance.now() - started
  }
  // The pool calls with a callback; drizzle's transactions await the promise.
  const callback = args.at(-1)
  if (typeof callback === 'function')
    args[args.length - 1] = (...results: unknown[]) => {
      waited()
      return callback(...results)
    }
  const result = query.apply(this, args)
  if (result instanceof Promise) result.then(waited, waited)
  return result
} as typeof pg.Client.prototype.query

const admin = new pg.Client({ connectionString: serverUrl })
await admin.connect()
const name = `portal_statements_${randomBytes(4).toString('hex')}`
await admin.query(`CREATE DATABASE ${name}`)
const url = new URL(serverUrl)
url.pathname = `/${name}`
const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-statements-'))
const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null, migrate: true })
const { db } = database
try {
  const app = benchApp(db, dataDir)
  const [customer] = await setUpCustomers(db, 1)
  if (!customer) throw new Error('no bench customer')
  const authorizations = await prepareAuthorizations(db, customer.id, calls + 1)
  const fieldsOf = {
    newtrs: () => ({
      ...benchTransferFields,
      action: 'newtrs',
      token: customer.token,
      authorization: authorizations.pop() as string,
      idempotency_key: randomUUID(),
    }),
    getperc: () => ({ action: 'getperc', token: customer.token }),
  }
  console.log('call       statements per call   call ms   of which waiting for PostgreSQL')
  for (const [call, fields] of Object.entries(fieldsOf)) {
    // One call first (warm-up, and the statement list), then `calls` sequential timed calls.
    const request = () =>
      app.request('/api/users', { method: 'POST', body: new URLSearchParams(fields()) })
    sent = []
    counting = true
    await request()
    counting = false
    const perCall = sent.length
    if (listing)
      for (const text of sent) console.log(`  ${text.replace(/\s+/g, ' ').slice(0, 160)}`)
    sent = []
    waitedMs = 0
    counting = true
    const started = performance.now()
    for (let index = 0; index < calls; index++) await request()
    const elapsed = performance.now() - started
    counting = false
    const average = sent.length / calls
    console.log(
      `${call.padEnd(10)} ${String(perCall).padStart(19)}${average === perCall ? '' : ` (${average.toFixed(2)} on average)`}   ${(elapsed / calls).toFixed(2).padStart(7)}   ${(waitedMs / calls).toFixed(2)} ms`,
    )
  }
} finally {
  await database.close()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.end()
  await rm(dataDir, { recursive: true, force: true })
}
