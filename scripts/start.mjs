/**
 * `npm start` (package.json: `exec node scripts/start.mjs`): compiles the server into
 * server-dist/ when that is missing or older than its sources (scripts/start/server-build.mjs),
 * then runs the compiled start (scripts/start.ts: the web app's build, then the server). Plain
 * JavaScript, so that node runs it as it is: nothing at run time compiles TypeScript.
 */
import { buildServer, serverNeedsBuild } from './start/server-build.mjs'

if (serverNeedsBuild()) {
  process.stdout.write('[portal] compiling the server into server-dist/… ')
  try {
    process.stdout.write(`done in ${await buildServer()}\n`)
  } catch (error) {
    process.stdout.write('failed\n')
    throw error
  }
}
await import('../server-dist/start.js')
