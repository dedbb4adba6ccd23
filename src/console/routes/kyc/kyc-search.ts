import * as v from 'valibot'

/** A KYC list's address: which items (pending by default) and which page. */
export const kycListSearch = v.object({
  status: v.fallback(v.optional(v.picklist(['pending', 'approved', 'declined'])), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
})

export type KycListSearch = v.InferOutput<typeof kycListSearch>

export const kycStatusChoices = [
  { value: 'pending', text: 'Waiting' },
  { value: 'approved', text: 'Approved' },
  { value: 'declined', text: 'Declined' },
] as const

/** The call's fields of a list address. */
export const listFields = (search: KycListSearch) => ({
  status: search.status,
  page: search.page ? String(search.page) : undefined,
})
