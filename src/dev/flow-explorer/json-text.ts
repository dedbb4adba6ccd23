/** The JSON a product owner types (start input, event data) and the JSON shown back. */

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string }

export function parseInput(text: string): Parsed<unknown> {
  if (text.trim() === '') return { ok: true, value: undefined }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (error) {
    return { ok: false, error: `Start input is not JSON: ${(error as Error).message}` }
  }
}

/** Event data: a JSON object whose fields are added to the event ('' is no data). */
export function parseEventData(text: string): Parsed<Record<string, unknown>> {
  if (text.trim() === '') return { ok: true, value: {} }
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return { ok: true, value: value as Record<string, unknown> }
    }
    return { ok: false, error: 'give an object, like {"email": "dana@meridian.example"}' }
  } catch {
    return { ok: false, error: 'not JSON yet' }
  }
}

export function toDisplayJson(value: unknown): string {
  return JSON.stringify(
    value,
    (_key, nested: unknown) => (nested instanceof Error ? `Error: ${nested.message}` : nested),
    2,
  )
}
