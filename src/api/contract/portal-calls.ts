import * as account from './account'
import * as auth from './auth'
import type { CallDefinition } from './define'
import * as downloads from './downloads'
import * as funding from './funding'
import * as session from './session'
import * as transfer from './transfer'

/**
 * The calls the app's client loads with its first call (src/api/client-wire.ts): every call but
 * the security ones (./security.ts), which load in a chunk of their own when first made, so
 * the signed-in area's first load does not carry them (docs/decisions/080).
 */
export const portalCalls = {
  ...auth,
  ...account,
  ...downloads,
  ...session,
  ...funding,
  ...transfer,
} satisfies Record<string, CallDefinition>
