import { randomBytes } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { hash, verify } from '@node-rs/argon2'
import { createHashingQueue } from './hashing-queue'

/**
 * Passcodes, PINs, passwords and one-time codes are hashed with argon2id (the library's default
 * algorithm) at OWASP's minimum cost: 19 MiB of memory, 2 passes, 1 lane.
 */
export const productionHashingCost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

/**
 * The test suite's cost (`PORTAL_HASHING_COST=test`, set by the vitest configs): the same
 * argon2id, cheap enough that thousands of sign-ins in tests take seconds. The server refuses to
 * start with it outside vitest (config.ts); a hash keeps its own cost, so either verifies.
 */
export const testHashingCost = { memoryCost: 1_024, timeCost: 1, parallelism: 1 } as const

/**
 * The cost a process with `environment` hashes at: the test suite's only when it asks for it
 * and runs under vitest (which sets VITEST in its workers and their children), so a process
 * that never reads its settings through config.ts (a script, a tool) cannot hash cheaply either.
 */
export function hashingCostFor(environment: Record<string, string | undefined>) {
  return environment.PORTAL_HASHING_COST === 'test' && environment.VITEST
    ? testHashingCost
    : productionHashingCost
}

export const hashingCost = hashingCostFor(process.env)

/** The prefix every new hash starts with, its cost included: `$argon2id$v=19$m=…,t=…,p=…$`. */
export const hashPrefix = `$argon2id$v=19$m=${hashingCost.memoryCost},t=${hashingCost.timeCost},p=${hashingCost.parallelism}$`

/**
 * The process's one queue for argon2id work; a full queue throws ServerBusy (429). At most 2
 * hashes at once, and never on every core: one stays for the event loop, which serves pages and
 * every other call (docs/decisions/021).
 */
export const hashingQueue = createHashingQueue({
  concurrency: Math.max(1, Math.min(2, availableParallelism() - 1)),
  maxQueued: 32,
})

export const hashSecret = (secret: string) => hashingQueue.run(() => hash(secret, hashingCost))

export async function verifySecret(hashed: string, secret: string): Promise<boolean> {
  return hashingQueue.run(async () => {
    try {
      return await verify(hashed, secret)
    } catch {
      return false
    }
  })
}

/**
 * Verifies against a hash of a random secret, so a request about an e-mail without an account
 * (or without a live code) costs the same argon2id work as one about a real account.
 */
let unknownSecretHash: Promise<string> | undefined
export async function spendVerifyWork(secret: string): Promise<false> {
  unknownSecretHash ??= hashSecret(randomBytes(16).toString('hex'))
  await verifySecret(await unknownSecretHash, secret)
  return false
}
