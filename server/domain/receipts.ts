import { randomBytes } from 'node:crypto'

/** The receipt id of a transaction: random, unguessable, shown in links. */
export const newReceiptId = () => randomBytes(9).toString('base64url')
