/** Durations and named numbers as a product owner reads them (development tooling only). */

/** 1000 -> '1 s', 5000 -> '5 s', 180000 -> '180 s', 1500 -> '1.5 s', 250 -> '250 ms'. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`
  const seconds = ms / 1000
  return `${Number.isInteger(seconds) ? seconds : Number(seconds.toFixed(3))} s`
}

/** Seconds as m:ss: 180 -> '3:00'. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

/**
 * A named number exported by a machine file, with its unit read from the name:
 * `resendCountdownSeconds = 180` -> '180 s (3:00)', `redirectDelayMs = 5000` -> '5 s',
 * `defaultOneTimeCodeLength = 6` -> '6'.
 */
export function formatNamedNumber(name: string, value: number): string {
  if (/seconds?$/i.test(name))
    return value >= 60 ? `${value} s (${formatClock(value)})` : `${value} s`
  if (/(ms|millis|milliseconds|delay|timeout)$/i.test(name)) return formatDuration(value)
  return String(value)
}
