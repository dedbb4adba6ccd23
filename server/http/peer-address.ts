import type { Context } from 'hono'

/** The TCP peer of the request (a client, or the proxy in front), from Node's socket. */
export function peerAddressOf(c: Context): string | null {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
    ?.incoming
  return incoming?.socket?.remoteAddress ?? null
}
