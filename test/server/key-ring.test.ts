import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSecret } from '#server/auth/sealed-secrets'
import { parseConfig } from '#server/config'
import { mailOutbox, staff } from '#server/db/schema'
import { checkKeyRing, MissingKeyError } from '#server/keys/key-check'
import {
  fingerprintOf,
  type KeyRing,
  keyRingOf,
  parseKeyRing,
  setKeyRing,
  singleKeyRing,
} from '#server/keys/key-ring'
import { sealedStores } from '#server/keys/sealed-stores'
import { enqueueMail } from '#server/mail/outbox'
import { openBody } from '#server/mail/sealed-body'
import { startServer } from '#server/main'
import { freePort } from '../support/free-port'
import { createFreshDatabase } from '../support/fresh-database'
import { copyPgliteTemplate } from '../support/pglite-copy'
import { createCustomer } from './support/customers'
import { bothDatabases, databaseTargets } from './support/databases'
import { lastMailTo } from './support/mailbox'
import { type EnrolledStaff, enrolWithTotp, signInWithTotp, terminal } from './support/staff'
import { startTestApp, type TestApp, TestBrowser } from './support/test-app'

/**
 * A value as the portal sealed it before key ids (the format of docs/decisions/022 and 068):
 * `v1.iv.tag.data` under the key itself, `t1.…` under its HKDF for the TOTP secrets.
 */
function sealedBeforeKeyIds(tag: 'v1' | 't1', key: Buffer, text: string) {
  const own =
    tag === 'v1'
      ? key
      : Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'meridian staff totp secret v1', 32))
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', own, iv)
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
  return [tag, iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

const keyText = (key: Buffer) => key.toString('base64')

describe.each(bothDatabases)('the key ring on %s', (target) => {
  const first = randomBytes(32)
  const second = randomBytes(32)
  // The installation's key until now (MAIL_KEY or DATA_DIR/mail.key): a one-key ring.
  const before = singleKeyRing(first)
  let t: TestApp
  let person: EnrolledStaff
  let legacyMail: number
  beforeAll(async () => {
    setKeyRing(before)
    t = await startTestApp(target, { seed: false })
    person = await enrolWithTotp(t, terminal, `keys-${target}@staff.test`, ['admin'])
    // Queued before the ring existed: a body with no key id.
    const [row] = await t.db
      .insert(mailOutbox)
      .values({
        recipient: 'legacy@example.com',
        subject: 'Sealed before key ids',
        textBody: sealedBeforeKeyIds('v1', first, 'your code is 424242'),
        htmlBody: null,
      })
      .returning({ id: mailOutbox.id })
    legacyMail = row?.id as number
  })
  afterAll(() => t.close())

  const keyIdsInUse = async (ring: KeyRing) => {
    const ids = []
    for (const store of sealedStores)
      for (const { keyId } of await store.keysInUse(t.db))
        ids.push(`${store.name}: ${keyId ?? `legacy ${ring.legacy.id}`}`)
    return ids.sort()
  }

  it('seals under a ring of one key in the form before key ids, which the previous release opens', async () => {
    await enqueueMail(
      t.db,
      { to: 'now@example.com', subject: 'Now', text: 'code 777' },
      t.clock.now(),
    )
    const [now] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'now@example.com'))
    expect(now?.textBody.split('.')).toHaveLength(4)
    expect(now?.textBody.split('.')[0]).toBe('v1')
    expect((await lastMailTo(t.db, 'legacy@example.com')).textBody).toBe('your code is 424242')
    expect(await keyIdsInUse(before)).toEqual([
      `authenticator secrets: legacy ${fingerprintOf(first)}`,
      `queued e-mail: legacy ${fingerprintOf(first)}`,
    ])
    await expect(checkKeyRing(t.db, before, sealedStores)).resolves.toBeUndefined()
  })

  it('adds a key, rotates everything under it, and opens everything once the old key is gone', async () => {
    // MAIL_KEYS with the new key first and the installation's key after it, under its id.
    const both = parseConfig({
      MAIL_KEYS: `second:${keyText(second)},${fingerprintOf(first)}:${keyText(first)}`,
    }).mailKeys as KeyRing
    setKeyRing(both)
    await expect(checkKeyRing(t.db, both, sealedStores)).resolves.toBeUndefined()
    const [mailStore, totpStore] = sealedStores
    expect(await mailStore?.countNotUnderNewest(t.db, both)).toBeGreaterThanOrEqual(2)
    expect(await totpStore?.countNotUnderNewest(t.db, both)).toBe(1)

    const report = await t.command('keys rotate')
    expect(report).toMatch(/^queued e-mail: \d+ items sealed again under second$/m)
    expect(report).toContain('authenticator secrets: 1 item sealed again under second')
    expect(report).toContain(
      `Everything is sealed under second: the other keys (${fingerprintOf(first)}) can be removed from MAIL_KEYS.`,
    )
    expect(await t.command('keys status')).toContain(
      'queued e-mail: keys in use second; 0 items under another key than second',
    )

    // The old key removed: the check passes and everything opens.
    const onlySecond = parseKeyRing(`second:${keyText(second)}`)
    setKeyRing(onlySecond)
    await expect(checkKeyRing(t.db, onlySecond, sealedStores)).resolves.toBeUndefined()
    expect(await keyIdsInUse(onlySecond)).toEqual([
      'authenticator secrets: second',
      'queued e-mail: second',
    ])
    const [legacy] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, legacyMail))
    expect(openBody(legacy?.textBody as string)).toBe('your code is 424242')
    for (const row of await t.db.select().from(mailOutbox))
      expect(() => openBody(row.textBody)).not.toThrow()
    const [sealed] = await t.db.select().from(staff).where(eq(staff.id, person.id))
    expect(openSecret(sealed?.totpSecret as string)).toBe(person.totpSecret)
    // The person signs in with their authenticator app as before.
    await expect(signInWithTotp(t, person)).resolves.toBeDefined()
  })

  it('refuses a ring without a key some sealed value names, naming the key id', async () => {
    const other = keyRingOf([{ id: 'third', key: randomBytes(32) }])
    const refusal = await checkKeyRing(t.db, other, sealedStores).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(MissingKeyError)
    const message = (refusal as Error).message
    expect(message).toContain(
      'queued e-mail is sealed under key second, which the key ring does not hold: put key second back in MAIL_KEYS',
    )
    expect(message).toContain('authenticator secrets is sealed under key second')
    expect(message).not.toContain(keyText(second))
    // The id given to another key than the one that sealed: refused too.
    const wrong = keyRingOf([{ id: 'second', key: randomBytes(32) }])
    await expect(checkKeyRing(t.db, wrong, sealedStores)).rejects.toThrow(
      'queued e-mail sealed under key second does not open with the key given as second',
    )
  })

  it('refuses a ring whose oldest key does not open the values sealed before key ids', async () => {
    await t.db.insert(mailOutbox).values({
      recipient: 'legacy2@example.com',
      subject: 'Sealed before key ids, another key',
      textBody: sealedBeforeKeyIds('v1', randomBytes(32), 'lost'),
    })
    await expect(
      checkKeyRing(t.db, parseKeyRing(`second:${keyText(second)}`), sealedStores),
    ).rejects.toThrow(
      "queued e-mail sealed before key ids does not open with the ring's oldest key second",
    )
    await t.db.delete(mailOutbox).where(eq(mailOutbox.recipient, 'legacy2@example.com'))
  })
})

describe.each(bothDatabases)('a server on %s whose key ring lacks a key in use', (target) => {
  it('does not start, and names the key id', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-keys-'))
    const serverUrl = process.env.DATABASE_URL
    const database =
      target === 'postgres' && serverUrl
        ? await createFreshDatabase(serverUrl, 'portal_keys')
        : null
    if (!database) await copyPgliteTemplate(path.join(dataDir, 'pgdata'))
    const settings = async (keys: string) =>
      parseConfig({
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url,
        MAIL_KEYS: keys,
        SEED_DEMO: 'false',
        MIGRATE_AT_START: 'true',
        DRAIN_SECONDS: '0',
      })
    const quiet = { log: () => {}, webRoot: dataDir }
    try {
      // Two keys: values name the newest, `kept`.
      const server = await startServer(
        await settings(`kept:${keyText(randomBytes(32))},older:${keyText(randomBytes(32))}`),
        quiet,
      )
      // Due in an hour: the server's delivery worker leaves it sealed.
      const later = new Date(Date.now() + 3_600_000)
      await enqueueMail(server.db, { to: 'a@example.com', subject: 'Hi', text: 'x' }, later)
      await server.stop()
      await expect(
        startServer(await settings(`other:${keyText(randomBytes(32))}`), quiet),
      ).rejects.toThrow(/queued e-mail is sealed under key kept, which the key ring does not hold/)
    } finally {
      await database?.drop()
      await rm(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})

describe.each(databaseTargets)('the device cookie under the key ring on %s', (target) => {
  let t: TestApp
  const old = randomBytes(32)
  beforeAll(async () => {
    setKeyRing(keyRingOf([{ id: 'old', key: old }]))
    t = await startTestApp(target, { seed: false })
  })
  afterAll(() => t.close())

  it('a browser remembered under an older key stays remembered; removing the key forgets it', async () => {
    const customer = await createCustomer(t)
    const browser = new TestBrowser()
    const signedIn = await t.in(browser).crud('signIn', {
      email: customer.email,
      password: customer.passcode,
      rememberMe: 'on',
    })
    expect(signedIn.body.error).toBe(false)
    const remembered = async () => (await t.in(browser).action('rememberedDevice')).body
    expect(await remembered()).toEqual({ email: customer.email })
    setKeyRing(
      keyRingOf([
        { id: 'new', key: randomBytes(32) },
        { id: 'old', key: old },
      ]),
    )
    expect(await remembered()).toEqual({ email: customer.email })
    setKeyRing(keyRingOf([{ id: 'new', key: randomBytes(32) }]))
    expect(await remembered()).not.toEqual({ email: customer.email })
  })
})
