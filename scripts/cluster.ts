/**
 * `npm run cluster [-- N]`: N portal servers (default 3) on the PostgreSQL named by DATABASE_URL,
 * behind a round-robin load balancer on PORT (default 8080); the servers listen on PORT+1 to
 * PORT+N. For tests and demos on this machine: the demo customers are seeded unless SEED_DEMO=false.
 * Other settings (SMTP_URL, ...) are passed to every server. Stops every server on Ctrl-C.
 */
import path from 'node:path'
import { parseConfig } from '#server/config'
import { keyRingSetting, loadKeyRing } from '#server/keys/key-ring'
import { serverDataDir, startCluster } from './cluster/start-cluster'

const size = Number(process.argv[2] ?? '3')
if (!Number.isInteger(size) || size < 1 || size > 16) {
  console.error('Usage: npm run cluster [-- N]   (N servers, 1 to 16; default 3)')
  process.exit(2)
}
const config = parseConfig(process.env)
if (!config.databaseUrl) {
  console.error(
    'npm run cluster needs DATABASE_URL or DATABASE_URL_FILE (postgres://user@host:5432/db): the embedded database serves one process only.',
  )
  process.exit(2)
}
// One key ring for every server, handed to each as MAIL_KEYS (their own DATA_DIRs hold no
// mail.key): made once here when no MAIL_KEYS, MAIL_KEY nor DATA_DIR/mail.key exists.
const mailKeys = keyRingSetting(await loadKeyRing(config))
const say = (line: string) => console.log(`[cluster] ${line}`)
say(`starting ${size} servers on ports ${config.port + 1}-${config.port + size}`)
const cluster = await startCluster({
  port: config.port,
  serverPorts: Array.from({ length: size }, (_, i) => config.port + 1 + i),
  databaseUrl: config.databaseUrl as string,
  dataDir: config.dataDir,
  mailKeys,
  // A cluster on this machine is a demo: the demo customers unless SEED_DEMO says otherwise
  // (a server alone on DATABASE_URL seeds nothing unless asked, docs/decisions/106).
  env: { TRUST_PROXY: process.env.TRUST_PROXY || '1', SEED_DEMO: process.env.SEED_DEMO || 'true' },
  onLine: (server, line) => console.log(`[${server}] ${line}`),
  onCrash: (server, code) => say(`${server} exited (code ${code}); the others go on`),
})
say(`load balancer: ${cluster.url}/wp-user/ (round robin, health checked every 0.5 s)`)
say(
  `operator commands: OPS_SOCKET=${path.join(serverDataDir(config.dataDir, 'server-1'), 'ops.sock')} npm run ops -- help`,
)
const stop = async () => {
  say('stopping')
  await cluster.stop()
  process.exit(0)
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
