import { createHash } from 'node:crypto'
import { canonicalHash, isTransactionHash, transactionHashFormats } from '#api/chain-rules'
import type { CallResponse } from '#api/contract'
import { formatMoney, parseAmount, toDecimalString } from '#api/money'
import type { ActiveSession } from '../auth/sessions'
import type { Queryable } from '../db/database'
import { violatedUniqueIndex } from '../db/errors'
import type { AppDeps } from '../deps'
import { isOnHold } from '../domain/account-notices'
import {
  isPaymentPurpose,
  offeredCoin,
  offeredCoins,
  offeredPlan,
  offeredPlans,
  type PlanKind,
  paymentPurposeNames,
} from '../domain/funding-choices'
import {
  claimedHashIndex,
  createRequest,
  type FundingKind,
  hashClaimed,
  requestsOf,
} from '../domain/funding-requests'
import { fingerprintOf, submitOnce } from '../domain/idempotency'
import type { Handler } from '../rpc/handler'
import { requireSession } from '../rpc/handler'
import { type CheckedUpload, RejectedUpload } from '../storage/uploads'
import { loadCustomer } from '../views/customer'

/**
 * The proof-of-payment forms (deposit, payment, fixed deposit, upgrade): what each form offers,
 * and the pending requests they create (docs/decisions/032).
 */
export const fundingMessages = {
  submitted: 'Your request was received. It is pending until we have checked your payment.',
  badAmount: 'Enter an amount greater than 0.',
  unknownCoin: 'Please choose a coin type from the list.',
  unknownPurpose: 'Please choose a purpose from the list.',
  unknownPlan: 'Please choose a plan from the list.',
  samePlan: 'Your account is already on this plan.',
  wrongPrice: (plan: string, price: string) =>
    `${plan} costs ${price}: please send exactly that amount.`,
  keyReused: 'This submission key was already used for a different request. Please start again.',
  onHold: 'Your account is on hold, so we cannot take new requests. Please contact us.',
  proof: (reason: string) => `The proof of payment was not accepted: ${reason}`,
  hashFormat: (coin: string, says: string) =>
    `The transaction hash of a ${coin} payment is ${says}. Please copy it from your wallet again.`,
  hashClaimed:
    'This payment has already been sent to us with another request: each payment on the chain counts once.',
} as const

async function coinChoices(db: Queryable, userId: number, kind: FundingKind) {
  const [coins, requests, customer] = await Promise.all([
    offeredCoins(db),
    requestsOf(db, userId, kind),
    loadCustomer(db, userId),
  ])
  return {
    names: coins.map((coin) => coin.name),
    addresses: coins.map((coin) => ({
      type: coin.name,
      address: coin.address,
      network: coin.network,
      hashFormat: coin.hashFormat,
    })),
    addresses2: Object.fromEntries(coins.map((coin) => [coin.name, coin.address])),
    transactions: requests.map((request) => ({
      type: request.coinType,
      amount: toDecimalString(request.amount),
      status: request.status,
      createdAt: request.createdAt.toISOString(),
      purpose: request.purpose,
      plan: request.plan,
    })),
    currency: customer.currency,
  }
}

/**
 * The plans of a form as the bank set them: a fixed deposit's term and rate; an upgrade's price
 * and the step-up limit it brings (`step_up_limits`, what a plan changes: 031); either's line
 * of description.
 */
async function plansOf(db: Queryable, kind: PlanKind) {
  const rows = await offeredPlans(db, kind)
  return rows.map(({ plan, stepUpLimit }) => ({
    planName: plan.planName,
    ...(plan.termDays !== null ? { termDays: plan.termDays } : {}),
    ...(plan.rateBasisPoints !== null ? { ratePercent: plan.rateBasisPoints / 100 } : {}),
    ...(plan.price !== null ? { price: toDecimalString(plan.price) } : {}),
    ...(plan.description ? { description: plan.description } : {}),
    ...(kind === 'upgrade' && stepUpLimit !== null
      ? { stepUpLimit: toDecimalString(stepUpLimit) }
      : {}),
  }))
}

export const cryptoDepositForm: Handler<'cryptoDepositForm'> = async ({ deps, session }) =>
  coinChoices(deps.db, requireSession(session).userId, 'deposit')

export const paymentForm: Handler<'paymentForm'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const [choices, purposes] = await Promise.all([
    coinChoices(deps.db, userId, 'payment'),
    paymentPurposeNames(deps.db),
  ])
  return { ...choices, purposes: purposes.map(({ name }) => ({ purposeName: name })) }
}

export const fixedDepositForm: Handler<'fixedDepositForm'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const [choices, offered] = await Promise.all([
    coinChoices(deps.db, userId, 'fixed_deposit'),
    plansOf(deps.db, 'fixed_deposit'),
  ])
  return { ...choices, plans: offered }
}

export const upgradeForm: Handler<'upgradeForm'> = async ({ deps, session }) => {
  const { userId } = requireSession(session)
  const [choices, offered] = await Promise.all([
    coinChoices(deps.db, userId, 'upgrade'),
    plansOf(deps.db, 'upgrade'),
  ])
  return { ...choices, plans: offered }
}

type Answer = CallResponse<'submitCryptoDeposit'>

interface Submitted {
  userId: number
  kind: FundingKind
  key: string
  coinType: string
  amount: string
  /** As typed; checked against the coin's format, kept canonical. */
  txHash: string
  file: File
  purpose?: string
  plan?: string
}

/** Checks the choices and the proof's bytes, then stores the pending request once per key. */
async function submitRequest(deps: AppDeps, submitted: Submitted): Promise<Answer> {
  const { db } = deps
  const amount = parseAmount(submitted.amount)
  if (!amount) return { icon: 'error', message: fundingMessages.badAmount }
  const coin = await offeredCoin(db, submitted.coinType)
  if (!coin) return { icon: 'error', message: fundingMessages.unknownCoin }
  if (!isTransactionHash(submitted.txHash, coin.hashFormat))
    return {
      icon: 'error',
      message: fundingMessages.hashFormat(
        submitted.coinType,
        transactionHashFormats[coin.hashFormat].says,
      ),
    }
  const txHash = canonicalHash(submitted.txHash)
  if (submitted.purpose !== undefined && !(await isPaymentPurpose(db, submitted.purpose)))
    return { icon: 'error', message: fundingMessages.unknownPurpose }
  if (submitted.plan !== undefined) {
    const kind = submitted.kind === 'upgrade' ? 'upgrade' : 'fixed_deposit'
    const plan = await offeredPlan(db, kind, submitted.plan)
    if (!plan) return { icon: 'error', message: fundingMessages.unknownPlan }
    if (kind === 'upgrade') {
      const customer = await loadCustomer(db, submitted.userId)
      if (customer.user.currentPlan === submitted.plan)
        return { icon: 'error', message: fundingMessages.samePlan }
      const { price } = plan
      if (price !== null && price !== amount)
        return {
          icon: 'error',
          message: fundingMessages.wrongPrice(
            submitted.plan,
            formatMoney(price, customer.currency),
          ),
        }
    }
  }
  let proof: CheckedUpload
  try {
    proof = await deps.uploads.check(submitted.file, 'payment_proof')
  } catch (error) {
    if (error instanceof RejectedUpload)
      return { icon: 'error', message: fundingMessages.proof(error.message) }
    throw error
  }
  const fingerprint = fingerprintOf(submitted.kind, {
    coinType: submitted.coinType,
    amount,
    purpose: submitted.purpose ?? null,
    plan: submitted.plan ?? null,
    txHash,
    proof: sha256(proof.bytes),
  })
  // The proof is kept inside the transaction that files the request, or not at all: a kill -9
  // leaves both or neither, and a replayed key keeps nothing (docs/decisions/107).
  const now = deps.now()
  const filed = async (): Promise<Answer> => {
    const submission = await submitOnce<Answer>(
      db,
      { userId: submitted.userId, key: submitted.key, call: submitted.kind, fingerprint },
      async (tx) => {
        if (await isOnHold(tx, submitted.userId))
          return { answer: { icon: 'error', message: fundingMessages.onHold }, keep: false }
        // One payment, one request: a retry under the same key never gets here (its answer is
        // kept), so a claimed hash is another request's.
        if (await hashClaimed(tx, submitted.coinType, txHash))
          return { answer: { icon: 'error', message: fundingMessages.hashClaimed }, keep: false }
        await createRequest(
          tx,
          deps.uploads,
          {
            userId: submitted.userId,
            kind: submitted.kind,
            coinType: submitted.coinType,
            amount,
            purpose: submitted.purpose,
            plan: submitted.plan,
            txHash,
            proof,
          },
          now,
        )
        return { answer: { icon: 'success', message: fundingMessages.submitted }, keep: true }
      },
    )
    if (submission.outcome === 'other-fields')
      return { icon: 'error', message: fundingMessages.keyReused }
    return submission.answer
  }
  return filed().catch((error: unknown): Answer => {
    // Two requests with one payment at once: the second waited on the unique index.
    if (violatedUniqueIndex(error) === claimedHashIndex)
      return { icon: 'error', message: fundingMessages.hashClaimed }
    throw error
  })
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** The fields every request form sends; purpose and plan only where the form has them. */
interface RequestInput {
  type: string
  amount: string
  txHash: string
  idempotencyKey: string
  purpose?: string
  plan?: string
}

/** One handler per form: which kind of request it makes and which field carries the proof. */
const requestHandler =
  <I extends RequestInput>(kind: FundingKind, proofOf: (input: I) => File) =>
  async ({ input, deps, session }: { input: I; deps: AppDeps; session: ActiveSession | null }) =>
    submitRequest(deps, {
      userId: requireSession(session).userId,
      kind,
      key: input.idempotencyKey,
      coinType: input.type,
      amount: input.amount,
      txHash: input.txHash,
      purpose: input.purpose,
      plan: input.plan,
      file: proofOf(input),
    })

export const submitCryptoDeposit: Handler<'submitCryptoDeposit'> = requestHandler(
  'deposit',
  (input) => input.depositPic,
)
export const submitPayment: Handler<'submitPayment'> = requestHandler(
  'payment',
  (input) => input.depositPic,
)
export const submitFixedDeposit: Handler<'submitFixedDeposit'> = requestHandler(
  'fixed_deposit',
  (input) => input.fixedDepositPic,
)
export const submitUpgrade: Handler<'submitUpgrade'> = requestHandler(
  'upgrade',
  (input) => input.depositPic,
)
