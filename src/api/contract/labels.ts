import * as v from 'valibot'
import type { CallDefinition } from './define'

/**
 * The words a customer knows each request field by, carried by the contract itself: every field
 * schema of every call has a label (valibot's `title` metadata: "The proof of payment", "Your
 * current PIN"), and every message of a field rule is a predicate ("must be at most 5 MB").
 * A refused request then reads as sentences a customer can act on, "The proof of payment must be
 * at most 5 MB.", and never names a wire field or a call (issue 21, item 5). The forms put their
 * own labels before the same predicates ("Swift Code must be ..."). A test holds every field of
 * every call to having a label.
 */

/** `schema` known to the customer as `label` ("The amount"); a later label overrides one inside. */
export function labelled<const S extends v.GenericSchema>(schema: S, label: string) {
  return v.pipe(schema, v.title<v.InferOutput<S>, string>(label))
}

type Wrapping = { wrapped?: v.GenericSchema; options?: readonly v.GenericSchema[] }

/** A field schema's label: its own title, else its wrapped schema's (optional, nullable). */
export function labelOf(schema: v.GenericSchema): string | undefined {
  const own = v.getTitle(schema as Parameters<typeof v.getTitle>[0])
  if (own !== undefined) return own
  const { wrapped } = schema as Wrapping
  return wrapped ? labelOf(wrapped) : undefined
}

/** What these read of a call: its request (a customer's call, or a staff call). */
type Requesting = Pick<CallDefinition, 'request'>

/** Every request object of a call: one, or one per variant. */
export function requestObjects(definition: Requesting): v.ObjectEntries[] {
  const request = definition.request as v.GenericSchema & {
    entries?: v.ObjectEntries
    options?: readonly { entries: v.ObjectEntries }[]
  }
  return request.options?.map((option) => option.entries) ?? [request.entries ?? {}]
}

/** The label of one request field of a call, as its schema carries it. */
export function fieldLabel(definition: Requesting, field: string): string | undefined {
  for (const entries of requestObjects(definition)) {
    const schema = Object.hasOwn(entries, field) ? entries[field] : undefined
    if (schema) return labelOf(schema)
  }
  return undefined
}

/** What a refusal says when a problem is not a field's (no label to name). */
export const wholeRequestLabel = 'This request'

/** One customer sentence: the field's label, then the rule's predicate. */
export function fieldSentence(label: string, predicate: string): string {
  return `${label} ${predicate}.`
}

/** A handler's own refusal of one field, in the same words: "Your date of birth must be ...". */
export function fieldRefusal(definition: Requesting, field: string, predicate: string): string {
  return fieldSentence(fieldLabel(definition, field) ?? wholeRequestLabel, predicate)
}

/** The predicate of an issue: a missing field is required; otherwise the rule's own words. */
function predicateOf(issue: v.BaseIssue<unknown>): string {
  return issue.expected && issue.received === 'undefined' ? 'is required' : issue.message
}

/**
 * A refused request as customer sentences: the first problem of each field (at most five
 * fields), each named by its label.
 */
export function refusalSentences(
  definition: Requesting,
  issues: readonly v.BaseIssue<unknown>[],
): string {
  const byField = new Map<string, string>()
  for (const issue of issues) {
    const key = issue.path?.[0]?.key
    const field = typeof key === 'string' ? key : ''
    if (byField.has(field)) continue
    const label = (field && fieldLabel(definition, field)) || wholeRequestLabel
    byField.set(field, fieldSentence(label, predicateOf(issue)))
    if (byField.size === 5) break
  }
  return [...byField.values()].join(' ')
}
