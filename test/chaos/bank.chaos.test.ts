import { describe, expect, it } from 'vitest'
import { postgresPrograms } from '../support/private-postgres'
import { describeReport, removeRunFiles, runBankChaos } from './bank-chaos'

const programs = postgresPrograms()

/**
 * `npm run test:chaos` at a small size (20 s) in every run: the same history and the same
 * checks, and no anomaly allowed. It runs a PostgreSQL server of its own, which it restarts:
 * without PostgreSQL's server programs it is skipped, saying so.
 */
describe.skipIf(!programs)('the bank under faults (3 servers, one PostgreSQL)', () => {
  it('keeps the books, the acknowledged transfers, the e-mails and the limits right', async () => {
    const report = await runBankChaos({
      seconds: 20,
      clients: 64,
      servers: 3,
      faultEveryMs: 3_000,
      log: (line) => console.log(`[chaos] ${line}`),
    })
    console.log(describeReport(report).join('\n'))
    expect(report.faults.get('server killed (SIGKILL)')).toBeGreaterThan(0)
    expect(report.faults.get('PostgreSQL restarted (pg_ctl restart -m fast)')).toBeGreaterThan(0)
    expect(report.figures.get('/readyz said 503 while PostgreSQL restarted')).toBeGreaterThan(0)
    expect(report.operations.get('transfer acknowledged')).toBeGreaterThan(0)
    expect(report.anomalies, `the servers' output: ${report.serverLog}`).toEqual([])
    await removeRunFiles(report)
  })
})

if (!programs)
  describe('the bank under faults', () => {
    it.skip("needs PostgreSQL's server programs (pg_ctl, initdb; Debian's postgresql)", () => {})
  })
