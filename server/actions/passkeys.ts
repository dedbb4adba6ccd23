import { isTicked } from '#api/contract/fields'
import { parseAmount } from '#api/money'
import { isCurrencyOf } from '../domain/account-currency'
import {
  addPasskey as addCustomerPasskey,
  type ConfirmingCustomer,
  type PasskeyStep,
  passkeyRegistrationOptions as passkeyCreationOptions,
  passkeySignsTransfer,
  passkeysOf,
  removePasskey as removeCustomerPasskey,
  renamePasskey as renameCustomerPasskey,
  passkeySignInOptions as signInOptions,
} from '../domain/customer-passkeys'
import { paymentShownFor } from '../domain/payment-confirmation'
import { approvedFrom, approveWithPasskey, bindingOf } from '../domain/transfer-authorization'
import type { Handler, HandlerContext } from '../rpc/handler'
import { requireSession } from '../rpc/handler'
import { loadCustomer } from '../views/customer'
import { attemptsLeftText, tooManyAttempts } from './messages'
import { authenticationAnswerOf, registrationAnswerOf } from './passkey-answers'
import { messages as transferMessages } from './transfers'

/**
 * Passkeys (issue 19 item 3, docs/decisions/081): Settings' list, add, rename and remove (each
 * change after the passcode again), login's options, and a transfer's approval.
 */
export const messages = {
  added: 'Your passkey is added. You can sign in and approve transfers with it.',
  notAdded: 'The passkey could not be checked. Please try again.',
  known: 'This passkey is added already.',
  renamed: 'Your passkey is renamed.',
  removed: 'Your passkey is removed: it signs nothing in any more.',
  notYours: 'That passkey is not one of yours any more.',
  wrongPasscode: (left: number) => `The passcode is wrong. ${attemptsLeftText(left, 15)}`,
} as const

const customerOf = ({
  session,
  clientAddress,
}: HandlerContext<
  'passkeyRegistrationOptions' | 'addPasskey' | 'renamePasskey' | 'removePasskey'
>): ConfirmingCustomer => {
  const active = requireSession(session)
  return { userId: active.userId, sessionId: active.id, clientAddress }
}

/** A refused passcode in a Settings step: its tries left, or its block. */
function passcodeRefusal(step: Extract<PasskeyStep<object>, { ok: false }>, now: Date) {
  if (step.blockedUntil)
    return {
      status: false,
      message: tooManyAttempts(step.blockedUntil, now),
      blockedUntil: step.blockedUntil.toISOString(),
    }
  return {
    status: false,
    message: messages.wrongPasscode(step.attemptsLeft ?? 0),
    attemptsLeft: step.attemptsLeft ?? 0,
  }
}

export const passkeyList: Handler<'passkeyList'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const passkeys = await passkeysOf(deps.db, userId)
  return {
    passkeys: passkeys.map((passkey) => ({
      ...passkey,
      createdAt: passkey.createdAt.toISOString(),
      lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
    })),
  }
}

export const passkeyRegistrationOptions: Handler<'passkeyRegistrationOptions'> = async (
  context,
) => {
  const step = await passkeyCreationOptions(
    context.deps,
    customerOf(context),
    context.input.passcode,
    isTicked(context.input.payment),
  )
  if (!step.ok) return passcodeRefusal(step, context.deps.now())
  return { status: true, message: 'Passcode confirmed.', options: step.options }
}

export const addPasskey: Handler<'addPasskey'> = async (context) => {
  const credential = registrationAnswerOf(context.input.credential)
  if (!credential) return { status: false, message: messages.notAdded }
  const added = await addCustomerPasskey(
    context.deps,
    { ...customerOf(context), userAgent: context.userAgent },
    { credential, name: context.input.name },
  )
  if (added.ok) return { status: true, message: messages.added }
  return { status: false, message: added.reason === 'known' ? messages.known : messages.notAdded }
}

export const renamePasskey: Handler<'renamePasskey'> = async (context) => {
  const { input, deps } = context
  const step = await renameCustomerPasskey(deps, customerOf(context), {
    id: Number(input.passkey),
    name: input.name,
    passcode: input.passcode,
  })
  if (!step.ok) return passcodeRefusal(step, deps.now())
  return step.renamed
    ? { status: true, message: messages.renamed }
    : { status: false, message: messages.notYours }
}

export const removePasskey: Handler<'removePasskey'> = async (context) => {
  const { input, deps } = context
  const step = await removeCustomerPasskey(
    deps,
    { ...customerOf(context), userAgent: context.userAgent },
    { id: Number(input.passkey), passcode: input.passcode },
  )
  if (!step.ok) return passcodeRefusal(step, deps.now())
  return step.removed
    ? { status: true, message: messages.removed }
    : { status: false, message: messages.notYours }
}

export const passkeySignInOptions: Handler<'passkeySignInOptions'> = async ({ input, deps }) => ({
  options: await signInOptions(deps, input.email),
})

/**
 * A transfer's step-up with a passkey (081): the answer must sign the challenge derived from the
 * authorisation and the binding of exactly what this request names; a payment dialog's answer
 * must also have shown this amount and payee (082).
 */
export const confirmTransferPasskey: Handler<'confirmTransferPasskey'> = async ({
  input,
  deps,
  session,
}) => {
  const { userId } = requireSession(session)
  const now = deps.now()
  const amount = parseAmount(input.amount)
  const customer = await loadCustomer(deps.db, userId)
  const credential = authenticationAnswerOf(input.credential)
  if (!amount || !isCurrencyOf(input.currency, customer.currencyCode))
    return { status: false, message: transferMessages.passkeyOtherTransfer }
  const approved = approvedFrom(input, amount, customer.currencyCode)
  const shown = paymentShownFor(
    approved,
    { accountNo: customer.account?.accountNo ?? null },
    deps.publicUrl,
  )
  const approval = await approveWithPasskey(
    deps.db,
    { userId, authorization: input.authorization, binding: bindingOf(approved) },
    async (challenge) =>
      credential
        ? passkeySignsTransfer(deps, { userId, credential, challenge, shown, now })
        : 'not-signed',
    now,
  )
  if (approval.ok) return { status: true, message: transferMessages.passkeyOk }
  switch (approval.reason) {
    case 'unknown':
      return { status: false, message: transferMessages.codeUnknown }
    case 'used':
      return { status: false, message: transferMessages.codeUsed }
    case 'not-passkey':
      return { status: false, message: transferMessages.passkeyNotNeeded }
    case 'other-transfer':
      return { status: false, message: transferMessages.passkeyOtherTransfer }
    case 'not-verified':
      return { status: false, message: transferMessages.passkeyNotVerified }
    case 'blocked':
      return { status: false, message: transferMessages.codesBlocked(approval.blockedUntil) }
  }
}
