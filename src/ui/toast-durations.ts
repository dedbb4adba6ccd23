/** How long toasts stay up (spec section 9): about 5 s, with a few screens that differ. */
export const toastDurations = {
  default: 5000,
  pinCreation: 3000,
  confirmScreen: 2000,
  pinEntry: 15000,
} as const

export const minToastDuration = 2000
export const maxToastDuration = 15000

/** Any requested duration, kept within the spec's 2 to 15 s; missing or invalid gives 5 s. */
export function clampToastDuration(ms: number | undefined): number {
  if (ms === undefined || !Number.isFinite(ms)) return toastDurations.default
  return Math.min(maxToastDuration, Math.max(minToastDuration, Math.round(ms)))
}
