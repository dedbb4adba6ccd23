import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApiClient, requestBody } from '#api/client'
import { calls } from '#api/contract'
import { sendEarlyActions, takeEarlyAnswer } from '#api/early-calls'
import { signedInFirstCalls } from '#routes/dashboard/-shared/first-calls'

const token = 'session-token'
const options = { tokenFor: () => token }

/** fetch as a stub that answers `answer` for every request and records the bodies it got. */
function stubFetch(answer: () => Response) {
  const bodies: string[] = []
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(String(init?.body))
    return answer()
  })
  vi.stubGlobal('fetch', fetch)
  return { fetch, bodies }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

describe('early calls of the signed-in area', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    for (const { wire } of signedInFirstCalls) takeEarlyAnswer('', `action=${wire}&token=${token}`)
  })

  it('are the very requests the API client makes for the same calls', async () => {
    const { bodies } = stubFetch(() => json(200, {}))
    sendEarlyActions(
      signedInFirstCalls.map((call) => call.wire),
      token,
    )
    const clientBodies = await Promise.all(
      signedInFirstCalls.map(async ({ name }) => String(await requestBody(options, name, {}))),
    )
    expect(bodies).toEqual(clientBodies)
  })

  it('name each call by its own wire marker', () => {
    for (const { name, wire } of signedInFirstCalls) expect(calls[name].wire).toBe(wire)
  })

  it('are taken once by the client, validated by the contract, then sent as usual', async () => {
    const { fetch } = stubFetch(() => json(200, { haspin: true }))
    sendEarlyActions(['pincheck'], token)
    expect(fetch).toHaveBeenCalledTimes(1)
    const call = createApiClient(options)
    expect(await call('hasTransferPin', {})).toEqual({ ok: true, data: { hasPin: true } })
    expect(fetch).toHaveBeenCalledTimes(1)
    // The next call of the same kind is the client's own request.
    await call('hasTransferPin', {})
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('answer a refusal as the client would have read it', async () => {
    stubFetch(() => json(401, { error: true, message: 'Session expired.' }))
    sendEarlyActions(['pincheck'], token)
    const call = createApiClient(options)
    expect(await call('hasTransferPin', {})).toEqual({
      ok: false,
      reason: 'unauthorized',
      message: 'Session expired.',
    })
  })

  it('that got no answer leave the client to send its own request', async () => {
    const { fetch } = stubFetch(() => {
      throw new TypeError('network down')
    })
    sendEarlyActions(['pincheck'], token)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { haspin: false })),
    )
    const call = createApiClient(options)
    expect(await call('hasTransferPin', {})).toEqual({ ok: true, data: { hasPin: false } })
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('are not taken by another request, nor after 30 s', () => {
    stubFetch(() => json(200, { haspin: true }))
    sendEarlyActions(['pincheck'], token, 1_000)
    expect(takeEarlyAnswer('', `action=pincheck&token=other`, 1_000)).toBeUndefined()
    expect(takeEarlyAnswer('', `action=pincheck&token=${token}`, 31_001)).toBeUndefined()
  })
})
