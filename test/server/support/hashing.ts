import { hashPrefix, testHashingCost } from '#server/auth/secrets'

const escaped = (prefix: string) => new RegExp(`^${prefix.replaceAll('$', '\\$')}`)

/** An argon2id hash at the cost the server uses now (the test cost under vitest). */
export const argon2idHash = escaped(hashPrefix)

/**
 * An argon2id hash at the test suite's cost (PORTAL_HASHING_COST=test): what a server started by
 * the tests stores, in process or as a child process, when its vitest config sets the cost.
 */
export const testCostHash = escaped(
  `$argon2id$v=19$m=${testHashingCost.memoryCost},t=${testHashingCost.timeCost},p=${testHashingCost.parallelism}$`,
)
