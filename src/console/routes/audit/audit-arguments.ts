/**
 * An audit entry's arguments (JSON text, as the log keeps them) as label and value pairs a person
 * reads: `{"staff_id":4,"roles":["kyc","support"]}` is "Staff id: 4", "Roles: kyc, support".
 * Nested objects name their path ("Fields › Amount"); a list of values is one line; the terminal's
 * positional arguments are "Argument 1", "Argument 2".
 */
export type ArgumentFact = readonly [label: string, value: string]

/** "staff_id", "txHash" → "Staff id", "Tx hash". */
export function labelOfKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words ? words[0]?.toUpperCase() + words.slice(1) : key
}

const isScalar = (value: unknown) => value === null || typeof value !== 'object'

const scalarText = (value: unknown) =>
  value === null ? '—' : typeof value === 'string' ? value : String(value)

function factsOf(value: unknown, label: string, into: ArgumentFact[]) {
  if (isScalar(value)) into.push([label, scalarText(value)])
  else if (Array.isArray(value)) {
    if (value.every(isScalar))
      into.push([label, value.length ? value.map(scalarText).join(', ') : '—'])
    else for (const [index, item] of value.entries()) factsOf(item, `${label} ${index + 1}`, into)
  } else
    for (const [key, inner] of Object.entries(value as Record<string, unknown>))
      factsOf(inner, label ? `${label} › ${labelOfKey(key)}` : labelOfKey(key), into)
}

/** The pairs of `json`, or null when it is not JSON (then the text is shown as it is). */
export function argumentFacts(json: string): ArgumentFact[] | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    return null
  }
  const facts: ArgumentFact[] = []
  if (Array.isArray(parsed))
    for (const [index, item] of parsed.entries()) factsOf(item, `Argument ${index + 1}`, facts)
  else if (isScalar(parsed)) facts.push(['Argument', scalarText(parsed)])
  else factsOf(parsed, '', facts)
  return facts
}

/** `json` indented two spaces a level, for the full view; the text itself when it is not JSON. */
export function prettyJson(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json), null, 2)
  } catch {
    return json
  }
}
