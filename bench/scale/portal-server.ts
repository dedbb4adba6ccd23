/**
 * The real portal over HTTP on one of the bench's databases, as the other benches run it (the
 * app in this process, @hono/node-server on a free port), and its two kinds of caller: a
 * customer (the portal's API, with a browser's cookies) and a member of staff (the console's
 * API, its Origin and its cookie).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { createApp } from '#server/app'
import type { Database } from '#server/db/database'
import type { RequestLimits } from '#server/load/request-limits'
import { staffApiPath } from '#server/staff/dispatcher'
import { createUploadStore } from '#server/storage/uploads'

export const benchPublicUrl = 'http://scale-bench.local'

/**
 * The limits on calls without a session, a setting of the server (AppDeps.requestLimits): every
 * bench call comes from one address, 127.0.0.1, and the bench signs in and signs up more often
 * than one person would. The buckets are still taken in the database on every call, as in
 * production; only their size is the bench's.
 */
const benchRequestLimits: RequestLimits = {
  perAddress: { burst: 1_000_000, perSecond: 10_000 },
  perServer: { burst: 1_000_000, perSecond: 10_000 },
  signupsPerAddress: { burst: 1_000_000, perSecond: 10_000 },
  mailingGlobal: { burst: 1_000_000, perSecond: 10_000 },
}

export async function startPortal(db: Database) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-scale-'))
  const app = createApp({
    db,
    uploads: createUploadStore(path.join(dataDir, 'uploads')),
    mailQueued: () => {},
    now: () => new Date(),
    log: (line) => {
      if (/"level":(50|60)/.test(line)) console.error(line)
    },
    webRoot: dataDir,
    publicUrl: benchPublicUrl,
    requestLimits: benchRequestLimits,
    // A long idle limit: the bench's customer waits while the staff's calls are timed.
    sessionIdleMs: 3_600_000,
    sessionRememberedIdleMs: 3_600_000,
  })
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => server.once('listening', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    base,
    async close() {
      await new Promise((resolve) => server.close(resolve))
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export type Portal = Awaited<ReturnType<typeof startPortal>>

export type Answer = Record<string, unknown>

/** Cookies as a browser keeps them: set, replaced and cleared by the answers. */
class Cookies {
  private readonly jar = new Map<string, string>()

  header(): Record<string, string> {
    if (this.jar.size === 0) return {}
    return { cookie: [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ') }
  }

  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
      const equals = pair.indexOf('=')
      const name = pair.slice(0, equals)
      const value = pair.slice(equals + 1)
      if (value === '' || attributes.some((part) => /^max-age=0$/i.test(part)))
        this.jar.delete(name)
      else this.jar.set(name, value)
    }
  }
}

async function answerOf(response: Response, what: string): Promise<Answer> {
  const text = await response.text()
  if (response.status >= 500 || response.status === 429)
    throw new Error(`${what}: HTTP ${response.status} ${text.slice(0, 300)}`)
  return JSON.parse(text) as Answer
}

const browserAgent =
  'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0 scale-bench'

/** A customer's browser on the portal: crud calls by query, actions by the `action` field. */
export function customerBrowser(portal: Portal) {
  const cookies = new Cookies()
  const send = async (query: string, fields: Record<string, string>, what: string) => {
    const response = await fetch(`${portal.base}/api/users${query}`, {
      method: 'POST',
      headers: { 'user-agent': browserAgent, ...cookies.header() },
      body: new URLSearchParams(fields),
    })
    cookies.take(response)
    return answerOf(response, what)
  }
  return {
    crud: (name: string, fields: Record<string, string>) => send(`?crud=${name}`, fields, name),
    action: (name: string, fields: Record<string, string>) =>
      send('', { action: name, ...fields }, name),
  }
}

/** The console as a member of staff's browser sends its calls. */
export function staffBrowser(portal: Portal) {
  const cookies = new Cookies()
  return async (action: string, fields: Record<string, string> = {}) => {
    const response = await fetch(`${portal.base}${staffApiPath}`, {
      method: 'POST',
      headers: { origin: benchPublicUrl, 'user-agent': browserAgent, ...cookies.header() },
      body: new URLSearchParams({ action, ...fields }),
    })
    cookies.take(response)
    return answerOf(response, action)
  }
}

export type StaffBrowser = ReturnType<typeof staffBrowser>
export type CustomerBrowser = ReturnType<typeof customerBrowser>
