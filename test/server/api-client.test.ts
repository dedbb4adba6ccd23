import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient } from '#api/client'
import type { Access } from '#api/contract'
import { createDownloader } from '#api/download'
import { parseConfig } from '#server/config'
import { startServer } from '#server/main'
import { demoCredentials } from '#server/seed/demo-data'
import { freePort } from '../support/free-port'
import { copyPgliteTemplate } from '../support/pglite-copy'

const [demo] = demoCredentials

/** The browser's client against the real server over HTTP: both sides of the contract at once. */
describe('the API client against the running server', () => {
  let server: Awaited<ReturnType<typeof startServer>>
  let dataDir: string
  const tokens: Partial<Record<Access, string>> = {}
  const call = () =>
    createApiClient({ baseURL: server.url, tokenFor: (access) => tokens[access] ?? null })

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-client-'))
    await copyPgliteTemplate(path.join(dataDir, 'pgdata'))
    server = await startServer(parseConfig({ PORT: String(await freePort()), DATA_DIR: dataDir }), {
      log: () => {},
    })
  })
  afterAll(async () => {
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('sends crud calls form-encoded and parses the answer with the contract', async () => {
    const answer = await call()('signIn', { email: demo.email, password: demo.secret })
    expect(answer.ok).toBe(true)
    if (!answer.ok) return
    expect(answer.data.message).toBe('Welcome Back')
    tokens.session = answer.data.jwt
  })

  it('adds the stored token for the access a call needs', async () => {
    const answer = await call()('dashboard', {})
    expect(answer).toMatchObject({ ok: true, data: { user: { fullname: 'Dana Morgan' } } })
  })

  it('sends files as multipart, and reports a refusal with the server message', async () => {
    const answer = await call()('updatePicture', {
      profilePic: new Blob(['not an image'], { type: 'image/png' }),
    })
    expect(answer).toEqual({
      ok: true,
      data: { status: false, message: 'The file must be a PNG, JPG, GIF or WebP image.' },
    })
    const tooLarge = await call()('updatePicture', {
      profilePic: new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' }),
    })
    expect(tooLarge).toEqual({
      ok: false,
      reason: 'rejected',
      message: 'Your picture must be at most 5 MB.',
    })
  })

  it('downloads a statement as a file, and reports refusals like a call', async () => {
    const download = createDownloader({
      baseURL: server.url,
      tokenFor: (access) => tokens[access] ?? null,
    })
    const csv = await download('statementCsv', { type: 'debit' })
    expect(csv.ok).toBe(true)
    if (!csv.ok) return
    expect(csv.filename).toMatch(/^statement_start_to_\d{4}-\d{2}-\d{2}\.csv$/)
    expect(csv.blob.type).toMatch(/^text\/csv/)
    const lines = (await csv.blob.text()).trimEnd().split('\r\n')
    // UTF-8 with a byte order mark, which text() drops.
    expect([...new Uint8Array(await csv.blob.arrayBuffer()).subarray(0, 3)]).toEqual([
      0xef, 0xbb, 0xbf,
    ])
    expect(lines[0]).toBe(
      'date,name,type,amount,charge,status,receipt_id,bank,account_holder,account_number,country',
    )
    expect(lines.length).toBeGreaterThan(1)
    expect(lines.slice(1).every((line) => line.split(',')[2] === 'debit')).toBe(true)
    expect(await download('receiptPdf', { receiptId: 'not-a-receipt' })).toEqual({
      ok: false,
      reason: 'rejected',
      message: 'Receipt not found.',
    })
    const anonymous = createDownloader({ baseURL: server.url, tokenFor: () => null })
    expect(await anonymous('statementPdf', {})).toMatchObject({ ok: false, reason: 'unauthorized' })
  })

  it('reports an invalid token as unauthorized', async () => {
    const answer = await createApiClient({ baseURL: server.url, tokenFor: () => 'made-up' })(
      'hasTransferPin',
      {},
    )
    expect(answer).toEqual({
      ok: false,
      reason: 'unauthorized',
      message: 'Your session has ended. Please log in again.',
    })
  })

  it('sends the token stored when the call is made, though the storage is cleared at once', async () => {
    const login = await call()('signIn', { email: demo.email, password: demo.secret })
    if (!login.ok || !login.data.jwt) throw new Error('the demo customer could not log in')
    const jwt = login.data.jwt
    const stored: Partial<Record<Access, string>> = {
      session: jwt,
      public: jwt,
    }
    const client = createApiClient({
      baseURL: server.url,
      tokenFor: (access) => stored[access] ?? null,
    })
    // As the app's logout does: the call, then every stored key cleared before it goes out.
    const logout = client('signOut', {})
    delete stored.session
    delete stored.public
    expect(await logout).toMatchObject({ ok: true })
    const revoked = createApiClient({ baseURL: server.url, tokenFor: () => jwt })
    expect(await revoked('hasTransferPin', {})).toMatchObject({ ok: false, reason: 'unauthorized' })
  })

  it('gives the empty result when the server cannot be reached', async () => {
    const answer = await createApiClient({ baseURL: 'http://127.0.0.1:9', tokenFor: () => null })(
      'kycDocumentTypes',
      {},
    )
    expect(answer).toEqual({ ok: false, reason: 'network' })
  })
})
