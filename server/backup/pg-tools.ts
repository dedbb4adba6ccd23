import { spawn } from 'node:child_process'

/**
 * PostgreSQL's own client programs, pg_dump and pg_restore (Debian's postgresql-client-15), run
 * from PATH. The password of DATABASE_URL goes to them in PGPASSWORD, never on the command line
 * where any account of the machine could read it.
 */
export class PgToolError extends Error {}

const connectionOf = (databaseUrl: string) => {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  return {
    dbname: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  }
}

/** Runs `program` with `args`; resolves with its output, rejects with what it said on failure. */
function run(
  program: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    let errors = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      errors += chunk
    })
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new PgToolError(
          error.code === 'ENOENT'
            ? `${program} is not installed here (Debian: apt-get install postgresql-client-15).`
            : `${program} did not start: ${error.message}`,
        ),
      ),
    )
    child.on('close', (code) => {
      if (code === 0) resolve(output)
      else reject(new PgToolError(`${program} failed (exit ${code}): ${errors.trim()}`))
    })
  })
}

export const pgDumpVersion = async () => (await run('pg_dump', ['--version'])).trim()

/** A custom-format dump of the database as the exported snapshot `snapshot` sees it. */
export function dumpDatabase(databaseUrl: string, snapshot: string, file: string) {
  const { dbname, env } = connectionOf(databaseUrl)
  return run(
    'pg_dump',
    ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${dbname}`],
    env,
  )
}

/** The archive's table of contents: reading it fails when the archive is not one. */
export const listArchive = (file: string) => run('pg_restore', ['--list', file])

/**
 * Restores the archive in one transaction (all or nothing), owned by the restoring role, without
 * the source's grants (its roles need not exist here).
 */
export function restoreArchive(databaseUrl: string, file: string) {
  const { dbname, env } = connectionOf(databaseUrl)
  return run(
    'pg_restore',
    [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      `--dbname=${dbname}`,
      file,
    ],
    env,
  )
}
