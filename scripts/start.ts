/**
 * `npm start`: builds the web app when the build is missing or older than its sources, then
 * starts the server (see server/main.ts for the settings). Each phase prints one line.
 *
 * The build runs in a child process while the server opens, migrates and seeds the database:
 * on a first start both are slow (the bundler, and PostgreSQL's initdb inside PGlite), each
 * keeps one core busy, and neither needs the other. The server listens once both are done.
 */
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { main, projectRoot } from '#server/main'

function newestChange(paths: string[]): number {
  let newest = 0
  for (const entry of paths) {
    const full = path.join(projectRoot, entry)
    if (!existsSync(full)) continue
    const stats = statSync(full)
    if (stats.isDirectory()) {
      newest = Math.max(
        newest,
        newestChange(readdirSync(full).map((name) => path.join(entry, name))),
      )
    } else newest = Math.max(newest, stats.mtimeMs)
  }
  return newest
}

/**
 * `vite build` in a child process; its warnings and errors go straight to the terminal. Resolves
 * with how long it took, for the start-up line.
 */
function buildWebApp(): Promise<string> {
  const vitePackage = createRequire(import.meta.url).resolve('vite/package.json')
  const viteCli = path.join(path.dirname(vitePackage), 'bin', 'vite.js')
  console.log(
    '[portal] building the web app into dist/ in the background (first start or changed sources)',
  )
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [viteCli, 'build', '--logLevel', 'warn'], {
      cwd: projectRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    const stopChild = () => child.kill()
    process.once('exit', stopChild)
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      process.off('exit', stopChild)
      if (code === 0) resolve(`${((performance.now() - started) / 1000).toFixed(1)} s`)
      else
        reject(new Error(`the web app build failed (vite build: ${signal ?? `exit code ${code}`})`))
    })
  })
}

const builtIndex = path.join(projectRoot, 'dist', 'index.html')
const sources = [
  'src',
  'index.html',
  'public',
  'vite.config.ts',
  'scripts/build',
  'package-lock.json',
]
const needsBuild = !existsSync(builtIndex) || statSync(builtIndex).mtimeMs < newestChange(sources)
await main(needsBuild ? { webAppBuild: buildWebApp } : {})
