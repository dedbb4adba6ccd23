/**
 * `npm run cluster [-- N]`: N portal servers (default 3) on the PostgreSQL named by DATABASE_URL,
 * behind a round-robin load balancer on PORT (default 8080); the servers listen on PORT+1 to
 * PORT+N. For tests and demos on this machine. Other settings (SMTP_URL, SEED_DEMO, ...) are
 * passed to every server. Stops every server on Ctrl-C.
 */
import path from 'node:path'
import { parseConfig } from '#server/config'
import { loadMailKey } from '#server/mail/sealed-body'
import { serverDataDir, startCluster } from './cluster/start-cluster'

const size = Number(process.argv[2] ?? '3')
if (!Number.isInteger(size) || size < 1 || size > 16) {
  console.error('Usage: npm run cluster [-- N]   (N servers, 1 to 16; default 3)')
  process.exit(2)
}
if (!process.env.DATABASE_URL) {
  console.error(
    'npm run cluster needs DATABASE_URL (postgres://user@host:5432/db): the embedded database serves one process only.',
  )
  process.exit(2)
}
const config = parseConfig(process.env)
// One key for every server, handed to each as MAIL_KEY (their own DATA_DIRs hold no mail.key):
// made once here in DATA_DIR/mail.key when MAIL_KEY is unset.
const mailKey = (await loadMailKey(config)).toString('base64')
const say = (line: string) => console.log(`[cluster] ${line}`)
say(`starting ${size} servers on ports ${config.port + 1}-${config.port + size}`)
const cluster = await startCluster({
  port: config.port,
  serverPorts: Array.from({ length: size }, (_, i) => config.port + 1 + i),
  databaseUrl: config.databaseUrl as string,
  dataDir: config.dataDir,
  mailKey,
  env: { TRUST_PROXY: process.env.TRUST_PROXY || '1' },
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
