/** The three message tones shared by the alert box, toasts and status badges. */
export type Tone = 'success' | 'error' | 'warning'

/** The spec's rule for message types: 'success' and 'error' as given, anything else a warning. */
export function toneOf(type: string | null | undefined): Tone {
  return type === 'success' || type === 'error' ? type : 'warning'
}
