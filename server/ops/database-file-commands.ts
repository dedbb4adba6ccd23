import { PgToolError } from '../backup/pg-tools'
import { BackupRefusal, RestoreRefusal } from '../backup/refusals'
import type { Config } from '../config'
import { type KeyRing, loadKeyRing } from '../keys/key-ring'
import type { OpsResult } from './run'

/**
 * Commands that run pg_dump or pg_restore on a file of the operator's machine
 * (docs/decisions/114). They run in the ops process, where the operator types them, never
 * through a running server's channel: the file and the programs are here, and a restore's
 * database has no server yet. They need DATABASE_URL; they are the database owner's tools, not
 * a member of staff's, so they take no `--as`. Their work loads when they run: the running
 * server's channel lists them in its usage, and must not load pg with them (decision 084).
 */
interface DatabaseFileCommand {
  usage: string
  summary: string
  run(config: Config, args: string[], now: Date): Promise<string>
}

const needsPostgres = (config: Config) => {
  if (!config.databaseUrl)
    throw new BackupRefusal(
      'Backups need DATABASE_URL (PostgreSQL). The embedded database is backed up by stopping the server and copying DATA_DIR/pgdata.',
    )
  return config.databaseUrl
}

const fileArgument = (args: string[]) => {
  const [file, ...rest] = args
  if (!file || rest.length > 0) throw new BackupRefusal('Give one file name: the dump.')
  return file
}

/** The ring the settings give, without making DATA_DIR/mail.key on the operator's machine. */
const ringOf = (config: Config): Promise<KeyRing | null> =>
  config.mailKeys || config.mailKey ? loadKeyRing(config) : Promise.resolve(null)

export const databaseFileCommands: Record<string, DatabaseFileCommand> = {
  backup: {
    usage: '<file>',
    summary:
      'pg_dump (custom format) of the database in one snapshot, and <file>.manifest.json: schema, row counts, the books, the audit chain, key ids',
    async run(config, args, now) {
      const databaseUrl = needsPostgres(config)
      const { backupDatabase } = await import('../backup/backup')
      return (await backupDatabase({ databaseUrl, file: fileArgument(args), now })).report
    },
  },
  restore: {
    usage: '<file>',
    summary:
      'restore a backup into an empty database (DATABASE_URL) and hold it to its manifest; refuses a non-empty database, a damaged dump, a newer schema',
    async run(config, args) {
      const databaseUrl = needsPostgres(config)
      const file = fileArgument(args)
      const { restoreDatabase } = await import('../backup/restore')
      return (await restoreDatabase({ databaseUrl, file, ring: await ringOf(config) })).report
    },
  },
}

export const isDatabaseFileCommand = (argv: string[]) =>
  argv[0] !== undefined && Object.hasOwn(databaseFileCommands, argv[0])

/** Runs one of them: 0 done, 1 refused or failed, with what to print. */
export async function runDatabaseFileCommand(
  config: Config,
  argv: string[],
  now: Date,
): Promise<OpsResult> {
  const [name = '', ...args] = argv
  const command = databaseFileCommands[name]
  if (!command) return { exitCode: 2, output: `Unknown command ${name}.` }
  try {
    return { exitCode: 0, output: await command.run(config, args, now) }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (error instanceof BackupRefusal || error instanceof RestoreRefusal)
      return { exitCode: 1, output: `Refused, nothing written: ${message}` }
    if (name === 'backup')
      return { exitCode: 1, output: `The backup failed; its partial dump was removed: ${message}` }
    return {
      exitCode: 1,
      output:
        error instanceof PgToolError
          ? `The restore failed and was rolled back (pg_restore runs in one transaction): ${message}`
          : `The restore failed: ${message}`,
    }
  }
}
