/**
 * Fills a catalog's translations from a JSON object of English message → translation:
 *
 *   npx tsx tools/i18n/translate.ts src/routes/dashboard/send/-locales/es.po words.json
 *
 * The keys are the `msgid`s as `npx lingui extract` wrote them (placeholders such as `{0}`,
 * `{amount}` and `<0>…</0>` included, kept in the translation). An English message the catalog
 * does not hold is reported and the run fails, so a typo is not lost. `--missing` prints the
 * messages still without a translation as such a JSON object, to fill in.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import PO from 'pofile'

const [catalogPath, wordsPath] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
if (!catalogPath) throw new Error('usage: translate.ts <catalog.po> [words.json] [--missing]')
const catalog = PO.parse(readFileSync(catalogPath, 'utf8'))

if (process.argv.includes('--missing')) {
  const missing = catalog.items.filter((item) => (item.msgstr[0] ?? '') === '')
  console.log(JSON.stringify(Object.fromEntries(missing.map((item) => [item.msgid, ''])), null, 2))
} else {
  if (!wordsPath) throw new Error('usage: translate.ts <catalog.po> <words.json>')
  const words: Record<string, string> = JSON.parse(readFileSync(wordsPath, 'utf8'))
  const unknown = Object.keys(words).filter(
    (english) => !catalog.items.some((item) => item.msgid === english),
  )
  for (const item of catalog.items) {
    const translation = words[item.msgid]
    if (translation) item.msgstr = [translation]
  }
  writeFileSync(catalogPath, catalog.toString())
  if (unknown.length > 0) {
    console.error(`not in ${catalogPath}:\n${unknown.map((english) => `  ${english}`).join('\n')}`)
    process.exitCode = 1
  }
}
