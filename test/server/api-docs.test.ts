import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { callNames, calls } from '#api/contract'
import { renderApiDocs } from '../../scripts/api-docs'

describe('docs/api.md', () => {
  it('is what the contract registry produces now (run `npm run docs:api` after changing a call)', async () => {
    const committed = await readFile(new URL('../../docs/api.md', import.meta.url), 'utf8')
    expect(committed).toBe(renderApiDocs())
  })

  it('documents every call of the registry', () => {
    const docs = renderApiDocs()
    for (const name of callNames) {
      expect(docs).toContain(`### ${calls[name].wire}\n`)
      expect(docs).toContain(`- Name in the code: \`${name}\`\n`)
    }
  })
})
