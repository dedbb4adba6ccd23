import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type CallName, calls } from '#api/contract'
import { fromWire, toWire } from '#api/contract/wire-fields'
import { createApp } from '#server/app'
import type { Database } from '#server/db/database'
import type { AppDeps } from '#server/deps'
import type { RequestLimits } from '#server/load/request-limits'
import { commands } from '#server/ops/commands'
import { seedDemoData } from '#server/seed/demo-data'
import { createUploadStore } from '#server/storage/uploads'
import {
  type ActionName,
  type CrudName,
  type RawFields,
  type RequestFields,
  toRawFields,
} from './call-fields'
import { type DatabaseTarget, openExistingDatabase, openTestDatabase } from './databases'
import { ensureTestMailKey } from './mail-key'

/**
 * A name the contract has, or null: a test may send a misspelt one on purpose (as
 * `@ts-expect-error`), which goes to the server as it is, for the server to refuse.
 */
const known = (name: string) => (Object.hasOwn(calls, name) ? calls[name as CallName] : null)

/** A call's fields by the wire's names, as the browser's client sends them. */
const wireFieldsOf = (name: CallName, fields: RequestFields<CallName>) => {
  const definition = known(name)
  if (!definition) return toRawFields(fields)
  return toRawFields(toWire(definition.request, fields) as RequestFields<CallName>)
}

/** An answer with the contract's readable names, as the browser's client reads it. */
const readableAnswer = (name: CallName, answer: Answer): Answer => {
  const definition = known(name)
  if (!definition) return answer
  return {
    status: answer.status,
    body: fromWire(definition.response, answer.body) as Answer['body'],
  }
}

export interface TestClock {
  now: () => Date
  advance(ms: number): void
}

export function createTestClock(start = new Date('2026-11-21T10:00:00Z')): TestClock {
  let current = start.getTime()
  return { now: () => new Date(current), advance: (ms) => (current += ms) }
}

/** Where a call comes from: a client address, a browser with its cookies. */
interface Client {
  address?: string
  browser?: TestBrowser
  /** More request headers (a proxy's, say). */
  headers?: Record<string, string>
}

export const firefoxOnLinux =
  'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'

/** A browser's cookies for the portal's API, set, replaced and cleared by the answers. */
export class TestBrowser {
  readonly cookies = new Map<string, string>()
  /** The Set-Cookie lines of the last answer. */
  lastSetCookies: string[] = []

  constructor(readonly userAgent: string = firefoxOnLinux) {}

  headers(): Record<string, string> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    return { 'user-agent': this.userAgent, ...(cookie ? { cookie } : {}) }
  }

  /** The Set-Cookie lines of an answer, as the browser applies them. */
  take(setCookies: string[]) {
    this.lastSetCookies = setCookies
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
      const equals = pair.indexOf('=')
      const name = pair.slice(0, equals)
      const value = pair.slice(equals + 1)
      const cleared = value === '' || attributes.some((part) => /^max-age=0$/i.test(part))
      if (cleared) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
}

export interface Answer {
  status: number
  body: Record<string, unknown>
}

/**
 * Limits on calls without a session high enough that tests which sign in many times from one
 * address (the in-process 'unknown' one) never meet them; tests of the limits pass their own.
 */
const roomyRequestLimits: RequestLimits = {
  perAddress: { burst: 100_000, perSecond: 1_000 },
  perServer: { burst: 100_000, perSecond: 1_000 },
  signupsPerAddress: { burst: 100_000, perSecond: 1_000 },
  mailingGlobal: { burst: 100_000, perSecond: 1_000 },
}

/** The real app, in process, over a fresh real database, with a test clock and a temp DATA_DIR. */
export async function startTestApp(
  target: DatabaseTarget,
  options: {
    seed?: boolean
    limits?: RequestLimits
    sessionIdleMs?: number
    sessionRememberedIdleMs?: number
    /** An existing PostgreSQL database (a restored one) in place of a fresh one; seed: false. */
    databaseUrl?: string
    trustProxy?: AppDeps['trustProxy']
  } = {},
) {
  ensureTestMailKey()
  const database = options.databaseUrl
    ? await openExistingDatabase(options.databaseUrl)
    : await openTestDatabase(target)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-test-'))
  const webRoot = path.join(dataDir, 'web')
  await mkdir(webRoot)
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>Test portal</title>')
  const clock = createTestClock()
  const logLines: string[] = []
  let mailQueued = 0
  const deps: AppDeps = {
    db: database.db,
    uploads: createUploadStore(path.join(dataDir, 'uploads')),
    mailQueued: () => mailQueued++,
    now: clock.now,
    log: (line) => logLines.push(line),
    webRoot,
    publicUrl: 'http://portal.test',
    requestLimits: options.limits ?? roomyRequestLimits,
    sessionIdleMs: options.sessionIdleMs,
    sessionRememberedIdleMs: options.sessionRememberedIdleMs,
    trustProxy: options.trustProxy,
  }
  if (options.seed ?? !options.databaseUrl)
    await seedDemoData(database.db, deps.uploads, clock.now())
  const app = createApp(deps)

  /**
   * Sends one call the way the browser does: form-encoded, or multipart when a file is sent.
   * With `address`, the request arrives from that client address (as @hono/node-server reports
   * it); without, the server cannot tell the address, as for any in-process request.
   */
  async function send(query: string, fields: RawFields, client: Client = {}): Promise<Answer> {
    const hasFile = Object.values(fields).some((value) => typeof value !== 'string')
    let body: FormData | URLSearchParams
    if (hasFile) {
      body = new FormData()
      for (const [key, value] of Object.entries(fields)) body.append(key, value)
    } else body = new URLSearchParams(fields as Record<string, string>)
    const { address, browser } = client
    const env = address ? { incoming: { socket: { remoteAddress: address } } } : undefined
    const headers = { ...browser?.headers(), ...client.headers }
    const response = await app.request(`/api/users${query}`, { method: 'POST', body, headers }, env)
    browser?.take(response.headers.getSetCookie())
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  const typed = (client: Client = {}) => ({
    action: async <N extends ActionName>(action: N, fields: RequestFields<N> = {}) =>
      readableAnswer(
        action,
        await send(
          '',
          { action: known(action)?.wire ?? action, ...wireFieldsOf(action, fields) },
          client,
        ),
      ),
    crud: async <N extends CrudName>(name: N, fields: RequestFields<N> = {}) =>
      readableAnswer(
        name,
        await send(`?crud=${known(name)?.wire ?? name}`, wireFieldsOf(name, fields), client),
      ),
  })

  return {
    app,
    db: database.db as Database,
    /** The PostgreSQL database's address; undefined on PGlite. */
    databaseUrl: database.url,
    deps,
    clock,
    dataDir,
    logLines,
    mailQueuedCount: () => mailQueued,
    /**
     * The contract's calls by name, typed by it (call-fields.ts), sent by their wire markers and
     * the wire's field names; the answer comes back with the contract's readable names.
     */
    ...typed(),
    /** An action whose answer is a file: the raw response, body unread. */
    download: (
      action: string,
      fields: Record<string, string> = {},
      headers: Record<string, string> = {},
    ) =>
      app.request('/api/users', {
        method: 'POST',
        body: new URLSearchParams({ action, ...fields }),
        headers,
      }),
    /** The same calls, arriving from the client address `address`. */
    from: (address: string) => typed({ address }),
    /** The same calls, from `client` (an address, a browser, more headers). */
    as: (client: Client) => typed(client),
    /**
     * The same calls from a browser of its own (`browser()`): its User-Agent, and its cookies
     * kept between calls, as a browser keeps the device cookie (docs/decisions/080).
     */
    in: (browser: TestBrowser) => typed({ browser }),
    /** Any wire marker and fields, for tests of what the contract does not allow. */
    raw: {
      action: (action: string, fields: RawFields = {}) => send('', { action, ...fields }),
      crud: (name: string, fields: RawFields = {}) => send(`?crud=${name}`, fields),
    },
    /** An operator command (`npm run ops -- <name> <args>`) on this database, at the clock's time. */
    command(name: string, ...args: string[]) {
      const command = commands[name]
      if (!command) throw new Error(`no command ${name}`)
      return command.run(database.db as Database, args, clock.now())
    },
    async login(email: string, password: string): Promise<string> {
      const answer = await send('?crud=userlogin', { email, password })
      if (typeof answer.body.jwt !== 'string')
        throw new Error(`login failed: ${JSON.stringify(answer.body)}`)
      return answer.body.jwt
    },
    async close() {
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>
