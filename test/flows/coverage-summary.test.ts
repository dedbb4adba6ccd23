import { describe, expect, it } from 'vitest'
import { loadFlow } from '../../tools/flows/load-flows'
import type { CoverageReport } from '../harness/coverage-report'
import { mergeReports, summaryMarkdown } from './support/coverage-summary'

/** How the coverage gate adds up the describeMachinePaths blocks of one machine. */

const report = (testFile: string, missingStates: string[], missingTransitions: string[]) =>
  ({
    runId: 'run',
    testFile,
    machineId: 'resendCountdown',
    states: { covered: 3 - missingStates.length, total: 3, missing: missingStates },
    transitions: {
      covered: 5 - missingTransitions.length,
      total: 5,
      missing: missingTransitions,
    },
  }) satisfies CoverageReport

describe('coverage summary', () => {
  it('counts what any block reached: only what no block reached is missing', async () => {
    const flow = await loadFlow('resend-countdown')
    const merged = mergeReports(flow, [
      report('test/machines/a.test.ts', ['resending'], ['t1', 't2']),
      report('test/machines/b.test.ts', ['canResend'], ['t2']),
    ])
    expect(merged.states).toEqual({ covered: 3, total: 3, missing: [] })
    expect(merged.transitions).toEqual({ covered: 4, total: 5, missing: ['t2'] })
    expect(merged.testFiles).toEqual(['test/machines/a.test.ts', 'test/machines/b.test.ts'])
    const markdown = summaryMarkdown([merged])
    expect(markdown).toContain('| resend-countdown | 3/3 (100%) | 4/5 (80%) | t2 |')
  })
})
