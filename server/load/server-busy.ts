/**
 * Thrown when the server will not take on more of some work right now (a full hashing queue, a
 * client over its rate, an account whose checks are all taken): answered 429 with Retry-After.
 */
export class ServerBusy extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'Too many requests right now. Please try again in a moment.',
  ) {
    super(message)
  }
}
