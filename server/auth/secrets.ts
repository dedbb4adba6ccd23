import { hash, verify } from '@node-rs/argon2'

/**
 * Passcodes, PINs, passwords and one-time codes are hashed with argon2id (the library's default
 * algorithm) at OWASP's minimum cost: 19 MiB of memory, 2 passes, 1 lane.
 */
const cost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const hashSecret = (secret: string) => hash(secret, cost)

export async function verifySecret(hashed: string, secret: string): Promise<boolean> {
  try {
    return await verify(hashed, secret)
  } catch {
    return false
  }
}
