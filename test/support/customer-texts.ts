import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { type NodePath, parseSync, traverse, types } from '@babel/core'

/**
 * The English texts the server's customer calls and the shared contract can answer with, read
 * from their source (docs/decisions/091): every string and template literal that reads as a
 * sentence or as a field's label or rule, in the files below. A template's `${…}` becomes a
 * sample value, so "Transfer scheduled for ${day}." is checked as "Transfer scheduled for V.".
 * Left out: what is thrown as an Error (the log's, never a customer's), imports, types, object
 * keys, the calls' `summary` (only the docs read it) and the staff's contract.
 */

const root = join(import.meta.dirname, '../..')

/** Where a customer's answer is written. */
export const customerTextSources = [
  'server/actions',
  'server/rpc/protocol-error.ts',
  'server/load/server-busy.ts',
  'src/api/contract',
  'src/api/upload-rules.ts',
  'server/storage',
]

/**
 * Where the bank writes a customer's notification (kept in English, shown in the reader's
 * language by the notifications call): only the texts given as a notification's or a notice's
 * title, head or body, or to a `notify(title, body)`; the rest of these files is the staff's.
 */
export const notificationSources = [
  'server/domain/fixed-deposits.ts',
  'server/domain/account-notices.ts',
  'server/domain/kyc-review.ts',
  'server/domain/funding-requests.ts',
  'server/domain/approval-kinds/account-unfreeze.ts',
  'server/domain/approval-kinds/correction.ts',
  'server/domain/sign-in-alerts.ts',
  'server/domain/transfers.ts',
  'server/domain/scheduled-transfers.ts',
]

const notificationFields = /^(title|head|body|notice)$/

/** Whether a literal is given as a notification's words (see `notificationSources`). */
function inNotification(path: Path): boolean {
  for (let up: Path | null = path.parentPath; up; up = up.parentPath) {
    const node = up.node
    if (types.isObjectProperty(node) && types.isIdentifier(node.key))
      return notificationFields.test(node.key.name)
    if (types.isCallExpression(node) && calleeOf(node) !== 'wordsIn')
      return calleeOf(node) === 'notify'
    if (types.isStatement(node)) return false
  }
  return false
}

const leftOutDirectories = ['src/api/contract/staff']

function filesUnder(path: string): string[] {
  const full = join(root, path)
  if (!statSync(full).isDirectory()) return [path]
  if (leftOutDirectories.includes(path)) return []
  return readdirSync(full).flatMap((name) => filesUnder(join(path, name)))
}

/** A sentence ("Invalid Credentials", "Your PIN has been reset.") or a rule ("must be 6 digits"). */
const readsAsWords = (text: string) =>
  /^[A-Z][a-z'’]*[ ,:]/.test(text.trim()) && /[a-z]{2}/.test(text) && text.includes(' ')
const readsAsRule = (text: string) =>
  /^(must|is|are|cannot|can|should|needs?|has|have|may) /.test(text)

const sample = 'V'

type Path = NodePath<types.Node>

function textOf(node: types.Node): string | null {
  if (types.isStringLiteral(node)) return node.value
  if (types.isTemplateLiteral(node))
    return node.quasis.map((quasi) => quasi.value.cooked ?? '').join(sample)
  return null
}

const calleeOf = (node: types.Node) =>
  types.isCallExpression(node) || types.isNewExpression(node) ? generatedName(node.callee) : ''
const generatedName = (node: types.Node): string =>
  types.isIdentifier(node)
    ? node.name
    : types.isMemberExpression(node)
      ? `${generatedName(node.object)}.${types.isIdentifier(node.property) ? node.property.name : ''}`
      : ''

function leftOut(path: Path): boolean {
  const parent = path.parent
  if (types.isImportDeclaration(parent) || types.isExportDeclaration(parent)) return true
  if (types.isTSLiteralType(parent)) return true
  if (types.isObjectProperty(parent) && parent.key === path.node) return true
  if (
    types.isObjectProperty(parent) &&
    types.isIdentifier(parent.key) &&
    /^(summary|description)$/.test(parent.key.name)
  )
    return true
  if (types.isMemberExpression(parent) && parent.property === path.node) return true
  if (types.isBinaryExpression(parent) && /^[=!]==?$/.test(parent.operator)) return true
  for (let up: Path | null = path.parentPath; up; up = up.parentPath) {
    if (types.isNewExpression(up.node) && /^(Error|TypeError|RangeError)$/.test(calleeOf(up.node)))
      return true
    if (types.isCallExpression(up.node) && /^(log|logger)\./.test(calleeOf(up.node))) return true
  }
  return false
}

export interface CustomerText {
  text: string
  file: string
  line: number
}

/** Every customer text in `customerTextSources`, with where it is written. */
export function customerTexts(): CustomerText[] {
  const found: CustomerText[] = []
  const notifying = new Set(notificationSources)
  for (const file of [...customerTextSources.flatMap(filesUnder), ...notificationSources]) {
    if (!file.endsWith('.ts')) continue
    const only = notifying.has(file) ? inNotification : () => true
    const ast = parseSync(readFileSync(join(root, file), 'utf8'), {
      filename: file,
      babelrc: false,
      configFile: false,
      parserOpts: { plugins: ['typescript'] },
    })
    if (!ast) throw new Error(`${file} could not be parsed`)
    traverse(ast, {
      enter(path) {
        const text = textOf(path.node)
        if (text === null || leftOut(path) || !only(path)) return
        if (readsAsWords(text) || readsAsRule(text))
          found.push({ text, file, line: path.node.loc?.start.line ?? 0 })
      },
    })
  }
  return found
}
