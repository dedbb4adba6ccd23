import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app'
import { createLogger } from '#server/logging/logger'
import { databaseTargets } from './support/databases'
import { startTestApp, type TestApp } from './support/test-app'

describe.each(databaseTargets)('logs on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target, { seed: false })
  })
  afterAll(() => t.close())

  it('logs a failed query as a structured record without its parameters', async () => {
    // A rule the database enforces and the app does not know: this signup's insert fails.
    await t.db.execute(
      sql.raw(`ALTER TABLE users ADD CONSTRAINT no_mallory CHECK (last_name <> 'Mallorytrap')`),
    )
    const answer = await t.crud('signUp', {
      firstName: 'Evelyn',
      lastName: 'Mallorytrap',
      username: 'evelyn_trap',
      email: 'evelyn.trap@example.com',
      password: '246813',
      fullname: 'Evelyn Q. Mallorytrap',
    })
    expect(answer.status).toBe(500)
    const log = t.logLines.join('\n')
    for (const secret of ['Mallorytrap', 'Evelyn', 'evelyn', '$argon2id', '246813'])
      expect(log, `the log shows ${secret}`).not.toContain(secret)

    const records = t.logLines.map((line) => JSON.parse(line) as Record<string, unknown>)
    const failure = records.find((record) => record.level === 50)
    expect(failure).toMatchObject({
      msg: 'request failed',
      method: 'POST',
      path: '/api/users',
      err: { type: 'DatabaseError', sqlState: '23514', constraint: 'no_mallory' },
    })
    expect((failure?.err as { query?: string } | undefined)?.query).toMatch(
      /^insert into "users" .* \$8\)/,
    )
    // The failure and the request's access line carry the id the answer gave the client.
    const access = records.filter((record) => record.msg === 'request' && record.status === 500)
    expect(access).toHaveLength(1)
    expect(failure?.requestId).toBe(access[0]?.requestId)
    expect(access[0]).toMatchObject({ method: 'POST', call: 'signUp', level: 30 })
  })

  const linesOf = (requestId: string | null) =>
    t.logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((record) => record.requestId === requestId)

  it('gives every answer an id, and writes one access line naming the call, never its data', async () => {
    const response = await t.app.request('/api/users?crud=iduser', {
      method: 'POST',
      body: new URLSearchParams({ email: 'someone.private@example.com' }),
    })
    const id = response.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const [line, ...more] = linesOf(id)
    expect(more).toEqual([])
    expect(line).toMatchObject({
      msg: 'request',
      method: 'POST',
      call: 'identifyCustomer',
      status: 200,
    })
    expect(typeof line?.ms).toBe('number')
    expect(JSON.stringify(line)).not.toContain('someone.private')
    const page = await t.app.request('/wp-user/')
    expect(linesOf(page.headers.get('x-request-id'))).toMatchObject([
      { method: 'GET', status: 200 },
    ])
  })

  it("keeps a trusted proxy's id when well formed, and replaces any other", async () => {
    const sendVia = (peer: string, requestId: string) =>
      createApp({ ...t.deps, trustProxy: { networks: ['10.0.0.0/8'] } }).request(
        '/healthz',
        { headers: { 'X-Request-Id': requestId } },
        { incoming: { socket: { remoteAddress: peer } } },
      )
    const kept = await sendVia('10.1.2.3', 'edge-7f3a:42')
    expect(kept.headers.get('x-request-id')).toBe('edge-7f3a:42')
    const untrusted = await sendVia('203.0.113.9', 'edge-7f3a:43')
    expect(untrusted.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const forged = 'x"} {"level":60,"msg":"forged'
    const malformed = await sendVia('10.1.2.3', forged)
    expect(malformed.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(t.logLines.join('\n')).not.toContain('forged')
  })
})

describe('the logger', () => {
  it('writes JSON lines and redacts secrets and personal data by field name', () => {
    const lines: string[] = []
    const logger = createLogger((line) => lines.push(line))
    logger.info(
      {
        email: 'dana@example.com',
        password: '123456',
        call: { token: 'tok-secret', fields: { pin: '1234', new_password: '654321' } },
        status: 200,
      },
      'call done',
    )
    const record = JSON.parse(lines[0] as string)
    expect(record).toMatchObject({ level: 30, msg: 'call done', status: 200 })
    for (const secret of ['dana@example.com', '123456', 'tok-secret', '1234', '654321'])
      expect(lines[0]).not.toContain(secret)
  })
})
