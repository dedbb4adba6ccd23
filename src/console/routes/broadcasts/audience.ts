import type { StaffCallResponse } from '#api/contract/staff'

export type Audience = StaffCallResponse<'broadcastpage'>['audiences'][number]

const count = new Intl.NumberFormat('en-GB')

/** "Every customer (1,204)", "Customers on Premium (3)". */
export const audienceLabel = ({ plan, customers }: Audience) =>
  `${plan === null ? 'Every customer' : `Customers on ${plan}`} (${count.format(customers)})`

export const audienceWords = (plan: string | null) =>
  plan === null ? 'every customer' : `the customers on ${plan}`
