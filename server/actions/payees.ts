import {
  addPayee as addToBook,
  type BookOwner,
  editPayee as changeInBook,
  type PayeeAccount,
  type PayeeChange,
  payeeBook,
  payeeBookLimit,
  removePayee as removeFromBook,
} from '../domain/payees'
import { rowIdOf } from '../domain/row-ids'
import type { Handler, HandlerContext } from '../rpc/handler'
import { requireSession } from '../rpc/handler'
import { loadCustomer } from '../views/customer'

/** The payee book (issue 20, docs/decisions/085): its list and its changes. */
export const messages = {
  added: (name: string) =>
    `${name} is in your payees. As for any new payee, your first transfer to them may ask for an extra confirmation.`,
  renamed: (name: string) => `${name} is saved.`,
  detailsChanged: (name: string) =>
    `${name} is saved. As the account details changed, your next transfer to them counts as one to a new payee and may ask for an extra confirmation.`,
  removed: (name: string) =>
    `${name} is removed from your payees. Your past transfers and receipts do not change.`,
  duplicate: (name: string) =>
    name === ''
      ? 'This SWIFT/BIC and account number is already in your payees.'
      : `This SWIFT/BIC and account number is already in your payees, as ${name}.`,
  full: `Your payees are full (${payeeBookLimit}). Remove one you no longer pay to add another.`,
  missing: 'This payee is not in your payees any more. The list is shown again.',
} as const

type Changing = HandlerContext<'addPayee' | 'editPayee' | 'removePayee'>

const ownerOf = ({ session, userAgent, clientAddress }: Changing): BookOwner => ({
  userId: requireSession(session).userId,
  userAgent,
  clientAddress,
})

const accountOf = (input: PayeeAccount): PayeeAccount => ({
  bank: input.bank,
  swiftCode: input.swiftCode,
  routingNumber: input.routingNumber,
  country: input.country,
  accountNumber: input.accountNumber,
  accountHolderName: input.accountHolderName,
})

/** An empty nickname is none. */
const nicknameOf = (typed: string) => (typed === '' ? null : typed)

function answerOf(change: PayeeChange, saved: (detailsChanged: boolean) => string) {
  if (change.ok) return { status: true, message: saved(change.detailsChanged), id: change.id }
  if (change.reason === 'duplicate')
    return { status: false, message: messages.duplicate(change.existing) }
  return { status: false, message: messages[change.reason] }
}

export const payeeList: Handler<'payeeList'> = async ({ input, deps, session }) => {
  const { userId } = requireSession(session)
  return { payees: await payeeBook(deps.db, userId, input.search), limit: payeeBookLimit }
}

export const addPayee: Handler<'addPayee'> = async (context) => {
  const { input, deps } = context
  const owner = ownerOf(context)
  const customer = await loadCustomer(deps.db, owner.userId)
  const nickname = nicknameOf(input.nickname)
  const change = await addToBook(
    deps.db,
    owner,
    { payee: accountOf(input), nickname, currency: customer.currencyCode },
    deps.now(),
  )
  return answerOf(change, () => messages.added(nickname ?? input.accountHolderName))
}

export const editPayee: Handler<'editPayee'> = async (context) => {
  const { input, deps } = context
  const nickname = nicknameOf(input.nickname)
  const id = rowIdOf(input.payee)
  if (id === null) return { status: false, message: messages.missing }
  const change = await changeInBook(
    deps.db,
    ownerOf(context),
    { id, payee: accountOf(input), nickname },
    deps.now(),
  )
  const name = nickname ?? input.accountHolderName
  return answerOf(change, (detailsChanged) =>
    detailsChanged ? messages.detailsChanged(name) : messages.renamed(name),
  )
}

export const removePayee: Handler<'removePayee'> = async (context) => {
  const { input, deps } = context
  const id = rowIdOf(input.payee)
  const removed =
    id === null ? null : await removeFromBook(deps.db, ownerOf(context), id, deps.now())
  return removed
    ? { status: true, message: messages.removed(removed.name) }
    : { status: false, message: messages.missing }
}
