import * as v from 'valibot'
import { fundingKindNames } from '#api/contract/staff/requests'

/** The requests list's address: status (pending by default), kind (all by default), page. */
export const requestListSearch = v.object({
  status: v.fallback(v.optional(v.picklist(['pending', 'confirmed', 'declined'])), undefined),
  kind: v.fallback(v.optional(v.picklist(fundingKindNames)), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
})

export type RequestListSearch = v.InferOutput<typeof requestListSearch>

export const requestStatusChoices = [
  { value: 'pending', text: 'Waiting' },
  { value: 'confirmed', text: 'Confirmed' },
  { value: 'declined', text: 'Declined' },
] as const

export const kindWords = {
  deposit: 'Deposit',
  payment: 'Payment',
  fixed_deposit: 'Fixed deposit',
  upgrade: 'Plan upgrade',
} as const

export const requestKindChoices = [
  { value: '', text: 'Every kind' },
  ...fundingKindNames.map((kind) => ({ value: kind, text: kindWords[kind] })),
] as const
