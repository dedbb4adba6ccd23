import { formatDateOf } from './day-month-year'

/**
 * What a checked secret (a passcode or a PIN) answered beyond yes or no: how many tries remain
 * before the block, or until when the block lasts. The server sends `blocked_until` (`blockedUntil` inside) as an
 * ISO 8601 instant; the customer reads it in their own locale and time zone
 * (docs/decisions/039-attempts-left-on-screen.md).
 */
export interface SecretCheck {
  attemptsLeft?: number | undefined
  blockedUntil?: string | undefined
}

/**
 * The block's end as the customer's clock shows it (`locale` undefined: the browser's), rounded
 * up to the minute so it is never earlier than the real end; with the date when it is not today.
 */
export function blockEndText(iso: string, now = new Date(), where: Where = {}): string {
  const end = new Date(Math.ceil(new Date(iso).getTime() / 60_000) * 60_000)
  const { locale, timeZone } = where
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone }).format(end)
  const day = formatDateOf(end, timeZone)
  // The day as every date of the portal (dd/mm/yyyy, decision 065), the time as the customer's
  // clock shows it.
  return day === formatDateOf(now, timeZone) ? time : `${day}, ${time}`
}

/** The customer's locale and time zone; undefined: the browser's own. */
export interface Where {
  locale?: string
  timeZone?: string
}

/** The block message with its end in the customer's time. */
export function blockedMessage(iso: string, now = new Date(), where: Where = {}): string {
  return `Too many failed attempts. Try again after ${blockEndText(iso, now, where)}.`
}

/** "3 attempts left." (or "1 attempt left."). */
export function attemptsLeftMessage(left: number): string {
  return `${left} attempt${left === 1 ? '' : 's'} left.`
}

/**
 * The words for a refused secret: a block says until when in the customer's time; otherwise
 * the server's words, with the tries left added when they do not already say so.
 */
export function secretRefusalMessage(
  message: string,
  check: SecretCheck,
  now = new Date(),
  where: Where = {},
) {
  if (check.blockedUntil) return blockedMessage(check.blockedUntil, now, where)
  const left = check.attemptsLeft
  if (left === undefined || /\battempts? left\b/.test(message)) return message
  return `${message.replace(/\.?\s*$/, '.')} ${attemptsLeftMessage(left)}`
}
