import type { SettingsEntry } from './area'
import { areaOf, type SettingsAreaName, type SettingsContent } from './registry'

/**
 * The difference between two versions of an area, row by row (docs/decisions/078): a setting
 * changed, or a row of a list (a coin, a plan) added, removed or changed, with only the values
 * that changed. The approvals inbox shows a proposal so, and the history any version against
 * the current one.
 */

export interface SettingsChange {
  /** The row's key (the same in both versions). */
  key: string
  /** The setting or row: "Service charge", "Coin Bitcoin (BTC)". */
  field: string
  change: 'added' | 'removed' | 'changed'
  /** What it is in the first version; null when the row is added. */
  from: string | null
  /** What it is in the second; null when the row is removed. */
  to: string | null
}

/** A row's values as text: one value as it is, several as "Address: …; Network: …". */
export const partsText = (parts: SettingsEntry['parts']) =>
  parts.map((part) => (part.name ? `${part.name}: ${part.value}` : part.value)).join('; ')

function changed(before: SettingsEntry, after: SettingsEntry): SettingsChange | null {
  const old = new Map(before.parts.map((part) => [part.name, part.value]))
  const differing = after.parts.filter((part) => old.get(part.name) !== part.value)
  const gone = before.parts.filter((part) => !after.parts.some((new_) => new_.name === part.name))
  if (differing.length === 0 && gone.length === 0) return null
  const names = new Set([...differing, ...gone].map((part) => part.name))
  return {
    key: after.key,
    field: after.label,
    change: 'changed',
    from: partsText(before.parts.filter((part) => names.has(part.name))) || 'nothing',
    to: partsText(after.parts.filter((part) => names.has(part.name))) || 'nothing',
  }
}

/** What changes from `from` to `to`, in the order of `to`'s rows, then the rows removed. */
export function settingsChanges<A extends SettingsAreaName>(
  area: A,
  from: SettingsContent<A>,
  to: SettingsContent<A>,
): SettingsChange[] {
  const { entries } = areaOf(area)
  const before = entries(from)
  const after = entries(to)
  const byKey = new Map(before.map((entry) => [entry.key, entry]))
  const changes: SettingsChange[] = []
  for (const entry of after) {
    const old = byKey.get(entry.key)
    if (!old)
      changes.push({
        key: entry.key,
        field: entry.label,
        change: 'added',
        from: null,
        to: partsText(entry.parts),
      })
    else {
      const change = changed(old, entry)
      if (change) changes.push(change)
    }
  }
  const kept = new Set(after.map((entry) => entry.key))
  for (const entry of before)
    if (!kept.has(entry.key))
      changes.push({
        key: entry.key,
        field: entry.label,
        change: 'removed',
        from: partsText(entry.parts),
        to: null,
      })
  return changes
}
