import * as v from 'valibot'
import { defineCall } from './define'
import {
  amount,
  authorizationId,
  blockedUntil,
  checkbox,
  code,
  idempotencyKey,
  money,
  notice,
  pin,
  requiredText,
  statusAnswer,
  text,
  transaction,
} from './fields'
import { labelled } from './labels'
import { passkeyRequestOptions, paymentConfirmation } from './passkey-fields'
import { payee, payeeDetails, savedPayeeEntry } from './payee-fields'
import { wire } from './wire-fields'

/** A payee of the customer's book (docs/decisions/085), to pick on the form. */
const savedPayee = v.object(savedPayeeEntry)

export const transferList = defineCall({
  wire: 'gettrslist',
  kind: 'action',
  access: 'session',
  summary: "The customer's transfers, newest first, and the payees of their book, by name.",
  request: v.object({}),
  response: v.object({
    transactions: v.array(transaction),
    payees: v.array(savedPayee),
    currency: v.string(),
  }),
})

export const transferCharge = defineCall({
  wire: 'getperc',
  kind: 'action',
  access: 'session',
  summary:
    'The service charge percent for transfers and the available balance (less what transfers in progress hold).',
  request: v.object({}),
  response: v.object({
    percent: v.object({ percent: v.number() }),
    balances: wire('tb', v.object({ available: wire('current_balance', money) })),
    currency: v.string(),
  }),
})

export const confirmTransferPin = defineCall({
  wire: 'confirmmypin',
  kind: 'action',
  access: 'session',
  summary:
    "Checks the transaction PIN for one transfer (its amount, currency and every payee field) and answers an authorization id bound to all of them. When the server wants a step-up (above the plan's limit, or a new payee) it answers requiresanother and either e-mails a 6-digit Transfer Authorization Code (for confirmtpin) or, for a customer with a passkey, gives passkey options for confirmtpasskey. Five wrong PINs block transfers for a while (blocked_until).",
  request: v.object({ pin, amount, ...payee, ...payeeDetails }),
  response: v.object({
    ...statusAnswer.entries,
    /** The step-up: the e-mailed code's notice, null when the PIN is enough. */
    stepUp: wire('requiresanother', v.nullable(notice)),
    /** Present on success: newtrs (and confirmtpin, when asked) must present it. */
    authorization: v.optional(v.string()),
    /** Present after a wrong PIN: how many tries remain before the block. */
    triesLeft: wire('tries_left', v.optional(v.number())),
    /** Present while transfers are blocked after too many wrong PINs. */
    blockedUntil,
    /**
     * With stepUp, for a customer with a passkey: approve with it (confirmtpasskey) instead of
     * an e-mailed code; its challenge is derived from this authorization, amount and payee.
     */
    passkey: v.optional(passkeyRequestOptions),
    /**
     * With passkey, for a customer with a payment passkey: what the browser's Secure Payment
     * Confirmation dialog shows, where the browser offers one (decision 082).
     */
    payment: v.optional(paymentConfirmation),
  }),
})

export const confirmTransferCode = defineCall({
  wire: 'confirmtpin',
  kind: 'action',
  access: 'session',
  summary:
    'Checks the e-mailed Transfer Authorization Code of an authorization; the code is bound to the amount and payee it was sent for, single use, valid 10 minutes, at most 5 tries.',
  request: v.object({
    pin: labelled(code, 'The Transfer Authorization Code'),
    authorization: authorizationId,
    amount,
    swiftCode: payee.swiftCode,
    accountNumber: payee.accountNumber,
  }),
  response: v.object({
    ...statusAnswer.entries,
    triesLeft: wire('tries_left', v.optional(v.number())),
  }),
})

export const submitTransfer = defineCall({
  wire: 'newtrs',
  kind: 'action',
  access: 'session',
  summary:
    "Submits a transfer under a completed authorization (same amount and payee): the amount is held on the available balance at once; when an operator settles it, it leaves the balance (the payee's part and the service charge); when the operator fails it, the hold is released and nothing leaves. A retry with the same idempotency_key gets the first answer and moves nothing; the same key with other fields is refused.",
  request: v.object({
    ...payee,
    ...payeeDetails,
    amount,
    note: labelled(requiredText(300), 'The note'),
    extra: labelled(text(2000), 'The extra details'),
    authorization: authorizationId,
    idempotencyKey: wire('idempotency_key', idempotencyKey),
    /** Present and on: keep this payee for the next transfer (gettrslist). */
    savePayee: wire('save_payee', labelled(checkbox, 'Save this payee')),
  }),
  response: v.object({
    icon: v.picklist(['success', 'error']),
    message: v.string(),
    extra: v.optional(v.string()),
    notifications: wire(
      'trx_notif',
      v.optional(v.array(v.object({ title: v.string(), body: v.string() }))),
    ),
    bank: v.optional(v.string()),
    accountHolderName: wire('act_hold_name', v.optional(v.string())),
    amount: v.optional(money),
    currency: v.optional(v.string()),
    date: v.optional(v.string()),
  }),
})
