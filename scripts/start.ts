/**
 * `npm start`, compiled (scripts/start.mjs runs it from server-dist/start.js): builds the web app
 * when the build is missing or older than its sources, then starts the server (see
 * server/main.ts for the settings). Each phase prints one line; the first is the loading of the
 * server's code, counted from the start of the process (node, the compiled server's modules and
 * the packages they import).
 *
 * The build runs in a child process while the server code loads and the server opens, migrates
 * and seeds the database: on a first start both are slow (the bundler, and PostgreSQL's initdb
 * inside PGlite), each keeps one core busy, and neither needs the other. The server listens once
 * both are done.
 *
 * Stopping: package.json runs `exec node scripts/start.mjs`, so this process is npm's own child
 * (no shell between them) and gets the SIGINT and
 * SIGTERM that npm passes on. server/main.ts stops the server on SIGINT, SIGTERM and SIGHUP; until
 * it is loaded, one of them ends the process here. npm does not pass SIGHUP on but dies of it, so
 * a process left without its parent stops as on a SIGHUP. Whatever ends the process stops the
 * build with it (test/server/npm-start.test.ts).
 */
import os from 'node:os'
import { buildWebApp, webAppNeedsBuild } from './start/web-app-build'

const stopSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
const endAtOnce = (signal: NodeJS.Signals) => process.exit(128 + os.constants.signals[signal])
for (const signal of stopSignals) process.on(signal, endAtOnce)
const parent = process.ppid
const parentWatch = setInterval(() => {
  if (process.ppid === parent) return
  clearInterval(parentWatch)
  process.kill(process.pid, 'SIGHUP')
}, 1_000)
parentWatch.unref()

const webAppBuilt = webAppNeedsBuild() ? buildWebApp() : undefined
// Awaited by the server after its database phases; a failure before then must not crash unhandled.
webAppBuilt?.catch(() => {})

process.stdout.write('[portal] loading the server code… ')
const { main } = await import('#server/main').catch((error: unknown) => {
  process.stdout.write('failed\n')
  throw error
})
process.stdout.write(`done in ${(performance.now() / 1000).toFixed(1)} s\n`)
// main() takes the signals over from here, synchronously: none is missed.
for (const signal of stopSignals) process.off(signal, endAtOnce)
await main(webAppBuilt ? { webAppBuild: () => webAppBuilt } : {})
