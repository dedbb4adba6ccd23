import { request, type Server } from 'node:http'
import { connect } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bodyLimits, continueWithinLimits } from '#server/load/body-limits'
import { freePort } from '../support/free-port'
import { startTestApp, type TestApp } from './support/test-app'

/**
 * Over real HTTP: what the server reads of a body it refuses, and that a client still sending
 * the body reads the refusal rather than a reset connection.
 */
describe('request bodies over the limit (PGlite, over HTTP)', () => {
  let t: TestApp
  let server: Server
  let port: number
  beforeAll(async () => {
    t = await startTestApp('pglite', { seed: false })
    port = await freePort()
    server = continueWithinLimits(
      serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1' }) as Server,
    )
  })
  afterAll(async () => {
    server.closeAllConnections()
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

  /** A 64 KB piece of a body, framed as a chunk of a chunked one or not. */
  const piece = (chunked: boolean) => {
    const data = Buffer.alloc(64 * 1024, 'a')
    return chunked ? Buffer.concat([Buffer.from('10000\r\n'), data, Buffer.from('\r\n')]) : data
  }

  /**
   * A client that writes its whole request (`total` bytes, in 64 KB pieces) before it reads
   * anything, as many do: when the server closes while it is still writing, it sees the
   * connection reset and never reads the answer.
   */
  function sendWhole(headers: Record<string, string>, total: number) {
    return new Promise<{ status: number; body: string } | { failed: string }>((resolve) => {
      const chunked = headers['transfer-encoding'] === 'chunked'
      const head = Object.entries({ host: 'x', ...headers })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')
      const socket = connect(port, '127.0.0.1')
      socket.pause()
      socket.on('error', (error) => resolve({ failed: (error as { code?: string }).code ?? '' }))
      socket.write(`POST /api/users HTTP/1.1\r\n${head}\r\n`)
      const frame = piece(chunked)
      let sent = 0
      const pump = () => {
        while (sent < total) {
          sent += 64 * 1024
          if (!socket.write(frame)) return void socket.once('drain', pump)
        }
        socket.write(chunked ? '0\r\n\r\n' : '', () => {
          let answer = ''
          socket.on('data', (part) => (answer += part))
          socket.on('end', () => {
            const status = Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1])
            resolve({ status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4) })
          })
          socket.resume()
        })
      }
      pump()
    })
  }

  /**
   * A raw connection that sends `head` and then 64 KB chunks of a chunked body, as long as the
   * server reads them or up to `stallAfter` bytes, without looking at the answer; resolves when
   * the server closes.
   */
  function flood(head: string, stallAfter = Number.POSITIVE_INFINITY) {
    return new Promise<{ answer: string; pushed: number }>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      const frame = piece(true)
      let answer = ''
      let pushed = 0
      socket.on('data', (data) => (answer += data))
      socket.on('error', () => {})
      socket.on('close', () => resolve({ answer, pushed }))
      socket.write(head)
      const pump = () => {
        while (!socket.destroyed && pushed < stallAfter) {
          pushed += frame.length
          if (!socket.write(frame)) return void socket.once('drain', pump)
        }
      }
      pump()
    })
  }

  const formTooLarge = {
    error: true,
    message: 'The request body is too large (at most 64 KB for a form without files).',
  }
  const uploadTooLarge = { error: true, message: 'The request body is too large (at most 16 MB).' }

  it('refuses a form-encoded body above its limit by Content-Length, without reading it', async () => {
    const size = bodyLimits.formBytes + 1
    const answer = await push(
      { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(size) },
      size,
    )
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual(formTooLarge)
  })

  it('answers clients that send their whole body first with the 413, not a reset connection', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    // More than a loopback connection buffers (Linux lets a send buffer grow to 4 MB), so each
    // client is still writing when the answer comes.
    const size = 6 * 1024 * 1024
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        sendWhole(
          i % 2 === 0
            ? { ...form, 'content-length': String(size) }
            : { ...form, 'transfer-encoding': 'chunked' },
          size,
        ),
      ),
    )
    const failed = answers.filter((answer) => 'failed' in answer)
    expect(failed).toEqual([])
    for (const answer of answers)
      expect(answer).toEqual({ status: 413, body: JSON.stringify(formTooLarge) })
  })

  it('answers an upload over its limit with the 413 once it has been sent in full', async () => {
    const size = bodyLimits.multipartBytes + 4 * 1024 * 1024
    const multipart = { 'content-type': 'multipart/form-data; boundary=x' }
    const answers = await Promise.all([
      sendWhole({ ...multipart, 'content-length': String(size) }, size),
      sendWhole({ ...multipart, 'transfer-encoding': 'chunked' }, size),
    ])
    for (const answer of answers)
      expect(answer).toEqual({ status: 413, body: JSON.stringify(uploadTooLarge) })
  })

  it('answers `Expect: 100-continue` with an oversized Content-Length without asking for the body', async () => {
    const answer = await new Promise<{ status: number; body: string; continued: boolean }>(
      (resolve) => {
        let continued = false
        const outgoing = request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/users',
          headers: {
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(bodyLimits.multipartBytes + 1),
            expect: '100-continue',
          },
        })
        outgoing.on('continue', () => {
          continued = true
          outgoing.destroy()
        })
        outgoing.on('error', () => {})
        outgoing.on('response', (incoming) => {
          let body = ''
          incoming.on('data', (data) => (body += data))
          incoming.on('end', () => {
            resolve({ status: incoming.statusCode ?? 0, body, continued })
            outgoing.destroy()
          })
        })
        outgoing.flushHeaders()
      },
    )
    expect(answer.continued).toBe(false)
    expect(answer.status).toBe(413)
    expect(JSON.parse(answer.body)).toEqual(uploadTooLarge)
  })

  it('asks for a body within the limit with `100 Continue`, and reads it', async () => {
    const form = 'action=no-such-action'
    const answer = await new Promise<{ status: number; body: string; continued: boolean }>(
      (resolve) => {
        let continued = false
        const outgoing = request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/users',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': String(form.length),
            expect: '100-continue',
          },
        })
        outgoing.on('continue', () => {
          continued = true
          outgoing.end(form)
        })
        outgoing.on('response', (incoming) => {
          let body = ''
          incoming.on('data', (data) => (body += data))
          incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body, continued }))
        })
        outgoing.flushHeaders()
      },
    )
    expect(answer.continued).toBe(true)
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body).message).toBe("Unknown action 'no-such-action'.")
  })

  it('discards at most a bounded amount of an endless chunked body, then cuts the connection', async () => {
    const { answer, pushed } = await flood(
      'POST /api/users HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\n' +
        'Transfer-Encoding: chunked\r\n\r\n',
    )
    expect(answer).toMatch(/^HTTP\/1\.1 413 /)
    expect(answer).toMatch(/\r\nconnection: close\r\n/i)
    // The server read up to the limit, then threw away up to discardBytes more; the client
    // pushed that and what the socket buffers on both sides held.
    const read = bodyLimits.multipartBytes + bodyLimits.discardBytes
    expect(pushed).toBeGreaterThan(read)
    expect(pushed).toBeLessThan(read + 16 * 1024 * 1024)
  })

  it('closes a connection whose body stalls after the refusal once its time is up', async () => {
    const discardMs = bodyLimits.discardMs
    bodyLimits.discardMs = 300
    try {
      const started = performance.now()
      const { answer } = await flood(
        'POST /api/users HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
          'Transfer-Encoding: chunked\r\n\r\n',
        256 * 1024,
      )
      expect(answer).toMatch(/^HTTP\/1\.1 413 /)
      expect(performance.now() - started).toBeGreaterThanOrEqual(300)
    } finally {
      bodyLimits.discardMs = discardMs
    }
  })

  it('does not read a body at all when its Content-Length is beyond what it would discard', async () => {
    const { answer, pushed } = await flood(
      'POST /api/users HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\n' +
        `Content-Length: ${bodyLimits.discardBytes + 1}\r\n\r\n`,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 413 /)
    expect(pushed).toBeLessThan(16 * 1024 * 1024)
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
    server.closeAllConnections()
    await Promise.allSettled(slow)
  })
})
