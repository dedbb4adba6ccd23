import type { Socket } from 'node:net'

/**
 * The only place in the server that touches Node's private socket fields. Everything else uses
 * the public socket and server API (`socket.pause()`, `resetAndDestroy()`, `remoteAddress`, the
 * `connection` event...). Each function checks the shape it reads before it writes anything and
 * throws `NodeSocketInternalsChanged` naming the field, so a Node upgrade that moves one fails
 * loudly (here, and in test/server/node-socket-internals.test.ts) instead of quietly letting a
 * held connection be read again.
 *
 * What has no public equivalent, and who needs it: stopping node's http server from reading a
 * connection until we say so (the flood gate's held refusals, flood-gate.ts, decision 057).
 * `socket.pause()` alone does not last: node's http server resumes the socket itself whenever a
 * request has been read in full (`readStart` in `_http_common`'s `parserOnMessageComplete`, and
 * in `IncomingMessage#_read`), unless the socket is flagged `_paused`, which is how node pauses
 * a socket itself when pipelined answers pile up. So this does what node does there: flag it and
 * pause it (node's own `pause` listener on a socket its parser consumes then stops the handle),
 * and, to undo it, what node's `socketOnDrain` does: clear the flag, resume its parser (which
 * node pauses when the flag is set during a parse) and resume the socket.
 */

export class NodeSocketInternalsChanged extends Error {
  constructor(what: string, detail: string) {
    super(
      `Node changed an internal of http server sockets that the server reads: ${what} (${detail}). ` +
        'Update server/load/node-socket-internals.ts for the running Node version.',
    )
    this.name = 'NodeSocketInternalsChanged'
  }
}

/** The private fields node's http server puts on each socket it accepts (lib/_http_server.js). */
interface HttpServerSocket {
  _paused: boolean
  parser: { resume(): void } | null
}

/**
 * The socket of a request node's http server is parsing, as the fields read here; throws when
 * they are not there (set by the server's connection listener, so any socket a request came on).
 */
function httpServerSocket(socket: Socket): HttpServerSocket {
  const fields = socket as unknown as Partial<Record<keyof HttpServerSocket, unknown>>
  if (typeof fields._paused !== 'boolean')
    throw new NodeSocketInternalsChanged(
      '`_paused` of an http server socket',
      `found ${typeof fields._paused}, expected a boolean`,
    )
  const parser = fields.parser
  if (
    parser !== null &&
    (typeof parser !== 'object' || typeof (parser as { resume?: unknown }).resume !== 'function')
  )
    throw new NodeSocketInternalsChanged(
      '`parser` of an http server socket',
      'expected null or an object with resume()',
    )
  return socket as unknown as HttpServerSocket
}

/** Stops node's http server reading `socket` (the kernel holds what the client sends meanwhile). */
export function stopReading(socket: Socket): void {
  httpServerSocket(socket)._paused = true
  socket.pause()
}

/** Undoes `stopReading`: the socket is read again, and what waited in the kernel is parsed. */
export function startReading(socket: Socket): void {
  if (socket.destroyed) return
  const internals = httpServerSocket(socket)
  internals._paused = false
  internals.parser?.resume()
  socket.resume()
}
