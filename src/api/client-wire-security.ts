// The security calls' schemas (./contract/security.ts: remembered devices, sessions, passkeys,
// the security log), loaded by ./client.ts the first time one of them is made, apart from the
// rest of the contract that every signed-in page loads first (docs/decisions/080).
import * as security from './contract/security'

export const calls = security
