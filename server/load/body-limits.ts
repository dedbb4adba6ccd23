import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ServerBusy } from './server-busy'

/**
 * How much of a request body the API reads. A form without files is small; only multipart bodies
 * (the uploads) may be large, and only a few of those are read at once, so memory stays bounded
 * whatever arrives. A body over its limit is refused by its Content-Length before a byte is read,
 * or, without one, as soon as the bytes read pass the limit; either way the connection is closed
 * so the rest is never read. See docs/decisions/024-request-bodies-and-headers.md.
 */
export const bodyLimits = {
  formBytes: 64 * 1024,
  /** Three 5 MB files plus the form fields. */
  multipartBytes: 16 * 1024 * 1024,
  concurrentMultipart: 4,
}

const describeLimit = (multipart: boolean) =>
  multipart
    ? `at most ${bodyLimits.multipartBytes / 1024 / 1024} MB`
    : `at most ${bodyLimits.formBytes / 1024} KB for a form without files`

function refuse(c: Context, multipart: boolean) {
  c.header('Connection', 'close')
  return c.json(
    { error: true, message: `The request body is too large (${describeLimit(multipart)}).` },
    413,
  )
}

export function limitBodies(): MiddlewareHandler {
  let multipartReading = 0
  return async (c, next) => {
    const multipart = /^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')
    const maxSize = multipart ? bodyLimits.multipartBytes : bodyLimits.formBytes
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
