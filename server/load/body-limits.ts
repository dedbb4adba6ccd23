import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ServerBusy } from './server-busy'

/**
 * How much of a request body the API reads. A form without files is small; only multipart bodies
 * (the uploads) may be large, and only a few of those are read at once, so memory stays bounded
 * whatever arrives. A body over its limit is refused by its Content-Length before a byte is read,
 * or, without one, as soon as the bytes read pass the limit. The rest of it is then read and
 * thrown away, within bounds, before the connection is closed, so that a client still sending
 * reads the 413 rather than a reset connection.
 * See docs/decisions/024-request-bodies-and-headers.md.
 */
export const bodyLimits = {
  formBytes: 64 * 1024,
  /** Three 5 MB files plus the form fields. */
  multipartBytes: 16 * 1024 * 1024,
  concurrentMultipart: 4,
  /**
   * What of a refused body is read and thrown away at most, and for how long; past either the
   * connection is closed. A body declaring more than `discardBytes` is not read at all.
   */
  discardBytes: 64 * 1024 * 1024,
  discardMs: 10_000,
}

const isMultipart = (contentType: string | undefined) =>
  /^multipart\/form-data\b/i.test(contentType ?? '')

const maxSizeOf = (multipart: boolean) =>
  multipart ? bodyLimits.multipartBytes : bodyLimits.formBytes

const describeLimit = (multipart: boolean) =>
  multipart
    ? `at most ${bodyLimits.multipartBytes / 1024 / 1024} MB`
    : `at most ${bodyLimits.formBytes / 1024} KB for a form without files`

/**
 * Reads the rest of a refused body and throws it away (nothing is kept), then calls `done`: at
 * its end, when the client goes, or past the discard bounds. Returns a function that stops it
 * without calling `done`.
 */
function discardRest(incoming: IncomingMessage, done: () => void): () => void {
  let discarded = 0
  const count = (chunk: Buffer) => {
    discarded += chunk.length
    if (discarded > bodyLimits.discardBytes) finish()
  }
  const stop = () => {
    clearTimeout(timer)
    incoming.off('data', count)
    incoming.off('close', finish)
  }
  const finish = () => {
    stop()
    done()
  }
  const timer = setTimeout(finish, bodyLimits.discardMs)
  // The web stream that read the start of a chunked body (hono's bodyLimit) would go on buffering
  // the rest: cut it off, as node does itself when it throws away a body nobody read.
  incoming.removeAllListeners('data')
  incoming.on('data', count)
  incoming.once('close', finish)
  incoming.resume()
  return stop
}

function refuse(c: Context, multipart: boolean) {
  const answer = {
    error: true,
    message: `The request body is too large (${describeLimit(multipart)}).`,
  }
  c.header('Connection', 'close')
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (
    !incoming ||
    incoming.complete ||
    incoming.destroyed ||
    Number(c.req.header('content-length') ?? 0) > bodyLimits.discardBytes
  )
    return c.json(answer, 413)
  // Node closes the connection once the answer has ended; were the client still sending, it
  // would see the connection reset and most clients would not read the answer. So the answer is
  // sent at once but ends only when the rest of the body has been discarded.
  const bytes = new TextEncoder().encode(JSON.stringify(answer))
  let stop = () => {}
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes)
      stop = discardRest(incoming, () => controller.close())
    },
    cancel: () => stop(),
  })
  return c.body(body, 413, {
    'Content-Type': 'application/json',
    'Content-Length': String(bytes.length),
  })
}

/**
 * Answers `Expect: 100-continue` with `100 Continue` only when the declared body is within its
 * limit: a client that waits for it then never sends a body that would be refused, and reads
 * the 413 instead. Without a `checkContinue` listener node sends `100 Continue` to everyone.
 */
export function continueWithinLimits<S extends Server>(server: S): S {
  server.on('checkContinue', (incoming: IncomingMessage, res: ServerResponse) => {
    const declared = Number(incoming.headers['content-length'] ?? 0)
    if (declared <= maxSizeOf(isMultipart(incoming.headers['content-type']))) res.writeContinue()
    server.emit('request', incoming, res)
  })
  return server
}

export function limitBodies(): MiddlewareHandler {
  let multipartReading = 0
  return async (c, next) => {
    const multipart = isMultipart(c.req.header('content-type'))
    const maxSize = maxSizeOf(multipart)
    const declared = c.req.header('content-length')
    // Node's parser holds a body to its Content-Length, so the header alone decides. Asking
    // hono's bodyLimit instead would build a web Request and stream around a form of a few
    // hundred bytes, on every API call (docs/decisions/056).
    if (!multipart && declared !== undefined && c.req.header('transfer-encoding') === undefined)
      return Number(declared) > maxSize ? refuse(c, multipart) : next()
    const check = bodyLimit({ maxSize, onError: (c) => refuse(c, multipart) })
    if (!multipart) return check(c, next)
    if (Number(declared ?? 0) > maxSize) return refuse(c, multipart)
    if (multipartReading >= bodyLimits.concurrentMultipart) {
      c.header('Connection', 'close')
      throw new ServerBusy(1)
    }
    multipartReading++
    try {
      return await check(c, next)
    } finally {
      multipartReading--
    }
  }
}
