import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
