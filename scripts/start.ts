/**
 * `npm start`: builds the web app when the build is missing or older than its sources, then
 * starts the server (see server/main.ts for the settings).
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
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

const builtIndex = path.join(projectRoot, 'dist', 'index.html')
const sources = [
  'src',
  'index.html',
  'public',
  'vite.config.ts',
  'scripts/build',
  'package-lock.json',
]
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < newestChange(sources)) {
  console.log('[portal] building the web app (vite build)...')
  const { build } = await import('vite')
  await build({ root: projectRoot, logLevel: 'warn' })
}
await main()
