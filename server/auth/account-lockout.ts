/**
 * Per-account lockout: 5 wrong passcodes, each less than 15 minutes after the one before, block
 * every login, the right passcode included, for 15 minutes. See docs/decisions/007 and 020.
 */
export const accountLockout = { maxFailures: 5, blockMs: 15 * 60_000 } as const
