/** The largest id the tables' integer id columns hold. */
const largestRowId = 2 ** 31 - 1

/**
 * An id as a request sends it (digits, checked by the contract), or null when no row can have
 * it: past the id columns' range it is answered as not found, never sent to the database (which
 * would refuse it as out of range).
 */
export function rowIdOf(digits: string): number | null {
  const id = Number(digits)
  return isRowId(id) ? id : null
}

/** Whether a row of an integer id column can have `id`. */
export const isRowId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= largestRowId
