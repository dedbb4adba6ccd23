import * as v from 'valibot'
import { defineCall } from './define'
import {
  email,
  money,
  notice,
  numericId,
  passcode,
  pin,
  requiredText,
  statusAnswer,
  text,
  transaction,
  upload,
} from './fields'

const dashboardUser = v.object({
  fullname: v.string(),
  username: v.string(),
  email: v.string(),
  picture: v.nullable(v.string()),
  current_plan: v.string(),
  account_no: v.string(),
})

const profileUser = v.object({
  ...dashboardUser.entries,
  phone: v.nullable(v.string()),
  gender: v.nullable(v.string()),
  dob: v.nullable(v.string()),
  country: v.nullable(v.string()),
  marital_status: v.nullable(v.string()),
  home_address: v.nullable(v.string()),
  next_of_kin: v.nullable(v.string()),
  verification_status: v.string(),
})

export const getstatement = defineCall({
  kind: 'action',
  access: 'session',
  summary:
    'Dashboard: the customer, balance, totals, recent transactions, unread count and any blocking account notice (details).',
  request: v.object({}),
  response: v.object({
    user: dashboardUser,
    tb: v.object({ current_balance: money }),
    currency: v.string(),
    total_credit: money,
    total_debit: money,
    transactions: v.array(transaction),
    nc: v.number(),
    details: v.nullable(notice),
  }),
})

export const getstatement2 = defineCall({
  kind: 'action',
  access: 'session',
  summary: 'Statements & Report: every transaction of the customer, newest first.',
  request: v.object({}),
  response: v.object({ transactions: v.array(transaction), currency: v.string() }),
})

export const getreceipt = defineCall({
  kind: 'action',
  access: 'session',
  summary: 'One transaction of the caller by its receipt id (ref2).',
  request: v.object({ trans: requiredText(64) }),
  response: v.object({ transaction: v.nullable(transaction), currency: v.string() }),
})

export const getinstituition = defineCall({
  kind: 'action',
  access: 'session',
  summary:
    "Institutional transfer details: the customer's username and account/institution details.",
  request: v.object({}),
  response: v.object({
    username: v.string(),
    account_no: v.nullable(v.string()),
    swift_code: v.nullable(v.string()),
    routing_no: v.nullable(v.string()),
    country: v.nullable(v.string()),
    currency: v.string(),
  }),
})

export const getprofile = defineCall({
  kind: 'action',
  access: 'session',
  summary: 'The profile of the signed-in customer.',
  request: v.object({}),
  response: v.object({ user: profileUser }),
})

export const getcontact = defineCall({
  kind: 'action',
  access: 'session',
  summary: "The bank's support contacts; each may be empty.",
  request: v.object({}),
  response: v.object({
    ct: v.object({
      whatsapp: v.nullable(v.string()),
      email: v.nullable(v.string()),
      phone: v.nullable(v.string()),
    }),
  }),
})

export const pincheck = defineCall({
  kind: 'action',
  access: 'session',
  summary: 'Whether the customer has created a transaction PIN yet.',
  request: v.object({}),
  response: v.object({ haspin: v.boolean() }),
})

export const updatepin = defineCall({
  kind: 'action',
  access: 'session',
  summary:
    'Creates the 4-digit transaction PIN when the customer has none; otherwise answers status false (changing a PIN is supdatepin).',
  request: v.object({ pin }),
  response: statusAnswer,
})

export const updatepic = defineCall({
  kind: 'action',
  access: 'session',
  summary: 'Replaces the profile picture (PNG, JPEG, GIF or WebP, checked by its bytes).',
  request: v.object({ profilePic: upload }),
  files: ['profilePic'],
  response: v.object({ ...statusAnswer.entries, picture: v.optional(v.string()) }),
})

export const updateprofile = defineCall({
  kind: 'action',
  access: 'session',
  summary: 'Edits the profile form.',
  request: v.object({
    fullname: requiredText(121),
    phone: text(30),
    gender: text(20),
    dob: v.pipe(
      text(10),
      v.check((s) => s === '' || /^\d{4}-\d{2}-\d{2}$/.test(s), 'must be a date (YYYY-MM-DD)'),
    ),
    country: text(80),
    marital_status: text(20),
    home_address: text(300),
    next_of_kin: text(121),
  }),
  response: statusAnswer,
})

export const updateemail = defineCall({
  kind: 'action',
  access: 'session',
  summary: 'Changes the e-mail address.',
  request: v.object({ email }),
  response: statusAnswer,
})

export const updatepwd = defineCall({
  kind: 'action',
  access: 'session',
  summary: 'Changes the 6-digit passcode: current, new and confirmation.',
  request: v.object({ c_pwd: passcode, n_pwd: passcode, con_pwd: passcode }),
  response: statusAnswer,
})

export const supdatepin = defineCall({
  kind: 'action',
  access: 'session',
  summary: 'Changes the 4-digit transaction PIN: current, new and confirmation.',
  request: v.object({ c_pwd: pin, n_pwd: pin, con_pwd: pin }),
  response: statusAnswer,
})

export const getnotifications = defineCall({
  kind: 'action',
  access: 'session',
  summary: 'Notifications, newest first, and the unread count.',
  request: v.object({}),
  response: v.object({
    notifications: v.array(
      v.object({
        id: v.string(),
        title: v.string(),
        body: v.string(),
        wasread: v.picklist(['yes', 'no']),
      }),
    ),
    nc: v.number(),
  }),
})

export const mnotificationar = defineCall({
  kind: 'action',
  access: 'session',
  summary: "Marks one of the caller's notifications as read.",
  request: v.object({ id: numericId }),
  response: statusAnswer,
})
