import { createPin } from '../domain/transaction-pins'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'

/**
 * Creating the transaction PIN (spec sections 4 and 7, `updatepin`): a signed-in customer
 * without a PIN sets the 4-digit PIN (the contract refuses anything else with a 400). It is
 * stored as an argon2id hash. A customer who already has one is refused with `status: false`:
 * changing a PIN is `supdatepin` (current PIN first), and a forgotten one is reset by e-mail.
 * The customer is told by e-mail, like after a PIN reset (docs/decisions/006, 010).
 */

export const pinCreatedMessage = 'Your transaction PIN has been successfully created'
export const pinExistsMessage = 'You already have a transaction PIN. To change it, go to Settings.'

export const createTransferPin: Handler<'createTransferPin'> = async ({ input, deps, session }) => {
  const { userId } = requireSession(session)
  return (await createPin(deps, userId, input.pin)) === 'created'
    ? { status: true, message: pinCreatedMessage }
    : { status: false, message: pinExistsMessage }
}
