import { loggedOut } from './common-outcomes'
import type { FlowOutcomes } from './outcomes'

/** What the logout sub-flow, invoked as `logout`, ends with (see outcomes.ts). */
export const outcomes = {
  signOut: [loggedOut()],
} as const satisfies FlowOutcomes
