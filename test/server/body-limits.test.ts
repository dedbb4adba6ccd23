import { request } from 'node:http'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bodyLimits } from '#server/load/body-limits'
import { freePort } from '../support/free-port'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * Over real HTTP: what the server reads of a body it refuses. The client counts how many bytes it
 * could push before the server answered and closed the connection.
 */
describe('request bodies over the limit (PGlite, over HTTP)', () => {
  let t: TestApp
  let server: ReturnType<typeof serve>
  let port: number
  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: false })
    port = await freePort()
    server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' })
  })
  afterAll(async () => {
    ;(server as unknown as { closeAllConnections(): void }).closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    await t.close()
  })

  /** Streams `total` bytes in 64 KB chunks; resolves with the answer and the bytes pushed. */
  function push(headers: Record<string, string>, total: number, hold = false) {
    return new Promise<{ status: number; body: string; pushed: number; closed: boolean }>(
      (resolve) => {
        let pushed = 0
        let answer: { status: number; body: string } | null = null
        let closed = false
        const outgoing = request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/users',
          headers,
        })
        const chunk = Buffer.alloc(64 * 1024, 'a')
        let done = false
        const finish = () => {
          if (!done) resolve({ ...(answer ?? { status: 0, body: '' }), pushed, closed })
          done = true
        }
        outgoing.on('response', (incoming) => {
          let body = ''
          incoming.on('data', (data) => (body += data))
          incoming.on('end', () => {
            answer = { status: incoming.statusCode ?? 0, body }
            setTimeout(finish, 200)
          })
        })
        outgoing.on('error', () => {
          closed = true
        })
        outgoing.on('close', () => {
          closed = true
          setTimeout(finish, answer ? 200 : 0)
        })
        const pump = () => {
          while (!answer && !closed && pushed < total) {
            pushed += chunk.length
            if (!outgoing.write(chunk)) return void outgoing.once('drain', pump)
          }
          if (!answer && !closed && !hold) outgoing.end()
        }
        pump()
      },
    )
  }

  it('refuses a form-encoded body above its limit by Content-Length, without reading it', async () => {
    const size = bodyLimits.formBytes + 1
    const answer = await push(
      { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(size) },
      size,
    )
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual({
      error: true,
      message: 'The request body is too large (at most 64 KB for a form without files).',
    })
  })

  it('stops reading a chunked body without Content-Length at the limit and cuts the connection', async () => {
    const total = 64 * 1024 * 1024
    const answer = await push(
      { 'content-type': 'multipart/form-data; boundary=x', 'transfer-encoding': 'chunked' },
      total,
    )
    expect(answer.status).toBe(413)
    expect(answer.closed).toBe(true)
    expect(answer.pushed).toBeLessThan(total / 2)
  })

  it('reads only a few large bodies at once and refuses more with 429', async () => {
    const slow = Array.from({ length: bodyLimits.concurrentMultipart }, () =>
      push(
        {
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(10 * 1024 * 1024),
        },
        1024 * 1024,
        true,
      ),
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    const extra = await push(
      {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(5 * 1024 * 1024),
      },
      5 * 1024 * 1024,
    )
    expect(extra.status).toBe(429)
    ;(server as unknown as { closeAllConnections(): void }).closeAllConnections()
    await Promise.allSettled(slow)
  })
})
