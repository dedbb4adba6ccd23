import { plural, t } from '@lingui/core/macro'

/**
 * The session timeout's words (docs/decisions/044), apart from its machine: login shows the
 * notice without loading the statechart.
 */

/** On login after the timeout: "You were signed out after 5 minutes without activity. …" */
export function idleSignOutMessage(idleMinutes: number): string {
  return plural(idleMinutes, {
    one: 'You were signed out after # minute without activity. Please sign in again.',
    other: 'You were signed out after # minutes without activity. Please sign in again.',
  })
}

/**
 * What screen readers hear of the countdown: the time left rounded up to 15 s, so the polite
 * live region changes four times a minute, not every second.
 */
export function announcedCountdown(secondsLeft: number): string {
  const step = Math.ceil(secondsLeft / 15) * 15
  if (step >= 60 && step % 60 === 0) {
    const minutes = minutesText(step / 60)
    return t`You will be signed out in ${minutes}.`
  }
  return t`You will be signed out in ${step} seconds.`
}

/** The dialog's countdown as m:ss: 60 -> '1:00', 9 -> '0:09'. */
export function countdownText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

export function minutesText(minutes: number): string {
  return plural(minutes, { one: '# minute', other: '# minutes' })
}
