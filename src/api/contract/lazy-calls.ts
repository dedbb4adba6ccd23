/**
 * The calls whose schemas load in a chunk of their own the first time one of them is made,
 * apart from the contract every signed-in page loads first (src/api/client-wire.ts): the payee
 * book's (./payee-book.ts, decision 085), Insights' (./insights.ts, decision 089); the security
 * calls' are every other call outside `portalCalls` (decision 080). Names only, so the client
 * can tell without loading the chunk.
 */
export const payeeBookCallNames = [
  'payeeList',
  'addPayee',
  'editPayee',
  'removePayee',
] as const satisfies readonly (keyof typeof import('./payee-book'))[]

export const insightsCallNames = [
  'insights',
] as const satisfies readonly (keyof typeof import('./insights'))[]

/** The scheduled transfers' calls (./scheduled-transfers.ts, decision 088), loaded as the book's. */
export const scheduledTransferCallNames = [
  'scheduleTransfer',
  'scheduledTransfers',
  'skipScheduledRun',
  'cancelScheduledSeries',
] as const satisfies readonly (keyof typeof import('./scheduled-transfers'))[]
