// The payee book's schemas (./contract/payee-book.ts), loaded by ./client.ts the first time one
// of its calls is made, apart from the rest of the contract that every signed-in page loads
// first (docs/decisions/085).
import * as payeeBook from './contract/payee-book'

export const calls = payeeBook
