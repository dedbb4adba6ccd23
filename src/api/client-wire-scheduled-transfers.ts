// The scheduled transfers' schemas (./contract/scheduled-transfers.ts), loaded by ./client.ts the
// first time one of their calls is made, apart from the rest of the contract (decision 088).
import * as scheduledTransfers from './contract/scheduled-transfers'

export const calls = scheduledTransfers
