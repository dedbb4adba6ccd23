/**
 * `npm run ops -- <command>`: operator commands against the portal's database (the same settings
 * as the server). With the embedded database, stop the server first: PGlite allows one process.
 */
import { ConfigError, parseConfig } from '../config'
import { openDatabase } from '../db/database'
import { loadMailKey, setMailKey } from '../mail/sealed-body'
import { commands } from './commands'

const [group = 'help', action = '', ...args] = process.argv.slice(2)
const name = `${group} ${action}`
const command = commands[name]
if (!command) {
  console.log('Usage: npm run ops -- <command> [arguments]\n')
  for (const [key, entry] of Object.entries(commands))
    console.log(`  ${`${key} ${entry.usage}`.padEnd(38)} ${entry.summary}`)
  process.exit(group === 'help' ? 0 : 2)
}
let config: ReturnType<typeof parseConfig>
try {
  config = parseConfig(process.env)
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(2)
}
// Some commands queue e-mail (KYC decisions), sealed with the server's key.
setMailKey(await loadMailKey(config))
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: `${config.dataDir}/pgdata`,
})
try {
  const output = await command.run(database.db, args, new Date())
  console.log(output)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await database.close()
}
