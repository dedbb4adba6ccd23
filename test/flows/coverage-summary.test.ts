import { describe, expect, it } from 'vitest'
import { loadFlow } from '../../tools/flows/load-flows'
import type { CoverageReport } from '../harness/coverage-report'
import { mergeReports, summaryMarkdown } from './support/coverage-summary'

/** How the coverage gate adds up the describeMachinePaths blocks of one machine. */

const report = (testFile: string, missingStates: string[], missingTransitions: string[]) =>
  ({
    runId: 'run',
    testFile,
    machineId: 'verify',
    states: { covered: 17 - missingStates.length, total: 17, missing: missingStates },
    transitions: {
      covered: 28 - missingTransitions.length,
      total: 28,
      missing: missingTransitions,
    },
  }) satisfies CoverageReport

describe('coverage summary', () => {
  it('counts what any block reached: only what no block reached is missing', async () => {
    const flow = await loadFlow('verify')
    const merged = mergeReports(flow, [
      report('test/machines/a.test.ts', ['verifying.resend.sending'], ['t1', 't2']),
      report('test/machines/b.test.ts', ['verifying.resend.available'], ['t2']),
    ])
    expect(merged.states).toEqual({ covered: 17, total: 17, missing: [] })
    expect(merged.transitions).toEqual({ covered: 27, total: 28, missing: ['t2'] })
    expect(merged.testFiles).toEqual(['test/machines/a.test.ts', 'test/machines/b.test.ts'])
    const markdown = summaryMarkdown([merged])
    expect(markdown).toContain('| verify | 17/17 (100%) | 27/28 (96.4%) | t2 |')
  })
})
