/**
 * The raw-statement anchor of bench/transfers.ts: pgbench sends, for each transfer, exactly the
 * statements the server sends for one `newtrs` (the session check, and the `transfer_submit_v1`
 * call), their texts and parameters made by the server's own code (`sessionCheckStatement`,
 * `transferSubmission`, `submitParameters`), as named prepared statements (`-M prepared`), as
 * the server's are. The session's last-seen write, which the server sends at most once per
 * session every 30 s, is sent once per client, on its first transfer.
 *
 * Each transfer consumes an authorisation, and has its own key, fingerprint and receipt id: they
 * are prepared beforehand, one row per client and transfer number, and each pgbench transaction
 * first reads its row (`\gset`), the anchor's one extra statement (a primary-key read).
 */
import { randomUUID } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import * as v from 'valibot'
import { calls } from '#api/contract'
import { fromWire } from '#api/contract/wire-fields'
import { transferSubmission } from '#server/actions/transfers'
import { hashToken, lastSeenUpdate, sessionCheckStatement } from '#server/auth/sessions'
import type { Database } from '#server/db/database'
import { submitParameters, submitStatementQuery } from '#server/domain/transfers'
import { type BenchCustomer, benchTransferFields, prepareAuthorizations } from './transfer-setup'

/** The parameters that differ between transfers (or clients), read by each transaction. */
const perTransfer = ['customerId', 'account', 'key', 'fingerprint', 'authorization', 'receiptId']
const variable = (name: string) => `v_${name.toLowerCase()}`

/** A statement's `$n` as the pgbench variables that `names[n - 1]` gives. */
function withVariables(text: string, names: string[]): string {
  return text.replace(/\$(\d+)/g, (_, index: string) => {
    const name = names[Number(index) - 1]
    if (!name) throw new Error(`no variable for $${index} in ${text}`)
    return `:${variable(name)}`
  })
}

const placeholderName = (param: unknown, literal: string) =>
  typeof param === 'object' && param !== null && 'name' in param
    ? String((param as { name: unknown }).name)
    : literal

export interface Anchor {
  /** pgbench's arguments for the script and its constant parameters. */
  args: string[]
  /** Transfers of the rows prepared that the run refused (their authorisation left unused). */
  refused(done: number): Promise<number>
}

/**
 * Prepares `perClient` transfers for each of the first `clients` customers (authorisations and
 * rows), and writes the script into `directory`.
 */
export async function prepareAnchor(
  db: Database,
  databaseUrl: string,
  customers: BenchCustomer[],
  clients: number,
  perClient: number,
  directory: string,
): Promise<Anchor> {
  const now = new Date()
  const request = calls.submitTransfer.request
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  // The parameters every transfer shares, taken from any one of them.
  let constants: Record<string, unknown> = {}
  try {
    await client.query(`drop table if exists bench_anchor`)
    await client.query(`create table bench_anchor (client int, n int, v_tokenhash text,
      v_sessionid int, v_customerid int, v_account text, v_key text, v_fingerprint text,
      v_authorization text, v_receiptid text, primary key (client, n))`)
    for (const [index, customer] of customers.slice(0, clients).entries()) {
      const authorizations = await prepareAuthorizations(db, customer.id, perClient)
      const tokenHash = hashToken(customer.token)
      const {
        rows: [session],
      } = await client.query('select id from sessions where token_hash = $1', [tokenHash])
      const rows = authorizations.map((authorization) => {
        const input = v.parse(
          request,
          fromWire(request, {
            ...benchTransferFields,
            authorization,
            idempotency_key: randomUUID(),
          }),
        )
        const submission = transferSubmission(input, customer.id, 100, now)
        const params = submitParameters(
          submission.claim,
          submission.order,
          now,
          submission.answers,
          submission.options,
        ) as Record<string, unknown>
        constants = params
        return params
      })
      const column = (name: string) => rows.map((row) => row[name])
      await client.query(
        `insert into bench_anchor select $1, n, $2, $3, customer_id, account, key, fingerprint,
          authorization_id, receipt_id
        from unnest($4::int[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
          as t(n, customer_id, account, key, fingerprint, authorization_id, receipt_id)`,
        [index, tokenHash, session?.id, rows.map((_, n) => n + 1), ...perTransfer.map(column)],
      )
    }
  } finally {
    await client.end()
  }

  // The dispatcher's check for a call whose access is 'session'.
  const check = sessionCheckStatement(db, ['session'])
  const checkNames = check.params.map((param, index) => placeholderName(param, `check${index + 1}`))
  const touch = lastSeenUpdate(db, 0, now).toSQL()
  if (touch.params.length !== 2) throw new Error(`the last-seen write changed: ${touch.sql}`)
  const submit = submitStatementQuery(db)
  const submitNames = submit.params.map((param, index) => placeholderName(param, `p${index + 1}`))
  const fixed: Record<string, unknown> = { now: now.toISOString() }
  for (const [index, name] of checkNames.entries())
    if (name.startsWith('check')) fixed[name] = check.params[index]
  for (const name of submitNames) if (!perTransfer.includes(name)) fixed[name] = constants[name]
  const script = [
    '\\set n :n + 1',
    `select ${['v_tokenhash', 'v_sessionid', ...perTransfer.map(variable)].join(', ')} from bench_anchor where client = :client_id and n = :n \\gset`,
    `${withVariables(check.sql, checkNames)};`,
    '\\if :n = 1',
    `${withVariables(touch.sql, ['now', 'sessionId'])};`,
    '\\endif',
    `${withVariables(submit.sql, submitNames)};`,
  ].join('\n')
  const file = path.join(directory, 'anchor.sql')
  await writeFile(file, `${script}\n`)
  const defines = Object.entries({ n: 0, ...fixed }).flatMap(([name, value]) => [
    '-D',
    `${name === 'n' ? name : variable(name)}=${value}`,
  ])
  return {
    args: ['-M', 'prepared', '-f', file, ...defines],
    async refused(done) {
      const reader = new pg.Client({ connectionString: databaseUrl })
      await reader.connect()
      try {
        const { rows } = await reader.query(`select count(*)::int as used from bench_anchor a
          join transfer_authorizations t on t.id = a.v_authorization where t.used_at is not null`)
        return done - (rows[0]?.used ?? 0)
      } finally {
        await reader.end()
      }
    },
  }
}
