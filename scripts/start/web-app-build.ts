/**
 * The web app build of `npm start` (scripts/start.ts): whether dist/ is missing or older than
 * its sources, and `vite build` in a child process.
 */
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { projectRoot } from '#server/project-root'

export { projectRoot }

const builtIndex = path.join(projectRoot, 'dist', 'index.html')
const sources = [
  'src',
  'index.html',
  'public',
  'vite.config.ts',
  'scripts/build',
  'package-lock.json',
]

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

/** dist/ is missing or older than a source of the web app. */
export function webAppNeedsBuild(): boolean {
  return !existsSync(builtIndex) || statSync(builtIndex).mtimeMs < newestChange(sources)
}

/**
 * `vite build` in a child process; its warnings and errors go straight to the terminal. Resolves
 * with how long it took, for the start-up line. The child is stopped when this process exits.
 */
export function buildWebApp(): Promise<string> {
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
