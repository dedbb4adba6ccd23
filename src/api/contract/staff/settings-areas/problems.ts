import * as v from 'valibot'
import { areaOf, type SettingsAreaName } from './registry'

/**
 * A refused area as sentences people act on (docs/decisions/078), the same in the console's
 * form and in the server's refusal: "The service charge must be a percent from 0 to below 100,
 * with at most 2 decimals." or, in a list, "Coin Bitcoin (BTC): the explorer must be an https
 * address with {hash} where the hash goes, …", each field named by its label in the rules.
 */

export interface SettingsProblem {
  /** The field, as the keys to it: "coins.0.explorer"; "" for the area as a whole. */
  path: string
  sentence: string
}

type Walkable = v.GenericSchema & {
  entries?: Record<string, Walkable>
  item?: Walkable
}

/**
 * A rule's label (its `title`). Not labels.ts's `labelOf`: used from here it would keep valibot's
 * getTitle in the portal's contract chunk, which every signed-in page loads first (decision 074);
 * this file gets the console's own copy of valibot.
 */
const labelOf = (rule: Walkable) => v.getTitle(rule as Parameters<typeof v.getTitle>[0])

/** The rule at `keys` inside `schema`: an object's field, a list's row, and so on. */
function ruleAt(schema: Walkable, keys: readonly unknown[]): Walkable | undefined {
  let rule: Walkable | undefined = schema
  for (const key of keys) {
    if (!rule) return undefined
    rule = typeof key === 'number' ? rule.item : rule.entries?.[String(key)]
  }
  return rule
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)

/** A row of a list as a sentence names it: its name, plan or action, else its place. */
function rowName(row: unknown, index: number): string {
  const named =
    typeof row === 'string'
      ? row
      : typeof row === 'object' && row !== null
        ? Object.values(row as Record<string, unknown>).find(
            (value): value is string => typeof value === 'string',
          )
        : undefined
  return named?.trim() || String(index + 1)
}

const predicateOf = (issue: v.BaseIssue<unknown>) =>
  issue.expected && issue.received === 'undefined' ? 'is required' : issue.message

function sentenceOf(schema: Walkable, issue: v.BaseIssue<unknown>): string {
  const path = issue.path ?? []
  const keys = path.map((item) => item.key)
  const predicate = predicateOf(issue)
  const row = keys.findLastIndex((key) => typeof key === 'number')
  if (row === -1)
    return `${labelOf(ruleAt(schema, keys) ?? schema) ?? 'The settings'} ${predicate}.`
  const rowLabel = labelOf(ruleAt(schema, keys.slice(0, row + 1)) ?? schema) ?? 'Row'
  const named = `${rowLabel} ${rowName(path[row]?.value, keys[row] as number)}`
  if (row === keys.length - 1) return `${named} ${predicate}.`
  const field = labelOf(ruleAt(schema, keys) ?? schema) ?? 'A field'
  return `${named}: ${lowerFirst(field)} ${predicate}.`
}

/** Each field's first problem, in the order the rules found them. */
export function settingsProblems(
  area: SettingsAreaName,
  issues: readonly v.BaseIssue<unknown>[],
): SettingsProblem[] {
  const schema = areaOf(area).schema as Walkable
  const byPath = new Map<string, SettingsProblem>()
  for (const issue of issues) {
    const path = (issue.path ?? []).map((item) => String(item.key)).join('.')
    if (!byPath.has(path)) byPath.set(path, { path, sentence: sentenceOf(schema, issue) })
  }
  return [...byPath.values()]
}

/** The refusal of an area's content: its first five problems, as sentences. */
export const settingsRefusal = (area: SettingsAreaName, issues: readonly v.BaseIssue<unknown>[]) =>
  settingsProblems(area, issues)
    .slice(0, 5)
    .map((problem) => problem.sentence)
    .join(' ')
