import type { ChildProcess } from 'node:child_process'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { eq, max, type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { broadcasts } from '#server/db/schema'
import { audienceSize } from '#server/domain/customer-plans'
import { projectRoot } from '#server/project-root'
import { startProcess } from '../support/child-process'
import { startTestApp, type TestApp } from './support/test-app'

const customers = 20_000
const batchSize = 500

/** The rows of a raw query (both drivers answer `rows`; the shared type does not say so). */
const rowsOf = async <R>(t: TestApp, query: SQL) =>
  ((await t.db.execute(query)) as unknown as { rows: R[] }).rows

/**
 * Several broadcast jobs (each a server's, in a child process) on one PostgreSQL, one of them
 * killed with SIGKILL while it is inside a batch's transaction: every customer of the audience
 * gets the broadcast exactly once, and its count says so (docs/decisions/103).
 */
describe.skipIf(!process.env.DATABASE_URL)('a broadcast after a kill -9 (PostgreSQL)', () => {
  let t: TestApp
  let url: string
  const children: ChildProcess[] = []
  beforeAll(async () => {
    t = await startTestApp('postgres', { seed: false })
    const [row] = await rowsOf<{ name: string }>(t, sql`select current_database() as name`)
    const address = new URL(process.env.DATABASE_URL as string)
    address.pathname = `/${row?.name}`
    url = address.toString()
  })
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL')
    await t?.close()
  })

  function startJob(name: string) {
    const address = new URL(url)
    address.searchParams.set('application_name', name)
    const { child, exited: ended } = startProcess(
      process.execPath,
      ['--import', 'tsx', path.join(projectRoot, 'test/server/support/broadcast-child.ts')],
      {
        cwd: projectRoot,
        env: { ...process.env, DATABASE_URL: address.toString(), BATCH_SIZE: String(batchSize) },
        stdio: 'ignore',
      },
    )
    children.push(child)
    return { child, exited: ended.then(() => {}) }
  }

  /** Whether the job `name` is inside a batch now: its open transaction locks a broadcast row. */
  const insideBatch = async (name: string) =>
    (
      await rowsOf(
        t,
        sql`select 1 from pg_stat_activity a join pg_locks l on l.pid = a.pid
          where a.application_name = ${name} and a.xact_start is not null
            and l.relation = 'broadcasts'::regclass and l.mode = 'RowShareLock'`,
      )
    ).length > 0

  const progress = async (id: number) => {
    const [row] = await t.db.select().from(broadcasts).where(eq(broadcasts.id, id))
    return row as typeof broadcasts.$inferSelect
  }

  it('reaches every customer once though one job is killed mid-batch and another races it', async () => {
    await t.db.execute(sql`
      insert into users (email, username, first_name, last_name, fullname, passcode_hash)
      select 'crash' || n || '@customers.test', 'crash' || n, 'Crash', 'Test' || n,
        'Crash Test' || n, 'not a hash'
      from generate_series(1, ${customers}) as n`)
    expect(await audienceSize(t.db, null)).toBe(customers)
    // Approved as the approval does it: the audience and the newest customer fixed.
    const [newest] = await t.db.select({ id: max(sql<number>`id`) }).from(sql`users`)
    const [created] = await t.db
      .insert(broadcasts)
      .values({
        title: 'Branch hours',
        body: 'Closed on Monday.',
        status: 'sending',
        audience: customers,
        lastUserId: Number(newest?.id),
        createdAt: new Date(),
        decidedAt: new Date(),
      })
      .returning({ id: broadcasts.id })
    const id = created?.id as number

    const victim = startJob('broadcast-victim')
    const deadline = Date.now() + 120_000
    // Kill the victim inside a batch, once it has committed some: half way, not at the start.
    while (!((await progress(id)).written > 0 && (await insideBatch('broadcast-victim')))) {
      if (Date.now() > deadline) throw new Error('the job never got inside a batch')
      await sleep(2)
    }
    victim.child.kill('SIGKILL')
    await victim.exited
    const killedAt = await progress(id)
    expect(killedAt.status).toBe('sending')
    expect(killedAt.written).toBeLessThan(customers)
    // What was committed is exactly what the cursor says: the killed batch left nothing.
    const [committed] = await rowsOf<{ n: number }>(
      t,
      sql`select count(*)::int as n from notifications where broadcast_id = ${id}`,
    )
    expect(committed?.n).toBe(killedAt.written)

    // Two servers resume it; nothing is written twice.
    const rival = startJob('broadcast-rival')
    const restarted = startJob('broadcast-restarted')
    while ((await progress(id)).status !== 'sent') {
      if (Date.now() > deadline) throw new Error('the jobs did not finish the broadcast')
      await sleep(50)
    }
    rival.child.kill('SIGKILL')
    restarted.child.kill('SIGKILL')
    await Promise.all([rival.exited, restarted.exited])

    const [each] = await rowsOf<{ customers: number; notes: number; most: number; fewest: number }>(
      t,
      sql`select count(*)::int as customers, coalesce(sum(n), 0)::int as notes,
          coalesce(max(n), 0)::int as most, coalesce(min(n), 0)::int as fewest
        from (select u.id, count(n.id) as n from users u
          left join notifications n on n.user_id = u.id and n.broadcast_id = ${id}
          where u.role = 'customer' group by u.id) as per_customer`,
    )
    expect(each).toEqual({ customers, notes: customers, most: 1, fewest: 1 })
    expect(await progress(id)).toMatchObject({
      status: 'sent',
      written: customers,
      recipients: customers,
    })
  })
})
