import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** A request the protocol refuses: answered with `status` and `{ error: true, message }`. */
export class ProtocolError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
  ) {
    super(message)
  }
}

/** The 401 answer to a missing, expired, revoked or wrong-kind token. */
export const sessionEnded = 'Your session has ended. Please log in again.'
