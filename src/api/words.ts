import type { Language } from './languages'
import { spanishWords } from './words-es'

/**
 * The server's words in the customer's language (docs/decisions/091). The server and the
 * contract write English, the spec's words, exactly as before; a text for a Spanish reader goes
 * through `wordsIn` at the edge (the dispatcher's answer, the browser's form rules). The table
 * (./words-es.ts) holds each English text once, a text with values as a template whose
 * `{name}`s stand for them ("Transfer scheduled for {day}."). No Lingui here: the server runs
 * this module as it is, and the table is plain data.
 */

type Template = { pattern: RegExp; names: string[]; spanish: string }

let templates: Template[] | undefined

const escaped = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&')

/** A value: any text within one sentence (a value never ends one sentence and starts another). */
const value = '((?:(?![.!?] [A-Z0-9]).)+?)'

/** Each `{name}` of an English template matches a value; the rest, only itself. */
function templateOf(english: string, spanish: string): Template {
  const names: string[] = []
  const source = english
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1]
      if (!name) return escaped(part)
      names.push(name)
      return value
    })
    .join('')
  return { pattern: new RegExp(`^${source}$`, 's'), names, spanish }
}

const literalLength = (pattern: RegExp) => pattern.source.replaceAll(value, '').length

function templatesOf(): Template[] {
  templates ??= Object.entries(spanishWords)
    .filter(([english]) => /\{\w+\}/.test(english))
    .map(([english, spanish]) => templateOf(english, spanish))
    // The most specific first: "{name} is saved. As the account details changed, …" before
    // "{name} is saved.".
    .sort((a, b) => literalLength(b.pattern) - literalLength(a.pattern))
  return templates
}

/** An amount as English writes it ("$1,234.50", "-€5.00") in Spanish ("1.234,50 $"). */
function spanishAmount(value: string): string | null {
  const amount = /^(-?)([^\d\s.,-]{1,3})(\d{1,3}(?:,\d{3})+|\d+)\.(\d{2})$/.exec(value)
  if (!amount) return null
  const [, sign, symbol, whole = '', cents] = amount
  return `${sign}${whole.replaceAll(',', '.')},${cents}\u00a0${symbol}`
}

/** A value inside a template: a text of the table, an amount, or itself (a name, a date). */
const spanishValue = (value: string) => spanishOf(value) ?? spanishAmount(value) ?? value

/** "The amount must be more than 0.": a field's label and a rule's predicate (contract/labels.ts). */
function fieldSentenceOf(english: string): string | null {
  if (!english.endsWith('.')) return null
  const body = english.slice(0, -1)
  for (let space = body.indexOf(' '); space > 0; space = body.indexOf(' ', space + 1)) {
    const label = spanishWords[body.slice(0, space)]
    if (label === undefined) continue
    const predicate = spanishOf(body.slice(space + 1))
    if (predicate !== null) return `${label} ${predicate}.`
  }
  return null
}

/**
 * The Spanish of an English text the server or the contract writes, or null when the table has
 * none: the text itself, a template it matches, or each of its sentences.
 */
export function spanishOf(english: string): string | null {
  const exact = spanishWords[english]
  if (exact !== undefined) return exact
  for (const template of templatesOf()) {
    const match = template.pattern.exec(english)
    if (!match) continue
    return template.names.reduce(
      (text, name, index) => text.replaceAll(`{${name}}`, spanishValue(match[index + 1] ?? '')),
      template.spanish,
    )
  }
  const field = fieldSentenceOf(english)
  if (field !== null) return field
  const sentences = english.split(/(?<=[.!?])\s+(?=[A-Z0-9])/)
  if (sentences.length < 2) return null
  const spanish = sentences.map((sentence) => spanishOf(sentence))
  return spanish.every((text) => text !== null) ? spanish.join(' ') : null
}

/**
 * `english` for a reader of `language`: the spec's words in English; else the table's, an
 * amount written the Spanish way, or the text as it is (a name).
 */
export function wordsIn(language: Language, english: string): string {
  return language === 'en' ? english : spanishValue(english)
}
