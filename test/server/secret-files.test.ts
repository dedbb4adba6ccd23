import { randomBytes } from 'node:crypto'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from '#server/config'
import { fingerprintOf } from '#server/keys/key-ring'
import { startProcess } from '../support/child-process'

const projectRoot = path.resolve(import.meta.dirname, '../..')
const refusal = (environment: Record<string, string>) => {
  try {
    parseConfig(environment)
  } catch (error) {
    if (error instanceof ConfigError) return error.message
    throw error
  }
  throw new Error('the settings were accepted')
}

describe('secret settings from files (X_FILE)', () => {
  let dir: string
  const file = async (name: string, text: string) => {
    const at = path.join(dir, name)
    await writeFile(at, text, { mode: 0o600 })
    return at
  }
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'portal-secrets-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('reads every secret setting from its file, as mounted (the trailing newline trimmed)', async () => {
    const key = randomBytes(32).toString('base64')
    const second = randomBytes(32).toString('base64')
    const config = parseConfig({
      DATABASE_URL_FILE: await file('database-url', 'postgres://portal:s3cret@db:5432/bank\n'),
      SMTP_URL_FILE: await file('smtp-url', 'smtps://mailer:pw@smtp.example:465\r\n'),
      MAIL_KEYS_FILE: await file('mail-keys', `new:${second},old:${key}\n`),
    })
    expect(config.databaseUrl).toBe('postgres://portal:s3cret@db:5432/bank')
    expect(config.smtpUrl).toBe('smtps://mailer:pw@smtp.example:465')
    expect(config.mailKeys?.keys.map((entry) => entry.id)).toEqual(['new', 'old'])
    expect(config.mailKeys?.newest.key).toEqual(Buffer.from(second, 'base64'))
    expect(config.mailKeys?.legacy.key).toEqual(Buffer.from(key, 'base64'))
    expect(parseConfig({ MAIL_KEY_FILE: await file('mail-key', `${key}\n`) }).mailKey).toBe(key)
  })

  it('refuses a file that is missing, empty or unreadable, naming the setting and never a value', async () => {
    const missing = path.join(dir, 'nothing-here')
    expect(refusal({ DATABASE_URL_FILE: missing })).toBe(
      `Invalid settings in the environment:\n  DATABASE_URL_FILE: no file ${missing}`,
    )
    const empty = await file('empty', '\n')
    expect(refusal({ SMTP_URL_FILE: empty })).toContain(`  SMTP_URL_FILE: ${empty} is empty`)
    const directory = path.join(dir, 'a-directory')
    await mkdir(directory)
    expect(refusal({ MAIL_KEY_FILE: directory })).toContain(
      `  MAIL_KEY_FILE: ${directory} is a directory, not a file`,
    )
    // Every problem at once, one line per setting.
    const all = refusal({ DATABASE_URL_FILE: missing, SMTP_URL_FILE: empty })
    expect(all.split('\n')).toHaveLength(3)
  })

  it.skipIf(process.getuid?.() === 0)('refuses a file this process may not read', async () => {
    const locked = await file('locked', 'postgres://x@y/z\n')
    await chmod(locked, 0o000)
    expect(refusal({ DATABASE_URL_FILE: locked })).toContain(
      `  DATABASE_URL_FILE: ${locked} cannot be read by this process (permission denied)`,
    )
  })

  it('refuses a setting given both ways, and a bad value from a file without showing it', async () => {
    const url = await file('url', 'postgres://a@b/c\n')
    expect(refusal({ DATABASE_URL: 'postgres://a@b/c', DATABASE_URL_FILE: url })).toContain(
      '  DATABASE_URL_FILE: set DATABASE_URL or DATABASE_URL_FILE, not both',
    )
    const bad = await file('bad-key', 'hunter2-not-a-key\n')
    const message = refusal({ MAIL_KEY_FILE: bad })
    expect(message).toContain(
      '  MAIL_KEY (from MAIL_KEY_FILE): must be 32 bytes in base64 (openssl rand -base64 32)',
    )
    expect(message).not.toContain('hunter2')
    const key = randomBytes(32).toString('base64')
    expect(refusal({ MAIL_KEY: key, MAIL_KEYS: `a:${key}` })).toContain(
      '  MAIL_KEYS: set MAIL_KEYS or MAIL_KEY, not both (MAIL_KEYS holds every key)',
    )
  })

  it('reads the key ring newest first and refuses a malformed one, naming no key', () => {
    const key = randomBytes(32).toString('base64')
    const ring = parseConfig({ MAIL_KEYS: `b:${key}` }).mailKeys
    expect(ring?.newest.id).toBe('b')
    expect(refusal({ MAIL_KEYS: `a:${key},a:${key}` })).toContain(
      '  MAIL_KEYS: key id a is given twice',
    )
    expect(refusal({ MAIL_KEYS: `bad id:${key}` })).toContain(
      '  MAIL_KEYS: entry 1 must be id:key, the id 1 to 32 letters, digits or hyphens',
    )
    const short = refusal({ MAIL_KEYS: 'a:c2hvcnQ=' })
    expect(short).toContain('  MAIL_KEYS: key a must be 32 bytes in base64')
    expect(short).not.toContain('c2hvcnQ=')
    // A one-key ring (MAIL_KEY, mail.key) is named by its fingerprint, which shows nothing of it.
    expect(fingerprintOf(Buffer.from(key, 'base64'))).toMatch(/^[0-9a-f]{8}$/)
  })

  it('a server whose secret file is missing does not start, and names the setting', async () => {
    const missing = path.join(dir, 'no-such-secret')
    const environment: Record<string, string | undefined> = {
      ...process.env,
      DATABASE_URL: '',
      MAIL_KEY: '',
      MAIL_KEYS: '',
      MAIL_KEY_FILE: missing,
      DATA_DIR: path.join(dir, 'data'),
      PORT: '1',
    }
    const { child, exited } = startProcess(
      process.execPath,
      ['--import', 'tsx', 'server/main.ts'],
      { cwd: projectRoot, env: environment, stdio: ['ignore', 'ignore', 'pipe'] },
    )
    let stderr = ''
    child.stderr?.on('data', (chunk) => {
      stderr += chunk
    })
    const { code } = await exited
    expect(stderr).toContain(`  MAIL_KEY_FILE: no file ${missing}`)
    expect(code).toBe(2)
  }, 60_000)
})

describe('demo data (SEED_DEMO)', () => {
  it('is seeded by default into the embedded database only', () => {
    expect(parseConfig({}).seedDemo).toBe(true)
    expect(parseConfig({ DATABASE_URL: 'postgres://bank@db/bank' }).seedDemo).toBe(false)
    expect(
      parseConfig({ DATABASE_URL: 'postgres://bank@db/bank', SEED_DEMO: 'true' }).seedDemo,
    ).toBe(true)
    expect(parseConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false)
  })
})
