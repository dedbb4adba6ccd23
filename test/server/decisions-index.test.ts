import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const folder = path.resolve('docs/decisions')

describe('the decision records', () => {
  it('each has a title and a Status line, and a row in the index', async () => {
    const records = (await readdir(folder)).filter((name) => /^\d{3}-.+\.md$/.test(name))
    const index = await readFile(path.join(folder, 'README.md'), 'utf8')
    for (const record of records) {
      const [title, , status] = (await readFile(path.join(folder, record), 'utf8')).split('\n')
      expect(title, record).toMatch(new RegExp(`^# ${record.slice(0, 3)}: `))
      expect(status, record).toMatch(/^Status: /)
      expect(index, record).toContain(`](${record})`)
    }
  })
})
