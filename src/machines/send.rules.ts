import { t } from '@lingui/core/macro'
import * as v from 'valibot'
import { submitTransfer } from '#api/contract/transfer'
import { parseAmount, percentOf } from '#api/money'

/**
 * The transfer form's fields and rules (spec sections 3 and 5): every field is required and
 * checked with the contract's own schema for it (`newtrs`), so the form says no to exactly
 * what the server would refuse; the amount must also be above zero.
 */

export const transferFields = [
  'bank',
  'swiftCode',
  'currency',
  'routingNumber',
  'country',
  'accountNumber',
  'accountHolderName',
  'amount',
  'note',
] as const

export type TransferField = (typeof transferFields)[number]
export type TransferForm = Record<TransferField, string>
export type FieldErrors = Partial<Record<TransferField, string>>

/** The spec's labels (section 5), in the form's order. */
export const transferLabels: Record<TransferField, string> = {
  get bank() {
    return t`Bank`
  },
  get swiftCode() {
    return t`Swift Code`
  },
  get currency() {
    return t`Currency`
  },
  get routingNumber() {
    return t`Routing Number`
  },
  get country() {
    return t`Country`
  },
  get accountNumber() {
    return t`Account Number`
  },
  get accountHolderName() {
    return t`Account Holder Name`
  },
  get amount() {
    return t`Amount`
  },
  get note() {
    return t`Note`
  },
}

export const emptyTransferForm: TransferForm = {
  bank: '',
  swiftCode: '',
  currency: '',
  routingNumber: '',
  country: '',
  accountNumber: '',
  accountHolderName: '',
  amount: '',
  note: '',
}

/** Spec 9: the service charge percent when the server gives none. */
export const defaultChargePercent = 10

/** What is wrong with one field, in words for the form, or null. */
export function transferFieldProblem(field: TransferField, value: string): string | null {
  const label = transferLabels[field]
  if (value.trim() === '') return t`${label} is required`
  const checked = v.safeParse(submitTransfer.request.entries[field], value)
  if (!checked.success) return `${label} ${checked.issues[0].message}`
  if (field === 'amount' && !parseAmount(value)) return t`Amount must be more than 0`
  return null
}

/** Every field's problem; an empty object when the form can go on. */
export function transferFormProblems(form: TransferForm): FieldErrors {
  const errors: FieldErrors = {}
  for (const field of transferFields) {
    const problem = transferFieldProblem(field, form[field])
    if (problem) errors[field] = problem
  }
  return errors
}

/** The form as `newtrs` and `confirmmypin` expect it: the contract's trimmed, normalised values. */
export function normalisedTransfer(form: TransferForm): TransferForm {
  const normal = { ...form }
  for (const field of transferFields) {
    const checked = v.safeParse(submitTransfer.request.entries[field], form[field])
    if (checked.success) normal[field] = String(checked.output)
  }
  return normal
}

/** The confirm screen's sums, in minor units (spec 5 and 9); null for an amount that is not one. */
export function transferSums(amount: string, percent: number) {
  const minor = parseAmount(amount)
  if (!minor) return null
  const charge = percentOf(minor, percent)
  return { amount: minor, charge, received: minor - charge }
}
