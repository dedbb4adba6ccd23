import MagicString from 'magic-string'
import type { Plugin } from 'vite'

/**
 * Leaves the documentation written into the code out of the built app (docs/decisions/080):
 * each call's `summary` in the contract (for docs/api.md) and each statechart's `description`
 * and `meta: { description }` (for docs/flows and the flow explorer). The app never reads them;
 * the generators read the source, so nothing they write changes. In the budgeted first loads
 * they were 2.4 KB of the dashboard's contract and 0.5 KB of the login's statechart (gzip).
 */

type Node = { type: string; start: number; end: number; [key: string]: unknown }

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

const keyName = (property: Node) => {
  const key = property.key as Node | undefined
  if (!key || property.computed) return undefined
  if (key.type === 'Identifier') return key.name as string
  return key.type === 'Literal' && typeof key.value === 'string' ? key.value : undefined
}

const isText = (value: unknown) =>
  isNode(value) &&
  ((value.type === 'Literal' && typeof value.value === 'string') ||
    (value.type === 'TemplateLiteral' && (value.expressions as unknown[]).length === 0))

/** The keys that mark an object as a state node (or a machine's root) of a statechart. */
const stateKeys = new Set(['id', 'initial', 'states', 'on', 'always', 'invoke', 'type', 'tags'])

/** `summary: '…'` beside `wire` (a call's definition), `description`/`meta` of a state node. */
function documentationIn(object: Node, file: 'contract' | 'machine'): Node[] {
  const properties = (object.properties as Node[]).filter((each) => each.type === 'Property')
  const names = new Set(properties.map(keyName))
  if (file === 'contract')
    return names.has('wire')
      ? properties.filter((each) => keyName(each) === 'summary' && isText(each.value))
      : []
  if (![...names].some((name) => name !== undefined && stateKeys.has(name))) return []
  return properties.filter((each) => {
    const name = keyName(each)
    if (name === 'description') return isText(each.value)
    if (name !== 'meta' || !isNode(each.value) || each.value.type !== 'ObjectExpression')
      return false
    const inside = each.value.properties as Node[]
    return inside.every((entry) => keyName(entry) === 'description' && isText(entry.value))
  })
}

function collect(node: unknown, file: 'contract' | 'machine', found: Node[]) {
  if (Array.isArray(node)) {
    for (const each of node) collect(each, file, found)
    return
  }
  if (!isNode(node)) return
  if (node.type === 'ObjectExpression') found.push(...documentationIn(node, file))
  for (const [key, value] of Object.entries(node))
    if (key !== 'type' && typeof value === 'object') collect(value, file, found)
}

/** The end of a property with the comma that follows it, if any. */
function endWithComma(code: string, end: number) {
  const rest = /^\s*,/.exec(code.slice(end))
  return rest ? end + rest[0].length : end
}

const fileKind = (id: string): 'contract' | 'machine' | null => {
  const path = id.split('?')[0] ?? ''
  if (/[\\/]src[\\/]machines[\\/][^\\/]+\.machine\.ts$/.test(path)) return 'machine'
  if (/[\\/]src[\\/]api[\\/]contract[\\/].+\.ts$/.test(path)) return 'contract'
  return null
}

export function withoutDocumentationStrings(): Plugin {
  return {
    name: 'without-documentation-strings',
    apply: 'build',
    transform(code, id) {
      const kind = fileKind(id)
      if (!kind) return null
      const found: Node[] = []
      collect(this.parse(code), kind, found)
      if (found.length === 0) return null
      const edited = new MagicString(code)
      for (const property of found) edited.remove(property.start, endWithComma(code, property.end))
      return { code: edited.toString(), map: edited.generateMap({ hires: true }) }
    },
  }
}
