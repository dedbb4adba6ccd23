import { type CallResponse, calls } from '#api/contract'
import { isTicked } from '#api/contract/fields'
import { fromWire, toWire } from '#api/contract/wire-fields'
import { parseAmount, toDecimalString } from '#api/money'
import { checkPinLimited } from '../auth/secret-lockouts'
import { isCurrencyOf } from '../domain/account-currency'
import { serviceChargeBasisPoints } from '../domain/bank-configuration'
import { hasPasskey, transferApprovalOptions } from '../domain/customer-passkeys'
import { fingerprintOf } from '../domain/idempotency'
import { payeeKeyOf, payeesOf } from '../domain/payees'
import { paymentShownFor } from '../domain/payment-confirmation'
import {
  approvedFrom,
  authorizeTransfer,
  bindingOf,
  checkStepUpCode,
  transferCodesBlockedUntil,
} from '../domain/transfer-authorization'
import { submitTransfer as submitHeldTransfer } from '../domain/transfers'
import type { Handler, HandlerContext } from '../rpc/handler'
import { requireSession } from '../rpc/handler'
import { loadCustomer, transactionsOf } from '../views/customer'

/**
 * Transfers (spec sections 4, 7, 9; docs/decisions/031-transfer-authorisation.md): the form
 * reads, the PIN, the step-up code and the submission.
 */

export const messages = {
  badAmount: 'Enter an amount greater than 0.',
  noPin: 'Create your transaction PIN first.',
  wrongPin: (left: number) =>
    `Incorrect PIN. ${left} ${left === 1 ? 'try' : 'tries'} left before transfers are blocked.`,
  blocked: (until: Date) =>
    `Too many incorrect PINs. Transfers are blocked until ${timeOf(until)} UTC; try again then, or reset your PIN from Settings.`,
  codesBlocked: (until: Date) =>
    `Too many incorrect authorization codes. Transfers are blocked until ${timeOf(until)} UTC; try again then.`,
  codeMailLimit: (until: Date) =>
    `We have already e-mailed you several authorization codes. Please use the latest one, or start this transfer again after ${timeOf(until)} UTC.`,
  otherCurrency: (code: string) =>
    `Your account is in ${code}: a transfer from it can only be in ${code}.`,
  accountBlocked: 'Your account is on hold, so no money can leave it. Please contact us.',
  pinOk: 'PIN confirmed.',
  stepUpHead: 'Transfer Authorization Code',
  stepUpBody: (reason: 'amount' | 'new-payee') =>
    `${reason === 'amount' ? 'This amount is above your plan’s limit' : 'This is a new payee'}, so we have e-mailed you a 6-digit Transfer Authorization Code for this amount and payee. Enter it to continue; it is valid for 10 minutes.`,
  passkeyHead: 'Approve with your passkey',
  passkeyBody: (reason: 'amount' | 'new-payee') =>
    `${reason === 'amount' ? 'This amount is above your plan’s limit' : 'This is a new payee'}, so approve this transfer with your passkey. It approves this amount and payee only.`,
  passkeyOk: 'Transfer approved with your passkey.',
  passkeyNotVerified:
    'Your passkey did not approve this transfer. Try again, or start the transfer again.',
  passkeyOtherTransfer:
    'This approval is for a different amount or payee. Start the transfer again to approve what you see.',
  passkeyNotNeeded: 'This transfer is not approved with a passkey.',
  codeOk: 'Transfer authorised.',
  codeUnknown: 'This authorization has expired or does not exist. Please start the transfer again.',
  codeUsed: 'This code has already been used.',
  codeNotNeeded: 'This transfer needs no authorization code.',
  codeDead: 'This code has expired or was tried too often. Please start the transfer again.',
  codeOtherTransfer: (left: number) =>
    `This code was sent for a different amount or payee. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
  codeWrong: (left: number) => `Incorrect code. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
  notAuthorized:
    'This transfer is not authorised: confirm it with your PIN (and the e-mailed code when asked) for this amount and payee.',
  insufficient: 'Insufficient balance',
  keyReused: 'This submission key was already used for a different request. Please start again.',
  submitted: 'Transfer Submitted',
} as const

const timeOf = (date: Date) => date.toISOString().slice(11, 16)

type TransferAnswer = CallResponse<'submitTransfer'>

/**
 * A submission is kept under its idempotency key by the wire's field names, as the rows kept
 * before the names inside became readable were (docs/decisions/071): their fingerprints still
 * match a retry, and their answers still read back.
 */
const { request: submitRequest, response: submitResponse } = calls.submitTransfer
const keptAnswer = (answer: TransferAnswer) => toWire(submitResponse, answer)
const answerKept = (kept: unknown) => fromWire(submitResponse, kept) as TransferAnswer

export const transferList: Handler<'transferList'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const customer = await loadCustomer(deps.db, userId)
  const [sent, payees] = await Promise.all([
    transactionsOf(deps.db, userId, { type: 'Bank Transfer' }),
    payeesOf(deps.db, userId),
  ])
  return { transactions: sent, payees, currency: customer.currency }
}

export const transferCharge: Handler<'transferCharge'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const [customer, basisPoints] = await Promise.all([
    loadCustomer(deps.db, userId),
    serviceChargeBasisPoints(deps.db),
  ])
  return {
    percent: { percent: basisPoints / 100 },
    balances: { available: toDecimalString(customer.available) },
    currency: customer.currency,
  }
}

export const confirmTransferPin: Handler<'confirmTransferPin'> = async ({
  input,
  deps,
  session,
}) => {
  const { userId } = requireSession(session)
  const amount = parseAmount(input.amount)
  if (!amount) return { status: false, message: messages.badAmount, stepUp: null }
  const customer = await loadCustomer(deps.db, userId)
  if (!isCurrencyOf(input.currency, customer.currencyCode))
    return {
      status: false,
      message: messages.otherCurrency(customer.currencyCode),
      stepUp: null,
    }
  const now = deps.now()
  const codesBlocked = await transferCodesBlockedUntil(deps.db, userId, now)
  if (codesBlocked)
    return {
      status: false,
      message: messages.codesBlocked(codesBlocked),
      stepUp: null,
      blockedUntil: codesBlocked.toISOString(),
    }
  const pin = await checkPinLimited(deps.db, userId, input.pin, now)
  if (!pin.ok) {
    if (pin.reason === 'no-pin') return { status: false, message: messages.noPin, stepUp: null }
    const blockedUntil = pin.blockedUntil
    if (pin.reason === 'blocked' || blockedUntil)
      return {
        status: false,
        message: messages.blocked(blockedUntil as Date),
        stepUp: null,
        blockedUntil: (blockedUntil as Date).toISOString(),
        ...(pin.reason === 'wrong' ? { triesLeft: 0 } : {}),
      }
    return {
      status: false,
      message: messages.wrongPin(pin.triesLeft),
      stepUp: null,
      triesLeft: pin.triesLeft,
    }
  }
  const approved = approvedFrom(input, amount, customer.currencyCode)
  const binding = bindingOf(approved)
  const authorization = await authorizeTransfer(
    deps.db,
    {
      userId,
      amount,
      payeeKey: payeeKeyOf(input),
      binding,
      payeeLabel: `${input.accountHolderName} (account ${input.accountNumber}, ${input.bank})`,
      currencySymbol: customer.currency,
      passkeyHolder: await hasPasskey(deps.db, userId),
    },
    now,
  )
  if ('mailLimitUntil' in authorization)
    return {
      status: false,
      message: messages.codeMailLimit(authorization.mailLimitUntil),
      stepUp: null,
    }
  if (authorization.stepUp && authorization.method === 'passkey') {
    const approval = await transferApprovalOptions(deps, {
      userId,
      authorization: authorization.id,
      binding,
      shown: paymentShownFor(
        approved,
        { accountNo: customer.account?.accountNo ?? null },
        deps.publicUrl,
      ),
    })
    return {
      status: true,
      message: messages.pinOk,
      stepUp: { head: messages.passkeyHead, body: messages.passkeyBody(authorization.stepUp) },
      authorization: authorization.id,
      passkey: approval.options,
      ...(approval.payment ? { payment: approval.payment } : {}),
    }
  }
  if (authorization.stepUp) deps.mailQueued()
  return {
    status: true,
    message: messages.pinOk,
    stepUp: authorization.stepUp
      ? { head: messages.stepUpHead, body: messages.stepUpBody(authorization.stepUp) }
      : null,
    authorization: authorization.id,
  }
}

export const confirmTransferCode: Handler<'confirmTransferCode'> = async ({
  input,
  deps,
  session,
}) => {
  const { userId } = requireSession(session)
  const amount = parseAmount(input.amount) ?? -1
  const checked = await checkStepUpCode(
    deps.db,
    {
      userId,
      authorization: input.authorization,
      amount,
      payeeKey: payeeKeyOf(input),
      code: input.pin,
    },
    deps.now(),
  )
  if (checked.ok) return { status: true, message: messages.codeOk }
  switch (checked.reason) {
    case 'unknown':
      return { status: false, message: messages.codeUnknown }
    case 'used':
      return { status: false, message: messages.codeUsed }
    case 'not-needed':
      return { status: false, message: messages.codeNotNeeded }
    case 'dead-code':
      return { status: false, message: messages.codeDead, triesLeft: 0 }
    case 'other-transfer':
      return {
        status: false,
        message: messages.codeOtherTransfer(checked.triesLeft),
        triesLeft: checked.triesLeft,
      }
    case 'wrong':
      return {
        status: false,
        message: messages.codeWrong(checked.triesLeft),
        triesLeft: checked.triesLeft,
      }
    case 'blocked':
      return { status: false, message: messages.codesBlocked(checked.blockedUntil), triesLeft: 0 }
  }
}

/**
 * What `newtrs` hands the ledger for a valid amount: the claim of its key, the order, the
 * answers to keep and the options (the bench's raw-statement anchor builds its calls with it).
 */
export function transferSubmission(
  input: HandlerContext<'submitTransfer'>['input'],
  userId: number,
  amount: number,
  now: Date,
) {
  const { idempotencyKey: key, ...fields } = input
  const fingerprint = fingerprintOf('newtrs', toWire(submitRequest, fields))
  return {
    // Stored with its wire marker, as the rows already kept are (idempotent_submissions.call).
    claim: { userId, key, call: 'newtrs', fingerprint },
    order: {
      ...approvedFrom(input, amount, input.currency),
      userId,
      authorization: input.authorization,
      payeeKey: payeeKeyOf(input),
      note: input.note,
    },
    answers: {
      notAuthorized: keptAnswer({ icon: 'error', message: messages.notAuthorized }),
      insufficient: keptAnswer({ icon: 'error', message: messages.insufficient }),
      blocked: keptAnswer({ icon: 'error', message: messages.accountBlocked }),
      otherCurrency: (code: string) =>
        keptAnswer({ icon: 'error', message: messages.otherCurrency(code) }),
      held: ({ currencySymbol: currency }: { currencySymbol: string }) =>
        keptAnswer({
          icon: 'success',
          message: messages.submitted,
          extra: input.extra,
          notifications: [
            {
              title: messages.submitted,
              body: `Your transfer of ${currency}${toDecimalString(amount)} to ${input.accountHolderName} is in progress.`,
            },
          ],
          bank: input.bank,
          accountHolderName: input.accountHolderName,
          amount: toDecimalString(amount),
          currency,
          date: now.toISOString(),
        }),
    },
    options: { savePayee: isTicked(input.savePayee) },
  }
}

export const submitTransfer: Handler<'submitTransfer'> = async ({ input, deps, session }) => {
  const { userId } = requireSession(session)
  const amount = parseAmount(input.amount)
  if (!amount) return { icon: 'error', message: messages.badAmount }
  const now = deps.now()
  const { claim, order, answers, options } = transferSubmission(input, userId, amount, now)
  const submission = await submitHeldTransfer(deps.db, claim, order, now, answers, options)
  if (submission.outcome === 'other-fields') return { icon: 'error', message: messages.keyReused }
  return answerKept(submission.answer)
}
