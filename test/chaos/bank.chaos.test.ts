import { describe, expect, it } from 'vitest'
import { describeReport, removeRunFiles, runBankChaos } from './bank-chaos'

const databaseUrl = process.env.DATABASE_URL

/**
 * `npm run test:chaos` at a small size (20 s) in every run: the same history and the same
 * checks, and no anomaly allowed. It needs a PostgreSQL server: without DATABASE_URL it is
 * skipped, saying so.
 */
describe.skipIf(!databaseUrl)('the bank under faults (3 servers, one PostgreSQL)', () => {
  it('keeps the books, the acknowledged transfers, the e-mails and the limits right', async () => {
    const report = await runBankChaos({
      databaseUrl: databaseUrl as string,
      seconds: 20,
      clients: 64,
      servers: 3,
      faultEveryMs: 3_000,
      log: (line) => console.log(`[chaos] ${line}`),
    })
    console.log(describeReport(report).join('\n'))
    expect(report.faults.get('server killed (SIGKILL)')).toBeGreaterThan(0)
    expect(report.operations.get('transfer acknowledged')).toBeGreaterThan(0)
    expect(report.anomalies, `the servers' output: ${report.serverLog}`).toEqual([])
    await removeRunFiles(report)
  })
})

if (!databaseUrl)
  describe('the bank under faults', () => {
    it.skip('needs DATABASE_URL (a PostgreSQL server): set it to run the chaos test', () => {})
  })
