import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseConfig } from '#server/config'
import { startServer } from '#server/main'
import { commands } from '#server/ops/commands'
import { projectRoot } from '#server/project-root'
import { freePort } from '../../support/free-port'
import { copyPgliteTemplate } from '../../support/pglite-copy'

/**
 * The built portal on a free port with a fresh DATA_DIR (embedded PGlite, local outbox);
 * `settings` adds environment settings (`SESSION_IDLE_MINUTES`). Its database starts as a copy
 * of the run's migrated template (test/support/pglite-template.ts), which the server seeds.
 * `settings` may be made from the port (a PUBLIC_URL on localhost, which passkeys need).
 */
export type PortalSettings = Record<string, string> | ((port: number) => Record<string, string>)

export async function startPortal(settings: PortalSettings = {}) {
  if (!existsSync(path.join(projectRoot, 'dist', 'index.html'))) {
    throw new Error(
      'The web app is not built: run `npm run build` first (`npm run test:e2e` does).',
    )
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-'))
  await copyPgliteTemplate(path.join(dataDir, 'pgdata'))
  const port = await freePort()
  const chosen = typeof settings === 'function' ? settings(port) : settings
  const config = parseConfig({ ...chosen, PORT: String(port), DATA_DIR: dataDir })
  const logLines: string[] = []
  const server = await startServer(config, { log: (line) => logLines.push(line) })
  // The set-up calls come from one browser of their own: its device cookie is kept, so signing
  // the same customer in again is not a new device each time (docs/decisions/080).
  const cookies = new Map<string, string>()
  return {
    url: `${server.url}/wp-user`,
    /** The address the server's links and passkeys are for (PUBLIC_URL). */
    publicUrl: config.publicUrl,
    dataDir,
    /** The running server's database, for seeding what a journey needs (one process: PGlite). */
    db: server.db,
    logLines,
    /** Calls the API as the browser would, for set-up steps that are not the journey itself. */
    async call(query: string, fields: Record<string, string>) {
      const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
      const response = await fetch(`${server.url}/api/users${query}`, {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: cookie ? { cookie } : {},
      })
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';')
        const equals = pair.indexOf('=')
        const value = pair.slice(equals + 1)
        if (value === '' || /max-age=0/i.test(line)) cookies.delete(pair.slice(0, equals))
        else cookies.set(pair.slice(0, equals), value)
      }
      return (await response.json()) as Record<string, unknown>
    },
    /**
     * Runs an operator command (`npm run ops -- kyc approve <email>`) on the running server's
     * database: the embedded PGlite allows one process, so the command runs in this one. `at`
     * is the moment it runs at: a later one moves the clock for a job such as
     * `scheduled-transfers run`.
     */
    async runOps(name: string, args: string[], at = new Date()) {
      const command = commands[name]
      if (!command) throw new Error(`no operator command '${name}'`)
      return command.run(server.db, args, at)
    },
    async stop() {
      await server.stop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export type Portal = Awaited<ReturnType<typeof startPortal>>
