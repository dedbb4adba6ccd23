import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import { describe, expect, it } from 'vitest'

/**
 * Every word a customer reads is in every language's catalog (docs/decisions/090): the messages
 * in the code are the ones `npx lingui extract` last wrote, each has its Spanish, and each
 * translation keeps the English's placeholders and tags, so no value or link is lost.
 */
const config = getConfig({ configPath: 'lingui.config.ts' })
const catalogs = await getCatalogs(config)

/** `{amount}`, `{0}`, `<0>`, `</0>`: what a translation must carry over unchanged. */
const placeholders = (message: string) =>
  [...message.matchAll(/\{(\w+)[,}]|<\/?\d+\/?>/g)].map((match) => match[1] ?? match[0]).sort()

describe.each(catalogs.map((catalog) => [catalog.path, catalog] as const))('%s', (_, catalog) => {
  it('holds every message of its code, each translated with the same placeholders', async () => {
    const inCode = (await catalog.collect()) ?? {}
    const english = await catalog.read('en')
    const spanish = await catalog.read('es')
    const notExtracted = Object.entries(inCode)
      .filter(([id]) => !(id in english))
      .map(([, message]) => message.message)
    expect(notExtracted, 'run `npx lingui extract`').toEqual([])
    const untranslated = Object.entries(inCode)
      .filter(([id]) => !spanish[id]?.translation)
      .map(([, message]) => message.message)
    expect(untranslated, 'missing from the Spanish catalog').toEqual([])
    const changed = Object.entries(inCode)
      .filter(([id, message]) => {
        const translation = spanish[id]?.translation ?? ''
        return placeholders(translation).join() !== placeholders(message.message ?? '').join()
      })
      .map(([id, message]) => `${message.message} → ${spanish[id]?.translation}`)
    expect(changed, 'placeholders or tags differ').toEqual([])
  })
})

/** A module's file from an import in `from`: `#ui/x`, `#routes/x`, `./x`; null outside src. */
function resolved(specifier: string, from: string): string | null {
  const alias = /^#(api|machines|ui|routes|i18n)\/(.*)$/.exec(specifier)
  const base = alias
    ? path.resolve('src', alias[1] ?? '', alias[2] ?? '')
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null
  if (!base) return null
  return (
    ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((end) => base + end)
      .find((file) => existsSync(file) && statSync(file).isFile()) ?? null
  )
}

/** Every file of src that `entries` import, directly or not (type-only imports left out). */
function importedBy(entries: string[]): Set<string> {
  const seen = new Set<string>()
  const queue = [...entries]
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    const code = readFileSync(file, 'utf8')
    for (const match of code.matchAll(/^import (?!type )[^'"]*['"]([^'"]+)['"]/gm)) {
      const next = match[1] && resolved(match[1], file)
      if (next) queue.push(next)
    }
  }
  return seen
}

const consoleFiles = readdirSync('src/console', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => path.resolve('src/console', file))

it('the staff console draws only words of the shared catalog, the one it loads', () => {
  const shared = new Set(
    catalogs.find((catalog) => catalog.path.includes('src/i18n/app'))?.sourcePaths,
  )
  const macro = /from ['"]@lingui\/(core|react)\/macro['"]/
  const elsewhere = [...importedBy(consoleFiles)]
    .filter((file) => !file.includes('/src/console/') && macro.test(readFileSync(file, 'utf8')))
    .filter((file) => !shared.has(file))
    .map((file) => path.relative('.', file))
  expect(elsewhere, 'add them to the app catalog in lingui.config.ts').toEqual([])
})
