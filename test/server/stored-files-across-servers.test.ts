import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { parseConfig } from '#server/config'
import { startServer } from '#server/main'
import { demoCredentials } from '#server/seed/demo-data'
import { freePort } from '../support/free-port'
import { withClient } from '../support/pg-connections'

const serverUrl = process.env.DATABASE_URL

/** The migrated database this run's global setup made, or null (then the server migrates). */
function migratedTemplate(): string | null {
  try {
    return inject('postgresTemplate') ?? null
  } catch {
    return null
  }
}

/**
 * Two servers on one PostgreSQL, each with its own DATA_DIR and one MAIL_KEY, as `npm run
 * cluster` starts them: a file kept through one is served by the other (decision 107).
 */
describe.skipIf(!serverUrl)('stored files across servers with their own DATA_DIR', () => {
  const name = `portal_files_${randomBytes(6).toString('hex')}`
  const mailKey = randomBytes(32).toString('base64')
  let root: string
  const servers: Awaited<ReturnType<typeof startServer>>[] = []
  const addresses: string[] = []

  beforeAll(async () => {
    const template = migratedTemplate()
    await withClient(serverUrl as string, (client) =>
      client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
    )
    const url = new URL(serverUrl as string)
    url.pathname = `/${name}`
    root = await mkdtemp(path.join(tmpdir(), 'portal-servers-'))
    for (const server of ['server-1', 'server-2']) {
      const dataDir = path.join(root, server)
      await mkdir(dataDir)
      const settings = {
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        MAIL_KEY: mailKey,
        SEED_DEMO: server === 'server-1' ? 'true' : 'false',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        MAIL_FROM: 'Test <t@example.com>',
      }
      servers.push(await startServer(parseConfig(settings), { log: () => {}, webRoot: dataDir }))
      addresses.push(`http://127.0.0.1:${settings.PORT}`)
    }
  }, 180_000)

  afterAll(async () => {
    for (const server of servers) await server.stop()
    await withClient(serverUrl as string, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    )
    await rm(root, { recursive: true, force: true })
  })

  const call = async (server: number, query: string, body: URLSearchParams | FormData) => {
    const response = await fetch(`${addresses[server]}/api/users${query}`, {
      method: 'POST',
      body,
    })
    return (await response.json()) as Record<string, unknown>
  }

  it('serves through the second server the picture sent through the first', async () => {
    const [demo] = demoCredentials
    const login = await call(
      0,
      '?crud=userlogin',
      new URLSearchParams({ email: demo.email, password: demo.secret }),
    )
    const picture = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#3366aa' },
    })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('action', 'updatepic')
    form.append('token', login.jwt as string)
    form.append('profilePic', new File([new Uint8Array(picture)], 'me.png'))
    const saved = await call(0, '', form)
    expect(saved).toMatchObject({ status: true })
    const address = saved.picture as string
    expect(address).toMatch(/^\/uploads\/pictures\/[0-9a-f-]{36}\.webp$/)

    const [first, second] = await Promise.all(
      addresses.map((server) => fetch(`${server}${address}`)),
    )
    expect(first?.status).toBe(200)
    expect(second?.status).toBe(200)
    expect(second?.headers.get('content-type')).toBe('image/webp')
    expect(second?.headers.get('x-content-type-options')).toBe('nosniff')
    const bytes = Buffer.from(await (second as Response).arrayBuffer())
    expect(bytes.equals(Buffer.from(await (first as Response).arrayBuffer()))).toBe(true)
    expect(bytes.subarray(8, 12).toString()).toBe('WEBP')
    // Neither server wrote it to its disk.
    for (const server of ['server-1', 'server-2'])
      expect(existsSync(path.join(root, server, 'uploads'))).toBe(false)
  }, 60_000)
})
