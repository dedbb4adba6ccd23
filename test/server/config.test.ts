import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  hashingCost,
  hashingCostFor,
  productionHashingCost,
  testHashingCost,
} from '#server/auth/secrets'
import { parseConfig } from '#server/config'
import { startProcess } from '../support/child-process'

const projectRoot = path.resolve(import.meta.dirname, '../..')

describe('settings from the environment', () => {
  it('has defaults for everything', () => {
    expect(parseConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Meridian Bank <no-reply@meridian.example>',
      publicUrl: 'http://127.0.0.1:8080',
      seedDemo: true,
      mailKey: undefined,
      trustProxy: { hops: 0 },
      sessionIdleMs: 5 * 60_000,
      sessionRememberedIdleMs: 30 * 60_000,
      opsSocket: path.resolve('./data/ops.sock'),
      drainMs: 0,
      logLevel: 'info',
      logFormat: 'text',
      metrics: null,
      databasePreparedStatements: true,
      migrateAtStart: true,
    })
    expect(parseConfig({ DATA_DIR: '/srv/a', OPS_SOCKET: '/run/portal-2.sock' }).opsSocket).toBe(
      '/run/portal-2.sock',
    )
  })

  it('drains a stopping server behind a balancer for 5 s unless told otherwise', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://db/bank' }).drainMs).toBe(5_000)
    expect(parseConfig({ DATABASE_URL: 'postgres://db/bank', DRAIN_SECONDS: '0' }).drainMs).toBe(0)
    expect(parseConfig({ DRAIN_SECONDS: '30' }).drainMs).toBe(30_000)
    expect(() => parseConfig({ DRAIN_SECONDS: '301' })).toThrow(
      '  DRAIN_SECONDS: must be a whole number of seconds from 0 to 300',
    )
  })

  it('reads the session idle limit in minutes and refuses nonsense', () => {
    expect(parseConfig({ SESSION_IDLE_MINUTES: '15' }).sessionIdleMs).toBe(15 * 60_000)
    for (const bad of ['0', '721', '2.5', 'five'])
      expect(() => parseConfig({ SESSION_IDLE_MINUTES: bad })).toThrow(
        '  SESSION_IDLE_MINUTES: must be a whole number of minutes from 1 to 720',
      )
  })

  it('reads the longer idle limit of Remember me, never shorter than the other', () => {
    expect(parseConfig({ SESSION_REMEMBERED_IDLE_MINUTES: '60' }).sessionRememberedIdleMs).toBe(
      60 * 60_000,
    )
    const both = { SESSION_IDLE_MINUTES: '20', SESSION_REMEMBERED_IDLE_MINUTES: '10' }
    expect(parseConfig(both).sessionRememberedIdleMs).toBe(20 * 60_000)
    expect(() => parseConfig({ SESSION_REMEMBERED_IDLE_MINUTES: '0' })).toThrow(
      '  SESSION_REMEMBERED_IDLE_MINUTES: must be a whole number of minutes from 1 to 720',
    )
  })

  it('migrates at start by default only on the embedded database (decision 108)', () => {
    const postgres = { DATABASE_URL: 'postgres://portal@db.internal:5432/portal' }
    expect(parseConfig({}).migrateAtStart).toBe(true)
    expect(parseConfig(postgres).migrateAtStart).toBe(false)
    expect(parseConfig({ ...postgres, MIGRATE_AT_START: 'true' }).migrateAtStart).toBe(true)
    expect(parseConfig({ MIGRATE_AT_START: 'false' }).migrateAtStart).toBe(false)
    expect(() => parseConfig({ MIGRATE_AT_START: 'yes' })).toThrow(
      '  MIGRATE_AT_START: must be true or false',
    )
  })

  it('prepares the hot statements by name unless told not to (decision 109)', () => {
    expect(parseConfig({}).databasePreparedStatements).toBe(true)
    expect(parseConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(
      false,
    )
    expect(() => parseConfig({ DATABASE_PREPARED_STATEMENTS: 'off' })).toThrow(
      '  DATABASE_PREPARED_STATEMENTS: must be true or false',
    )
  })

  it('reads the database pool size and refuses a size start-up could not run with', () => {
    expect(parseConfig({}).databasePoolSize).toBeUndefined()
    expect(parseConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12)
    for (const bad of ['1', '0', '101', '4.5', 'many'])
      expect(() => parseConfig({ DATABASE_POOL_SIZE: bad })).toThrow(
        '  DATABASE_POOL_SIZE: must be a whole number of connections from 2 to 100',
      )
  })

  it('takes the test suite’s hashing cost only under vitest', () => {
    expect(() => parseConfig({ PORTAL_HASHING_COST: 'test', VITEST: 'true' })).not.toThrow()
    expect(() => parseConfig({ PORTAL_HASHING_COST: 'test' })).toThrow(
      /PORTAL_HASHING_COST: test is for the test suite only/,
    )
    expect(productionHashingCost).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 })
  })

  it('hashes at the test cost only when asked for it under vitest, as this suite is', () => {
    expect(hashingCostFor({ PORTAL_HASHING_COST: 'test', VITEST: 'true' })).toBe(testHashingCost)
    expect(hashingCostFor({ PORTAL_HASHING_COST: 'test' })).toBe(productionHashingCost)
    expect(hashingCostFor({ VITEST: 'true' })).toBe(productionHashingCost)
    expect(hashingCostFor({})).toBe(productionHashingCost)
    // vite.config.ts sets PORTAL_HASHING_COST=test for the projects that start servers.
    expect(hashingCost).toBe(testHashingCost)
  })

  it('a server started outside vitest with the test cost refuses to start, and says why', async () => {
    const dataDir = path.join(tmpdir(), `portal-refused-${process.pid}-${Date.now()}`)
    const environment: Record<string, string | undefined> = {
      ...process.env,
      PORTAL_HASHING_COST: 'test',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: '1',
    }
    for (const key of Object.keys(environment))
      if (key.startsWith('VITEST')) delete environment[key]
    const { child, exited } = startProcess(
      process.execPath,
      ['--import', 'tsx', 'server/main.ts'],
      {
        cwd: projectRoot,
        env: environment,
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    )
    let stderr = ''
    child.stderr?.on('data', (chunk) => {
      stderr += chunk
    })
    const { code } = await exited
    expect(stderr).toContain(
      'PORTAL_HASHING_COST: test is for the test suite only; a real server hashes at production cost',
    )
    expect(code).toBe(2)
    // Refused before anything was opened.
    expect(existsSync(dataDir)).toBe(false)
  }, 60_000)

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8080)
  })

  it('names every bad setting in one message', () => {
    expect(() =>
      parseConfig({
        PORT: '99999',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'nope',
        SEED_DEMO: 'maybe',
      }),
    ).toThrow(
      [
        'Invalid settings in the environment:',
        '  PORT: must be between 1 and 65535',
        '  DATABASE_URL: must start with postgres: or postgresql://',
        '  SMTP_URL: must be a URL',
        '  SEED_DEMO: must be true or false',
      ].join('\n'),
    )
  })

  it('builds e-mail links from HOST and PORT unless PUBLIC_URL says otherwise', () => {
    expect(parseConfig({ HOST: '0.0.0.0', PORT: '9000' }).publicUrl).toBe('http://localhost:9000')
    expect(parseConfig({ PUBLIC_URL: 'https://bank.example/' }).publicUrl).toBe(
      'https://bank.example',
    )
  })
})
