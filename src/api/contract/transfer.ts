import * as v from 'valibot'
import { defineCall } from './define'
import {
  amount,
  code,
  money,
  notice,
  pin,
  requiredText,
  statusAnswer,
  text,
  transaction,
} from './fields'

export const gettrslist = defineCall({
  kind: 'action',
  access: 'session',
  summary: "The customer's transfers, newest first.",
  request: v.object({}),
  response: v.object({ transactions: v.array(transaction), currency: v.string() }),
})

export const getperc = defineCall({
  kind: 'action',
  access: 'session',
  summary: 'The service charge percent for transfers and the current balance.',
  request: v.object({}),
  response: v.object({
    percent: v.object({ percent: v.number() }),
    tb: v.object({ current_balance: money }),
    currency: v.string(),
  }),
})

export const confirmmypin = defineCall({
  kind: 'action',
  access: 'session',
  summary:
    'Checks the transaction PIN; the server may ask for a second Transfer Authorization Code (requiresanother), e-mailed to the customer.',
  request: v.object({ pin }),
  response: v.object({ ...statusAnswer.entries, requiresanother: v.nullable(notice) }),
})

export const confirmtpin = defineCall({
  kind: 'action',
  access: 'session',
  summary: 'Checks the second Transfer Authorization Code.',
  request: v.object({ pin: code }),
  response: statusAnswer,
})

export const newtrs = defineCall({
  kind: 'action',
  access: 'session',
  summary:
    'Submits a transfer: the amount and the service charge leave the balance at once; an operator settles or reverses it.',
  request: v.object({
    bank: requiredText(120),
    swift: requiredText(20),
    currency: requiredText(10),
    routing: requiredText(20),
    country: requiredText(80),
    act_no: requiredText(34),
    act_hold_name: requiredText(120),
    amount,
    note: requiredText(300),
    extra: text(2000),
  }),
  response: v.object({
    icon: v.picklist(['success', 'error']),
    message: v.string(),
    extra: v.optional(v.string()),
    trx_notif: v.optional(v.array(v.object({ title: v.string(), body: v.string() }))),
    bank: v.optional(v.string()),
    act_hold_name: v.optional(v.string()),
    amount: v.optional(money),
    currency: v.optional(v.string()),
    date: v.optional(v.string()),
  }),
})
