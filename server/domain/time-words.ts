import { formatDateOf } from '#api/day-month-year'

/** "14:03 UTC on 25/11/2026", as refusals name a time. */
export const whenSaid = (at: Date) =>
  `${at.toISOString().slice(11, 16)} UTC on ${formatDateOf(at, 'UTC')}`
