import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from '#server/config'
import { mailOutbox } from '#server/db/schema'
import { loadKeyRing } from '#server/keys/key-ring'
import { deliverDueMail } from '#server/mail/delivery'
import { createFileTransport } from '#server/mail/transport'
import { databaseTargets } from './support/databases'
import { lastCodeTo, lastMailTo } from './support/mailbox'
import { startTestApp, type TestApp } from './support/test-app'

describe.each(databaseTargets)('e-mail bodies at rest on %s', (target) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(target, { seed: false })
  })
  afterAll(() => t.close())

  const signUp = (email: string) =>
    t.crud('signUp', {
      firstName: 'Rest',
      lastName: 'Tester',
      username: `rest_${Date.now()}`,
      email,
      password: '135790',
      fullname: '',
    })

  it('keeps a pending message unreadable without the key', async () => {
    const email = `rest-${Date.now()}@example.com`
    await signUp(email)
    const code = await lastCodeTo(t.db, email)
    const [raw] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email))
    expect(raw?.status).toBe('pending')
    expect(raw?.textBody).not.toContain(code)
    expect(raw?.htmlBody ?? '').not.toContain(code)
    expect(raw?.textBody).not.toMatch(/verif/i)
    expect((await lastMailTo(t.db, email)).textBody).toContain(code)
  })

  it('prunes the bodies of a sent message and keeps what it was', async () => {
    const email = `sent-${Date.now()}@example.com`
    await signUp(email)
    const outboxDir = await mkdtemp(path.join(tmpdir(), 'portal-outbox-'))
    const transport = createFileTransport(outboxDir, 'Bank <bank@example.com>', () => {})
    expect((await deliverDueMail(t.db, transport, t.clock.now)).sent).toBeGreaterThan(0)
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email))
    expect(row).toMatchObject({ status: 'sent', textBody: '', htmlBody: null, recipient: email })
    expect(row?.subject).toMatch(/code/i)
    expect(row?.sentAt).toBeInstanceOf(Date)
    await rm(outboxDir, { recursive: true, force: true })
  })
})

describe('the mail key', () => {
  it('is created once in DATA_DIR, readable by the owner only, and reused', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-key-'))
    const none = { dataDir, mailKey: undefined, mailKeys: undefined }
    const first = (await loadKeyRing(none)).newest.key
    const file = path.join(dataDir, 'mail.key')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(first).toHaveLength(32)
    expect((await loadKeyRing(none)).newest.key).toEqual(first)
    expect((await readFile(file, 'utf8')).trim()).toBe(first.toString('base64'))
    await rm(dataDir, { recursive: true, force: true })
  })

  it('comes from MAIL_KEY when set, which must be 32 bytes in base64', async () => {
    const key = Buffer.alloc(32, 7).toString('base64')
    const config = parseConfig({ MAIL_KEY: key })
    expect(config.mailKey).toBe(key)
    const ring = await loadKeyRing({ dataDir: '/nonexistent', mailKey: key, mailKeys: undefined })
    expect(ring.keys).toEqual([
      { id: expect.stringMatching(/^[0-9a-f]{8}$/), key: Buffer.alloc(32, 7) },
    ])
    expect(() => parseConfig({ MAIL_KEY: 'c2hvcnQ=' })).toThrow(ConfigError)
  })
})
