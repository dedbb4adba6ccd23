// @ts-check
/**
 * The compiled server (docs/decisions/084): esbuild bundles the server's TypeScript into
 * server-dist/, so `npm start` runs plain `node` with no TypeScript loader. Every output file is
 * written side by side in server-dist/ (server/project-root.ts relies on it): the start
 * (scripts/start.ts), the server (server/main.ts, also runnable as `node server-dist/main.js`),
 * each worker thread's module (every server/**\/*.worker.ts, under its own name), and the chunks
 * they share or load later (a dynamic `import()` becomes a chunk loaded when first needed).
 * Packages stay in node_modules (native and WebAssembly ones among them: @node-rs/argon2, sharp,
 * PGlite). Plain JavaScript, as scripts/start.mjs must run before anything is compiled.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const projectRoot = fileURLToPath(new URL('../..', import.meta.url))
export const serverDist = path.join(projectRoot, 'server-dist')
/** What the last build read, and when it started: its inputs changed later make it stale. */
const inputsFile = path.join(serverDist, 'inputs.json')
/** Changes to these change the build without being one of its inputs. */
const buildFiles = ['scripts/start/server-build.mjs', 'package-lock.json', 'package.json']

/** server-dist/ is missing, or a file it was compiled from changed since. */
export function serverNeedsBuild() {
  if (!existsSync(inputsFile)) return true
  const { startedAt, inputs } = JSON.parse(readFileSync(inputsFile, 'utf8'))
  return [...inputs, ...buildFiles].some((input) => {
    const file = path.join(projectRoot, input)
    return !existsSync(file) || statSync(file).mtimeMs > startedAt
  })
}

/** The worker threads' modules, each compiled to server-dist/<its file name>.js. */
function workerEntries() {
  const files = readdirSync(path.join(projectRoot, 'server'), { recursive: true, encoding: 'utf8' })
  return Object.fromEntries(
    files
      .filter((file) => file.endsWith('.worker.ts'))
      .map((file) => [path.basename(file, '.ts'), path.join('server', file)]),
  )
}

/**
 * Compiles the server into a new server-dist/; resolves with how long it took. A server still
 * running from the previous build loses the chunks it has not loaded yet, so restart it.
 */
export async function buildServer() {
  const esbuild = await import('esbuild')
  const startedAt = Date.now()
  rmSync(serverDist, { recursive: true, force: true })
  try {
    const result = await esbuild.build({
      absWorkingDir: projectRoot,
      entryPoints: { start: 'scripts/start.ts', main: 'server/main.ts', ...workerEntries() },
      outdir: serverDist,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'warning',
    })
    const inputs = Object.keys(result.metafile.inputs).filter(
      (input) => !input.startsWith('node_modules/'),
    )
    writeFileSync(inputsFile, JSON.stringify({ startedAt, inputs }, null, 1))
  } finally {
    // esbuild's service process is not needed once the server is built.
    await esbuild.stop()
  }
  return `${((Date.now() - startedAt) / 1000).toFixed(1)} s`
}

// `npm run build:server`
if (process.argv[1] === fileURLToPath(import.meta.url))
  console.log(`[portal] server-dist/ built in ${await buildServer()}`)
