import { existsSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { projectRoot } from '#server/project-root'
import { startProcess } from '../../support/child-process'
import { freePort } from '../../support/free-port'
import { copyPgliteTemplate } from '../../support/pglite-copy'

/**
 * The real server as a child process on embedded PGlite in `dataDir`, for tests that kill it
 * with SIGKILL. node itself runs the server (tsx as a loader), so the signal reaches the server.
 * A new `dataDir` gets a copy of the run's migrated template (test/support/pglite-template.ts).
 */
export async function startChildServer(dataDir: string, env: Record<string, string> = {}) {
  const pgdata = path.join(dataDir, 'pgdata')
  if (!existsSync(pgdata)) await copyPgliteTemplate(pgdata)
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const { child, exited: ended } = startProcess(
    process.execPath,
    ['--import', 'tsx', path.join(projectRoot, 'server/main.ts')],
    {
      cwd: projectRoot,
      // The embedded database whatever DATABASE_URL says: the test reads it back from DATA_DIR.
      env: {
        ...process.env,
        DATABASE_URL: '',
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        ...env,
      },
      stdio: 'ignore',
    },
  )
  const exited = ended.then(() => {})
  const server = {
    child,
    base,
    exited,
    /** SIGKILL, resolved once the process is gone. */
    async kill() {
      child.kill('SIGKILL')
      await exited
    },
    async call(query: string, body: URLSearchParams | FormData) {
      const response = await fetch(`${base}/api/users${query}`, { method: 'POST', body })
      return (await response.json()) as Record<string, unknown>
    },
  }
  let gone = false
  void exited.then(() => {
    gone = true
  })
  // A wait for start-up on a loaded machine (the database opened, migrated, perhaps seeded).
  const deadline = Date.now() + 90_000
  while (!gone && Date.now() < deadline) {
    if (
      await fetch(`${base}/api/users`).then(
        () => true,
        () => false,
      )
    )
      return server
    await sleep(100)
  }
  await server.kill()
  throw new Error(gone ? 'the server exited at start' : 'the server did not start')
}

export type ChildServer = Awaited<ReturnType<typeof startChildServer>>
