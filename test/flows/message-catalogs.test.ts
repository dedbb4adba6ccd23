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
