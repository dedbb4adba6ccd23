import * as v from 'valibot'
import { defineCall } from './define'
import {
  amount,
  fundingRequest,
  iconAnswer,
  idempotencyKey,
  money,
  requiredText,
  upload,
} from './fields'
import { labelled } from './labels'

const coinChoices = {
  /** Coin type names, in display order. */
  names: v.array(v.string()),
  /** One deposit address per coin type, in the same order; the first is the default. */
  addresses: v.array(v.object({ type: v.string(), address: v.string() })),
  /** The same addresses keyed by coin type. */
  addresses2: v.record(v.string(), v.string()),
  transactions: v.array(fundingRequest),
  currency: v.string(),
}

const plans = v.array(
  v.object({
    plan_name: v.string(),
    /** Fixed deposits: how long the money is held, and the yearly interest. */
    term_days: v.optional(v.number()),
    rate_percent: v.optional(v.number()),
    /** Upgrades: what the plan costs; `newupgrade` must send exactly this amount. */
    price: v.optional(money),
    /** Upgrades: above which amount a transfer needs an e-mailed code on this plan. */
    step_up_limit: v.optional(money),
    /** What the plan is for, in a line. */
    description: v.optional(v.string()),
  }),
)

export const getcdform = defineCall({
  kind: 'action',
  access: 'session',
  summary: 'Crypto deposit form: coin types with their addresses, and the deposit requests so far.',
  request: v.object({}),
  response: v.object(coinChoices),
})

export const getmpcform = defineCall({
  kind: 'action',
  access: 'session',
  summary:
    'Make payment form: coin types, addresses, payment purposes and payment requests so far.',
  request: v.object({}),
  response: v.object({ ...coinChoices, purposes: v.array(v.object({ purpose_name: v.string() })) }),
})

export const getfdcform = defineCall({
  kind: 'action',
  access: 'session',
  summary: 'Fixed deposit form: plans, coin types, addresses and fixed deposit requests so far.',
  request: v.object({}),
  response: v.object({ ...coinChoices, plans }),
})

export const getupgradeform = defineCall({
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
const idempotency_key = idempotencyKey

export const newcd = defineCall({
  kind: 'action',
  access: 'session',
  summary:
    'A crypto deposit request with its payment proof; pending until an operator confirms it (credited to the balance) or declines it.',
  request: v.object({ type: coinType, amount, depositPic: proof, idempotency_key }),
  files: ['depositPic'],
  response: iconAnswer,
})

export const newmpc = defineCall({
  kind: 'action',
  access: 'session',
  summary:
    'A purpose-based payment with proof; pending until an operator confirms it (debited from the balance) or declines it.',
  request: v.object({
    purpose: labelled(requiredText(80), 'The purpose'),
    type: coinType,
    amount,
    depositPic: proof,
    idempotency_key,
  }),
  files: ['depositPic'],
  response: iconAnswer,
})

export const newfdc = defineCall({
  kind: 'action',
  access: 'session',
  summary:
    "A fixed deposit paid by crypto, with proof; once confirmed it is held for the plan's term and paid into the balance with interest at maturity.",
  request: v.object({
    plan,
    type: coinType,
    amount,
    fixedDepositPic: proof,
    idempotency_key,
  }),
  files: ['fixedDepositPic'],
  response: iconAnswer,
})

export const newupgrade = defineCall({
  kind: 'action',
  access: 'session',
  summary:
    "A plan upgrade paid by crypto, with proof; once confirmed the plan changes. The amount must be the plan's price when it has one (getupgradeform).",
  request: v.object({
    plan,
    type: coinType,
    amount,
    depositPic: proof,
    idempotency_key,
  }),
  files: ['depositPic'],
  response: iconAnswer,
})
