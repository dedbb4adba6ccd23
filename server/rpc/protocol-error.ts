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
