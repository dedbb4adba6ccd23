/**
 * Where a keyset page ended: the last row's time exactly as the database wrote it
 * (`timestamptz::text`), and its id. The statements' pages (docs/decisions/025) and the audit
 * log's (101) continue from one.
 */
export interface Position {
  at: string
  id: number
}

export class InvalidCursor extends Error {}

export const encodeCursor = (position: Position) =>
  Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url')

/** The largest row id: the ids are integer columns. */
const maximumId = 2 ** 31 - 1

/**
 * A moment as `timestamptz::text` writes it (DateStyle ISO): a date of the years 1 to 9999, a
 * time with up to six decimals, and an offset in hours with optional minutes and seconds.
 */
const momentPattern =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::(\d{2})(?::(\d{2}))?)?$/

const daysIn = (year: number, month: number) =>
  month === 2
    ? (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31

/** Whether `at` is a moment that exists, so the database reads it without an error. */
function isMoment(at: string): boolean {
  const parts = momentPattern.exec(at)
  if (!parts) return false
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, ...offset] = parts
    .slice(1)
    .map((part) => Number(part ?? 0))
  const [offsetHours = 0, offsetMinutes = 0, offsetSeconds = 0] = offset
  return (
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysIn(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59 &&
    offsetSeconds <= 59
  )
}

/**
 * The position a cursor carries, or InvalidCursor. A cursor is the client's to send back, so it
 * may be forged: only a moment that exists and an id the column can hold reach the database
 * (issue 22: "2026-02-30 10:00:00" had answered 500).
 */
export function decodeCursor(cursor: string): Position {
  let decoded: unknown
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {}
  if (Array.isArray(decoded) && decoded.length === 2) {
    const [at, id] = decoded as unknown[]
    if (
      typeof at === 'string' &&
      isMoment(at) &&
      typeof id === 'number' &&
      Number.isInteger(id) &&
      id >= 1 &&
      id <= maximumId
    )
      return { at, id }
  }
  throw new InvalidCursor('must come from the previous page')
}
