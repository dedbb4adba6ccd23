/**
 * `npm run test:chaos [-- SECONDS]`: the bank test on a PostgreSQL server of its own for
 * SECONDS (default 60): 64 clients, 3 servers, a fault every 3 s. Prints the operations, the
 * faults and the anomalies; exits 1 when it found any anomaly.
 */
import { postgresPrograms } from '../support/private-postgres'
import { describeReport, removeRunFiles, runBankChaos } from './bank-chaos'

if (!postgresPrograms()) {
  console.error(
    "npm run test:chaos needs PostgreSQL's server programs (pg_ctl, initdb): it starts a server of its own.",
  )
  process.exit(2)
}
const seconds = Number(process.argv[2] ?? process.env.CHAOS_SECONDS ?? '60')
if (!Number.isFinite(seconds) || seconds < 5 || seconds > 3600) {
  console.error('Usage: npm run test:chaos [-- SECONDS]   (5 to 3600; default 60)')
  process.exit(2)
}
const started = performance.now()
const report = await runBankChaos({
  seconds,
  clients: 64,
  servers: 3,
  faultEveryMs: 3_000,
  log: (line) => console.log(`[chaos] ${line}`),
})
for (const line of describeReport(report)) console.log(line)
console.log(`took ${((performance.now() - started) / 1000).toFixed(1)} s`)
if (report.anomalies.length > 0) {
  console.log(`the servers' output: ${report.serverLog}`)
  process.exit(1)
}
await removeRunFiles(report)
