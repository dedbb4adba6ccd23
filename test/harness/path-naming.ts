import type { AnyEventObject } from 'xstate'

/** Event sequences as text: serialised, deduplicated and named for test titles. */

/** JSON, with errors shown by message (JSON.stringify turns an Error into {}). */
export function serialize(value: unknown): string {
  return JSON.stringify(value, (_key, nested: unknown) =>
    nested instanceof Error ? `Error(${nested.message})` : nested,
  )
}

/** Drops exact duplicates and paths that are a prefix of another path. */
export function dedupePaths(paths: readonly AnyEventObject[][]): AnyEventObject[][] {
  const serialized = paths.map((events) => events.map(serialize))
  const length = (index: number) => serialized[index]?.length ?? 0
  const longestFirst = serialized.map((_, index) => index).sort((a, b) => length(b) - length(a))
  const kept: number[] = []
  for (const index of longestFirst) {
    const candidate = serialized[index] ?? []
    const covered = kept.some((keptIndex) => {
      const longer = serialized[keptIndex] ?? []
      return candidate.every((event, position) => longer[position] === event)
    })
    if (!covered) kept.push(index)
  }
  return kept.sort((a, b) => a - b).map((index) => paths[index] ?? [])
}

function formatEvent(event: AnyEventObject): string {
  const { type, ...payload } = event
  return Object.keys(payload).length > 0 ? `${type} ${serialize(payload)}` : type
}

/** Names paths by their event types, with payloads where two paths would share a name. */
export function namePaths(paths: readonly AnyEventObject[][]): string[] {
  const short = paths.map((events) =>
    events.length === 0 ? '(initial state)' : events.map((event) => event.type).join(' → '),
  )
  return short.map((name, index) =>
    short.indexOf(name) === short.lastIndexOf(name)
      ? name
      : (paths[index] ?? []).map(formatEvent).join(' → '),
  )
}
