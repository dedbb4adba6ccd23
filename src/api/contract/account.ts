import * as v from 'valibot'
import { languages } from '../languages'
import { defineCall } from './define'
import {
  checkbox,
  code,
  email,
  isoDate,
  money,
  notice,
  numericId,
  numericIdList,
  passcode,
  pin,
  requiredText,
  secretCheckAnswer,
  statusAnswer,
  transaction,
  upload,
} from './fields'
import { labelled } from './labels'
import { profileFields } from './profile-fields'
import { statementFilter, statementPageSize } from './statement-filter'
import { wire } from './wire-fields'

const dashboardUser = v.object({
  fullname: v.string(),
  username: v.string(),
  email: v.string(),
  picture: v.nullable(v.string()),
  currentPlan: wire('current_plan', v.string()),
  accountNumber: wire('account_no', v.string()),
})

const profileUser = v.object({
  ...dashboardUser.entries,
  phone: v.nullable(v.string()),
  gender: v.nullable(v.string()),
  dateOfBirth: wire('dob', v.nullable(v.string())),
  country: v.nullable(v.string()),
  maritalStatus: wire('marital_status', v.nullable(v.string())),
  homeAddress: wire('home_address', v.nullable(v.string())),
  nextOfKin: wire('next_of_kin', v.nullable(v.string())),
  verificationStatus: wire('verification_status', v.string()),
})

export const dashboard = defineCall({
  wire: 'getstatement',
  kind: 'action',
  access: 'session',
  summary:
    'Dashboard: the customer, balance, totals, recent transactions, unread count and any blocking account notice (details).',
  request: v.object({}),
  response: v.object({
    user: dashboardUser,
    /**
     * `available` is what may be spent; `booked` what the postings left, which includes the
     * amounts held for transfers in progress.
     */
    balances: wire(
      'tb',
      v.object({
        available: wire('current_balance', money),
        booked: wire('booked_balance', money),
      }),
    ),
    currency: v.string(),
    totalCredit: wire('total_credit', money),
    totalDebit: wire('total_debit', money),
    transactions: v.array(transaction),
    unreadCount: wire('nc', v.number()),
    details: v.nullable(notice),
  }),
})

export const statementPage = defineCall({
  wire: 'getstatement2',
  kind: 'action',
  access: 'session',
  summary:
    "Statements & Report: one page of the customer's transactions, newest first, filtered by date range (UTC days) and credit/debit. Send `next_cursor` back as `cursor` for the next page; it is null after the last.",
  request: v.object({
    ...statementFilter,
    cursor: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^$|^[A-Za-z0-9_-]{8,120}$/, 'must come from the previous page'),
        v.title('The page marker'),
      ),
    ),
    limit: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{1,3}$/, `must be a number from 1 to ${statementPageSize.max}`),
        v.transform(Number),
        v.minValue(1, `must be a number from 1 to ${statementPageSize.max}`),
        v.maxValue(statementPageSize.max, `must be a number from 1 to ${statementPageSize.max}`),
        v.title('The page size'),
      ),
    ),
  }),
  response: v.object({
    transactions: v.array(transaction),
    currency: v.string(),
    nextCursor: wire('next_cursor', v.nullable(v.string())),
  }),
})

export const transactionReceipt = defineCall({
  wire: 'getreceipt',
  kind: 'action',
  access: 'session',
  summary: 'One transaction of the caller by its receipt id (ref2).',
  request: v.object({
    receiptId: wire('trans', labelled(requiredText(64), 'The receipt number')),
  }),
  response: v.object({ transaction: v.nullable(transaction), currency: v.string() }),
})

export const institutionDetails = defineCall({
  wire: 'getinstituition',
  kind: 'action',
  access: 'session',
  summary:
    "Institutional transfer details: the customer's username and account/institution details.",
  request: v.object({}),
  response: v.object({
    username: v.string(),
    accountNumber: wire('account_no', v.nullable(v.string())),
    swiftCode: wire('swift_code', v.nullable(v.string())),
    routingNumber: wire('routing_no', v.nullable(v.string())),
    country: v.nullable(v.string()),
    currency: v.string(),
  }),
})

export const customerProfile = defineCall({
  wire: 'getprofile',
  kind: 'action',
  access: 'session',
  summary:
    'The profile of the signed-in customer, and the new address of an e-mail change that still waits for its code (`pending_email`: a live `updateemail` code; absent or null when there is none).',
  request: v.object({}),
  response: v.object({
    user: profileUser,
    pendingEmail: wire('pending_email', v.optional(v.nullable(v.string()))),
  }),
})

export const supportContacts = defineCall({
  wire: 'getcontact',
  kind: 'action',
  access: 'session',
  summary: "The bank's support contacts; each may be empty.",
  request: v.object({}),
  response: v.object({
    contacts: wire(
      'ct',
      v.object({
        whatsapp: v.nullable(v.string()),
        email: v.nullable(v.string()),
        phone: v.nullable(v.string()),
      }),
    ),
  }),
})

export const hasTransferPin = defineCall({
  wire: 'pincheck',
  kind: 'action',
  access: 'session',
  summary: 'Whether the customer has created a transaction PIN yet.',
  request: v.object({}),
  response: v.object({ hasPin: wire('haspin', v.boolean()) }),
})

export const createTransferPin = defineCall({
  wire: 'updatepin',
  kind: 'action',
  access: 'session',
  summary:
    'Creates the 4-digit transaction PIN when the customer has none; otherwise answers status false (changing a PIN is supdatepin).',
  request: v.object({ pin }),
  response: statusAnswer,
})

export const updatePicture = defineCall({
  wire: 'updatepic',
  kind: 'action',
  access: 'session',
  summary: 'Replaces the profile picture (PNG, JPEG, GIF or WebP, checked by its bytes).',
  request: v.object({ profilePic: labelled(upload, 'Your picture') }),
  files: ['profilePic'],
  response: v.object({ ...statusAnswer.entries, picture: v.optional(v.string()) }),
})

export const updateProfile = defineCall({
  wire: 'updateprofile',
  kind: 'action',
  access: 'session',
  summary:
    "Edits the profile form. Phone in international form (+ and country code), date of birth an adult's (18+), country from the KYC list, gender and marital status from their lists; an empty optional field clears it.",
  request: profileFields,
  response: statusAnswer,
})

export const requestEmailChange = defineCall({
  wire: 'updateemail',
  kind: 'action',
  access: 'session',
  summary:
    'Asks to change the e-mail address: a 6-digit code is sent to the new address (valid 10 minutes, one per 180 s); nothing changes until `confirmemail`.',
  request: v.object({ email: labelled(email, 'The new e-mail address') }),
  response: statusAnswer,
})

export const confirmEmailChange = defineCall({
  wire: 'confirmemail',
  kind: 'action',
  access: 'session',
  summary:
    'Confirms the new e-mail address with the code sent to it; the address then replaces the old one, and the old address is told.',
  request: v.object({ code: code }),
  response: v.object({ ...statusAnswer.entries, email: v.optional(v.string()) }),
})

export const changePasscode = defineCall({
  wire: 'updatepwd',
  kind: 'action',
  access: 'session',
  summary:
    'Changes the 6-digit passcode: current, new and confirmation. The current one counts against the login lockout; with logout_others every other session ends and every other device is forgotten.',
  request: v.object({
    current: wire('c_pwd', labelled(passcode, 'Your current passcode')),
    next: wire('n_pwd', labelled(passcode, 'Your new passcode')),
    confirmation: wire('con_pwd', labelled(passcode, 'The confirmation of your new passcode')),
    signOutOthers: wire('logout_others', labelled(checkbox, 'Sign out my other devices')),
  }),
  response: secretCheckAnswer,
})

export const changeTransferPin = defineCall({
  wire: 'supdatepin',
  kind: 'action',
  access: 'session',
  summary:
    'Changes the 4-digit transaction PIN: current, new and confirmation. The current one counts against the PIN lockout.',
  request: v.object({
    current: wire('c_pwd', labelled(pin, 'Your current PIN')),
    next: wire('n_pwd', labelled(pin, 'Your new PIN')),
    confirmation: wire('con_pwd', labelled(pin, 'The confirmation of your new PIN')),
  }),
  response: secretCheckAnswer,
})

export const notificationList = defineCall({
  wire: 'getnotifications',
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
        wasRead: wire('wasread', v.picklist(['yes', 'no'])),
        /** When it was sent. */
        sentAt: wire('created_at', isoDate),
      }),
    ),
    unreadCount: wire('nc', v.number()),
  }),
})

export const markNotificationRead = defineCall({
  wire: 'mnotificationar',
  kind: 'action',
  access: 'session',
  summary:
    "Marks one of the caller's notifications as read (again: still true). Another customer's id answers exactly like a missing one. `nc` is the unread count after.",
  request: v.object({ id: labelled(numericId, 'The notification') }),
  response: v.object({ ...statusAnswer.entries, unreadCount: wire('nc', v.number()) }),
})

export const markNotificationsRead = defineCall({
  wire: 'mnotificationsallar',
  kind: 'action',
  access: 'session',
  summary:
    "Marks the caller's notifications as read: those of `ids` (the unread ones the customer's list shows, comma-separated) when given, else all; `marked` says how many were unread, `nc` how many are unread after.",
  request: v.object({ ids: v.optional(labelled(numericIdList, 'The notifications')) }),
  response: v.object({
    ...statusAnswer.entries,
    marked: v.number(),
    unreadCount: wire('nc', v.number()),
  }),
})

export const unreadCount = defineCall({
  wire: 'getnc',
  kind: 'action',
  access: 'session',
  summary: "The caller's unread notification count, for the menu.",
  request: v.object({}),
  response: v.object({ unreadCount: wire('nc', v.number()) }),
})

export const keepLanguage = defineCall({
  wire: 'setlanguage',
  kind: 'action',
  access: 'session',
  summary:
    "Settings: the page's language (its Accept-Language) becomes the customer's, the one the bank's e-mails are written in (docs/decisions/091).",
  request: v.object({}),
  response: v.object({ language: v.picklist(languages) }),
})
