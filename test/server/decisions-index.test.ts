import { access, readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const folder = path.resolve('docs/decisions')

/** About a page: a longer record is carrying history or figures that belong elsewhere. */
const maxLines = 90

interface DecisionRecord {
  file: string
  number: string
  lines: string[]
  status: string
}

async function readRecords(): Promise<DecisionRecord[]> {
  const files = (await readdir(folder)).filter((name) => /^\d{3}-.+\.md$/.test(name)).sort()
  return Promise.all(
    files.map(async (file) => {
      const lines = (await readFile(path.join(folder, file), 'utf8')).trimEnd().split('\n')
      return { file, number: file.slice(0, 3), lines, status: (lines[2] ?? '').slice(8) }
    }),
  )
}

/**
 * The records a Status line names after `amends` / `supersedes` (what this record changes) or
 * after `amended by` / `superseded by` (what changed it): `accepted; amends 005, 025; amended by
 * 047 (how a posting is written)`. Numbers in brackets are notes, not names.
 */
function named(status: string, side: 'changes' | 'changedBy'): string[] {
  const words = side === 'changes' ? ['amends ', 'supersedes '] : ['amended by ', 'superseded by ']
  return status
    .replace(/\([^)]*\)/g, '')
    .split(';')
    .map((clause) => clause.trim().toLowerCase())
    .filter((clause) => words.some((word) => clause.startsWith(word)))
    .flatMap((clause) => clause.match(/\d{3}/g) ?? [])
}

const superseded = (record: DecisionRecord) => /^superseded by /i.test(record.status)

describe('the decision records', () => {
  it('each has a title and a Status line, and a row in the index', async () => {
    const records = await readRecords()
    const index = await readFile(path.join(folder, 'README.md'), 'utf8')
    for (const record of records) {
      const [title, , status] = record.lines
      expect(title, record.file).toMatch(new RegExp(`^# ${record.number}: `))
      expect(status, record.file).toMatch(/^Status: /)
      expect(index, record.file).toContain(`](${record.file})`)
    }
  })

  it('the index row gives the record its own title and status', async () => {
    const index = await readFile(path.join(folder, 'README.md'), 'utf8')
    for (const record of await readRecords()) {
      const title = (record.lines[0] ?? '').slice(7)
      expect(index, record.file).toContain(
        `| ${record.number} | [${title}](${record.file}) | ${record.status} |`,
      )
    }
  })

  it(`each is about a page: at most ${maxLines} lines`, async () => {
    for (const record of await readRecords())
      expect(record.lines.length, record.file).toBeLessThanOrEqual(maxLines)
  })

  it('each has the sections Context, Decision and Consequences, in that order', async () => {
    for (const record of await readRecords()) {
      if (superseded(record)) continue
      const sections = record.lines.filter((line) => line.startsWith('## '))
      expect(sections, record.file).toEqual(['## Context', '## Decision', '## Consequences'])
    }
  })

  it('an amendment is named on both records', async () => {
    const records = await readRecords()
    const byNumber = new Map(records.map((record) => [record.number, record]))
    for (const record of records) {
      for (const other of named(record.status, 'changes')) {
        const changed = byNumber.get(other)
        expect(changed, `${record.file} changes ${other}`).toBeDefined()
        expect(named(changed?.status ?? '', 'changedBy'), `${other} by ${record.number}`).toContain(
          record.number,
        )
      }
      for (const other of named(record.status, 'changedBy')) {
        const changer = byNumber.get(other)
        expect(changer, `${record.file} changed by ${other}`).toBeDefined()
        expect(
          named(changer?.status ?? '', 'changes'),
          `${other} changes ${record.number}`,
        ).toContain(record.number)
      }
    }
  })

  it('every link in the records and the index points at a file in the repository', async () => {
    const files = [...(await readRecords()).map((record) => record.file), 'README.md']
    for (const file of files) {
      const text = await readFile(path.join(folder, file), 'utf8')
      for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        expect(target, `${file} links outside the repository`).not.toMatch(/^[a-z]+:/i)
        const local = path.resolve(folder, target.split('#')[0] ?? '')
        await expect(access(local), `${file} links ${target}`).resolves.toBeUndefined()
      }
    }
  })
})
