import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { flowNameOf, outcomesDir } from '#dev/flows/flow-catalog'
import { machineFiles, machinesDir, projectRoot } from '../../tools/flows/load-flows'

/**
 * The outcomes of the flows are fixtures (src/dev/outcomes/outcomes.ts): they sit with the dev
 * tools, one file per machine file, and the app never imports them. An outcomes file whose
 * machine is gone would be read by nobody, silently.
 */

const flowNames = new Set(machineFiles().map((file) => flowNameOf(file)))

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(projectRoot, dir), { recursive: true, encoding: 'utf8' })
    .filter((entry) => /\.tsx?$/.test(entry))
    .map((entry) => `${dir}/${entry}`)
}

describe('outcome files', () => {
  it('name a machine file each', () => {
    const orphans = readdirSync(path.join(projectRoot, outcomesDir))
      .filter((entry) => entry.endsWith('.outcomes.ts'))
      .filter((entry) => !flowNames.has(entry.replace(/\.outcomes\.ts$/, '')))
    expect(orphans).toEqual([])
  })

  it('are not in src/machines', () => {
    const misplaced = readdirSync(path.join(projectRoot, machinesDir)).filter((entry) =>
      entry.includes('outcomes'),
    )
    expect(misplaced).toEqual([])
  })

  it('are not imported by the app', () => {
    const app = sourceFiles('src').filter((file) => !file.startsWith('src/dev/'))
    const importers = app.filter((file) =>
      /dev\/outcomes\//.test(readFileSync(path.join(projectRoot, file), 'utf8')),
    )
    expect(importers).toEqual([])
  })
})
