import { t } from '@lingui/core/macro'
import * as v from 'valibot'
import type { CallResponse } from '#api/contract'
import { addPayee } from '#api/contract/payee-book'
import { type TransferField, transferFieldProblem, transferLabels } from './send.rules'

/**
 * The payee editor's fields and rules (docs/decisions/085): the transfer form's payee fields,
 * checked as the transfer form checks them (send.rules.ts), and the nickname, checked with the
 * contract's own schema (`payeeadd`), so the form says no to exactly what the server refuses.
 */

/** A payee of the book, as `payeelist` lists it. */
export type BookPayee = CallResponse<'payeeList'>['payees'][number]

/** The account details: what a change of counts as a new payee for the step-up. */
export const payeeAccountFields = [
  'accountHolderName',
  'bank',
  'swiftCode',
  'accountNumber',
  'routingNumber',
  'country',
] as const satisfies readonly TransferField[]

export const payeeEntryFields = ['nickname', ...payeeAccountFields] as const

export type PayeeEntryField = (typeof payeeEntryFields)[number]
export type PayeeEntry = Record<PayeeEntryField, string>
export type PayeeEntryErrors = Partial<Record<PayeeEntryField, string>>

/** Each read in the language in use (the transfer form's labels, and the nickname). */
export const payeeEntryLabels: Record<PayeeEntryField, string> = {
  get nickname() {
    return t`Nickname`
  },
  get accountHolderName() {
    return transferLabels.accountHolderName
  },
  get bank() {
    return transferLabels.bank
  },
  get swiftCode() {
    return transferLabels.swiftCode
  },
  get accountNumber() {
    return transferLabels.accountNumber
  },
  get routingNumber() {
    return transferLabels.routingNumber
  },
  get country() {
    return transferLabels.country
  },
}

export const emptyPayeeEntry: PayeeEntry = {
  nickname: '',
  accountHolderName: '',
  bank: '',
  swiftCode: '',
  accountNumber: '',
  routingNumber: '',
  country: '',
}

/** A payee of the book as the editor's fields, to change. */
export const entryOf = (payee: BookPayee): PayeeEntry => ({
  nickname: payee.nickname ?? '',
  accountHolderName: payee.accountHolderName,
  bank: payee.bank,
  swiftCode: payee.swiftCode,
  accountNumber: payee.accountNumber,
  routingNumber: payee.routingNumber,
  country: payee.country,
})

/** What is wrong with each field, in words for the form; an empty object when it can be sent. */
export function payeeEntryErrors(entry: PayeeEntry): PayeeEntryErrors {
  const errors: PayeeEntryErrors = {}
  const nickname = v.safeParse(addPayee.request.entries.nickname, entry.nickname)
  if (!nickname.success)
    errors.nickname = `${payeeEntryLabels.nickname} ${nickname.issues[0].message}`
  for (const field of payeeAccountFields) {
    const problem = transferFieldProblem(field, entry[field])
    if (problem) errors[field] = problem
  }
  return errors
}

/** The name a payee is shown by: the nickname, else the account holder's name. */
export const shownNameOf = (payee: Pick<BookPayee, 'nickname' | 'accountHolderName'>) =>
  payee.nickname ?? payee.accountHolderName
