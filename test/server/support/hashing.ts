import { hashPrefix } from '#server/auth/secrets'

/** An argon2id hash at the cost the server uses now (the test cost under vitest). */
export const argon2idHash = new RegExp(`^${hashPrefix.replaceAll('$', '\\$')}`)
