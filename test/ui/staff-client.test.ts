import { afterEach, describe, expect, it, vi } from 'vitest'
import { createStaffClient } from '../../src/console/api/staff-client'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function answering(response: () => Response | Promise<Response>) {
  const requests: Request[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(new Request(input, init))
      return response()
    }),
  )
  return requests
}

afterEach(() => vi.unstubAllGlobals())

describe("the console's staff client", () => {
  it('posts the fields and the call in `action` to /wp-admin/api, and checks the answer', async () => {
    const requests = answering(() => json(200, { ends_at: '2026-11-25T10:15:00.000Z' }))
    const call = createStaffClient({ baseURL: 'http://console.test' })
    expect(await call('keepalive')).toEqual({
      ok: true,
      data: { ends_at: '2026-11-25T10:15:00.000Z' },
    })
    const [request] = requests
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe('http://console.test/wp-admin/api')
    expect(await request?.text()).toBe('action=keepalive')
  })

  it('leaves out fields that are not given', async () => {
    const requests = answering(() => json(200, { status: true, message: 'ok' }))
    await createStaffClient({ baseURL: 'http://console.test' })('signin', {
      email: 'ada@meridian.example',
      password: undefined,
    })
    expect(await requests[0]?.text()).toBe('action=signin&email=ada%40meridian.example')
  })

  it('tells whoever listens of an ended session (401), with the server words', async () => {
    answering(() => json(401, { error: true, message: 'Your session has ended.' }))
    const ended = vi.fn()
    const call = createStaffClient({ baseURL: 'http://console.test', onUnauthorized: ended })
    expect(await call('whoami')).toEqual({
      ok: false,
      reason: 'unauthorized',
      message: 'Your session has ended.',
    })
    expect(ended).toHaveBeenCalledTimes(1)
  })

  it('gives a refusal its words, no answer as network, an answer off the contract as unexpected', async () => {
    const call = createStaffClient({ baseURL: 'http://console.test' })
    answering(() => json(403, { error: true, message: 'Your roles do not allow this.' }))
    expect(await call('stafflist')).toEqual({
      ok: false,
      reason: 'rejected',
      message: 'Your roles do not allow this.',
    })
    answering(() => json(503, { error: true }))
    expect(await call('stafflist')).toEqual({ ok: false, reason: 'network' })
    answering(() => Promise.reject(new TypeError('Failed to fetch')))
    expect(await call('stafflist')).toEqual({ ok: false, reason: 'network' })
    answering(() => json(200, { staff: 'not a list' }))
    expect(await call('stafflist')).toEqual({ ok: false, reason: 'unexpected' })
  })
})
