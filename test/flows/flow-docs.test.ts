import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { flowDocs } from '../../tools/flows/flow-doc'
import { loadFlows, projectRoot } from '../../tools/flows/load-flows'

/** docs/flows must be what `npm run flows` writes from the machines as they are now. */

const docsDir = path.join(projectRoot, 'docs', 'flows')
const flows = await loadFlows()
const pages = flowDocs(flows)
const hint = 'docs/flows is stale: run `npm run flows` and commit docs/flows'

describe('docs/flows is current', () => {
  for (const [file, expected] of pages) {
    it(`docs/flows/${file}`, () => {
      const target = path.join(docsDir, file)
      expect(existsSync(target), `${hint} (docs/flows/${file} is missing)`).toBe(true)
      expect(readFileSync(target, 'utf8'), hint).toBe(expected)
    })
  }

  it('has no page for a flow that is gone', () => {
    const committed = existsSync(docsDir)
      ? readdirSync(docsDir).filter((entry) => entry.endsWith('.md'))
      : []
    expect(
      committed.filter((entry) => !pages.has(entry)),
      hint,
    ).toEqual([])
  })

  it('shows the delays and numbers of the spec by name', () => {
    const verify = pages.get('verify.md') ?? ''
    expect(verify).toContain('after tick (1 s) [isLastSecond]')
    expect(verify).toContain('resendCountdownSeconds 180 s (3:00)')
    expect(verify).toContain('```mermaid\nstateDiagram-v2')
    const login = flows.find((flow) => flow.name === 'login')
    if (login) expect(pages.get('login.md')).toContain('after redirectDelay (5 s)')
  })
})
