import * as v from 'valibot'
import { defineCall } from './define'
import {
  amount,
  fundingRequest,
  iconAnswer,
  idempotencyKey,
  money,
  plainString,
  requiredText,
  upload,
} from './fields'
import { labelled } from './labels'
import { wire } from './wire-fields'

const coinChoices = {
  /** Coin type names, in display order. */
  names: v.array(v.string()),
  /**
   * One deposit address per coin type, in the same order; the first is the default. With the
   * chain it is on (`network`, e.g. "Bitcoin testnet"; null when the bank has not said) and how
   * a transaction hash is written there (`hash_format`, for the form's check of `tx_hash`).
   */
  addresses: v.array(
    v.object({
      type: v.string(),
      address: v.string(),
      network: v.nullable(v.string()),
      /** One of src/api/chain-rules.ts's formats: hex64, 0x-hex64 or hex64-or-0x. */
      hashFormat: wire('hash_format', v.string()),
    }),
  ),
  /** The same addresses keyed by coin type. */
  addresses2: v.record(v.string(), v.string()),
  transactions: v.array(fundingRequest),
  currency: v.string(),
}

const plans = v.array(
  v.object({
    planName: wire('plan_name', v.string()),
    /** Fixed deposits: how long the money is held, and the yearly interest. */
    termDays: wire('term_days', v.optional(v.number())),
    ratePercent: wire('rate_percent', v.optional(v.number())),
    /** Upgrades: what the plan costs; `newupgrade` must send exactly this amount. */
    price: v.optional(money),
    /** Upgrades: above which amount a transfer needs an e-mailed code on this plan. */
    stepUpLimit: wire('step_up_limit', v.optional(money)),
    /** What the plan is for, in a line. */
    description: v.optional(v.string()),
  }),
)

export const cryptoDepositForm = defineCall({
  wire: 'getcdform',
  kind: 'action',
  access: 'session',
  summary: 'Crypto deposit form: coin types with their addresses, and the deposit requests so far.',
  request: v.object({}),
  response: v.object(coinChoices),
})

export const paymentForm = defineCall({
  wire: 'getmpcform',
  kind: 'action',
  access: 'session',
  summary:
    'Make payment form: coin types, addresses, payment purposes and payment requests so far.',
  request: v.object({}),
  response: v.object({
    ...coinChoices,
    purposes: v.array(v.object({ purposeName: wire('purpose_name', v.string()) })),
  }),
})

export const fixedDepositForm = defineCall({
  wire: 'getfdcform',
  kind: 'action',
  access: 'session',
  summary: 'Fixed deposit form: plans, coin types, addresses and fixed deposit requests so far.',
  request: v.object({}),
  response: v.object({ ...coinChoices, plans }),
})

export const upgradeForm = defineCall({
  wire: 'getupgradeform',
  kind: 'action',
  access: 'session',
  summary: 'Upgrade form: plans, coin types, addresses and upgrade requests so far.',
  request: v.object({}),
  response: v.object({ ...coinChoices, plans }),
})

const coinType = labelled(requiredText(40), 'The coin type')
/** The file that shows the payment was made (a screenshot, a PDF receipt). */
const proof = labelled(upload, 'The proof of payment')
const plan = labelled(requiredText(80), 'The plan')
/** A retry with the same key and fields gets the first answer; no second request is made. */
const retryKey = wire('idempotency_key', idempotencyKey)
/**
 * The payment's transaction hash on the coin's chain, which the bank looks up in its explorer
 * (docs/decisions/066): 64 hexadecimal characters, "0x" before them on an EVM chain. The server
 * holds it to the chosen coin's `hash_format`, and takes each payment once per coin.
 */
const txHash = wire(
  'tx_hash',
  labelled(
    v.pipe(
      plainString(),
      v.trim(),
      v.regex(/^(0x)?[0-9a-fA-F]{64}$/, 'must be the 64 characters 0-9 and a-f your wallet shows'),
    ),
    'The transaction hash',
  ),
)

export const submitCryptoDeposit = defineCall({
  wire: 'newcd',
  kind: 'action',
  access: 'session',
  summary:
    "A crypto deposit request with its payment proof and the payment's transaction hash; pending until an operator has found the payment on the chain and confirms it (credited to the balance), or declines it.",
  request: v.object({
    type: coinType,
    amount,
    txHash,
    depositPic: proof,
    idempotencyKey: retryKey,
  }),
  files: ['depositPic'],
  response: iconAnswer,
})

export const submitPayment = defineCall({
  wire: 'newmpc',
  kind: 'action',
  access: 'session',
  summary:
    "A purpose-based payment, paid from the customer's own wallet to the bank's address, with proof and the transaction hash; pending until an operator has found the payment on the chain and confirms it (recorded against its purpose; nothing is taken from the balance), or declines it.",
  request: v.object({
    purpose: labelled(requiredText(80), 'The purpose'),
    type: coinType,
    amount,
    txHash,
    depositPic: proof,
    idempotencyKey: retryKey,
  }),
  files: ['depositPic'],
  response: iconAnswer,
})

export const submitFixedDeposit = defineCall({
  wire: 'newfdc',
  kind: 'action',
  access: 'session',
  summary:
    "A fixed deposit paid by crypto, with proof; once confirmed it is held for the plan's term and paid into the balance with interest at maturity.",
  request: v.object({
    plan,
    type: coinType,
    amount,
    txHash,
    fixedDepositPic: proof,
    idempotencyKey: retryKey,
  }),
  files: ['fixedDepositPic'],
  response: iconAnswer,
})

export const submitUpgrade = defineCall({
  wire: 'newupgrade',
  kind: 'action',
  access: 'session',
  summary:
    "A plan upgrade paid by crypto, with proof; once confirmed the plan changes. The amount must be the plan's price when it has one (getupgradeform).",
  request: v.object({
    plan,
    type: coinType,
    amount,
    txHash,
    depositPic: proof,
    idempotencyKey: retryKey,
  }),
  files: ['depositPic'],
  response: iconAnswer,
})
