/**
 * `npm run ops -- <command>`: operator commands against the portal's database (the same settings
 * as the server). While the server runs they go through its local channel (OPS_SOCKET, by default DATA_DIR/ops.sock),
 * so they work on the embedded database too; otherwise this process opens the database itself.
 */
import { ConfigError, parseConfig } from '../config'
import { openDatabase } from '../db/database'
import { ensureBankAccounts } from '../db/ledger'
import { loadKeyRing, setKeyRing } from '../keys/key-ring'
import { sendToRunningServer } from './channel'
import { isDatabaseFileCommand, runDatabaseFileCommand } from './database-file-commands'
import { currentOperator, isKnownCommand, runOpsCommand, takeActing, usage } from './run'

// `--as <staff e-mail>` names the person who acts (docs/decisions/068).
const { as, argv } = takeActing(process.argv.slice(2))
if (!isKnownCommand(argv) && !isDatabaseFileCommand(argv)) {
  console.log(usage())
  process.exit(argv.length === 0 || argv[0] === 'help' ? 0 : 2)
}
let config: ReturnType<typeof parseConfig>
try {
  config = parseConfig(process.env)
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(2)
}
const operator = currentOperator()
// backup and restore run here, where their file and pg_dump are (docs/decisions/114).
let result = isDatabaseFileCommand(argv)
  ? await runDatabaseFileCommand(config, argv, new Date())
  : await sendToRunningServer(config.opsSocket, argv, operator, as)
if (!result) {
  // No server answered: run here. Some commands queue e-mail (KYC decisions), sealed with the
  // key ring; `keys rotate` re-seals with it.
  setKeyRing(await loadKeyRing(config))
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    preparedStatements: config.databasePreparedStatements,
    dataDir: `${config.dataDir}/pgdata`,
    migrate: config.migrateAtStart,
  })
  try {
    await ensureBankAccounts(database.db)
    result = await runOpsCommand(database.db, argv, {
      operator,
      as,
      now: new Date(),
      publicUrl: config.publicUrl,
    })
  } finally {
    await database.close()
  }
}
if (result.exitCode === 0) console.log(result.output)
else console.error(result.output)
process.exitCode = result.exitCode
