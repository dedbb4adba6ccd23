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

/**
 * A client over its own limit (its address's buckets, not everyone's): the flood gate holds
 * such a refusal back (load/flood-gate.ts).
 */
export class ClientOverLimit extends ServerBusy {}
