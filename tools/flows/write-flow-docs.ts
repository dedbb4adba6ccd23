/**
 * `npm run flows`: rewrites docs/flows from src/machines (one page per flow and an index) and
 * removes the pages of flows that are gone. test/flows/flow-docs.test.ts fails when the
 * committed pages differ from what this writes.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { flowDocs } from './flow-doc'
import { loadFlows, projectRoot } from './load-flows'

export const docsDir = path.join(projectRoot, 'docs', 'flows')

const pages = flowDocs(await loadFlows())
mkdirSync(docsDir, { recursive: true })
for (const entry of readdirSync(docsDir)) {
  if (entry.endsWith('.md') && !pages.has(entry)) {
    rmSync(path.join(docsDir, entry))
    console.log(`removed docs/flows/${entry}`)
  }
}
for (const [file, text] of pages) writeFileSync(path.join(docsDir, file), text)
console.log(`wrote ${pages.size} pages to docs/flows (${pages.size - 1} flows and the index)`)
