// Budgets for what a route loads before it works, gzip like the transfer (`npm run size`, part of
// `npm test`). The file lists come from the build (dist/.vite/route-files.json, written by
// scripts/build/prerender.ts): the entry, its preloads, the stylesheet and the route's chunks.
// Raise a budget only with the reason in docs/decisions/036-first-load-budgets.md.
import { existsSync, readFileSync } from 'node:fs'

const routeFiles = 'dist/.vite/route-files.json'
if (!existsSync(routeFiles))
  throw new Error(`${routeFiles} is missing: run \`npm run build\` first`)
const routes = JSON.parse(readFileSync(routeFiles, 'utf8'))
const files = (list) => list.map((file) => `dist/${file}`)

const budget = (name, route, kind, limit) => ({
  name: `${name} ${kind === 'js' ? 'JavaScript' : 'CSS'} (gzip)`,
  path: files(routes[route][kind]),
  limit,
  gzip: true,
})

export default [
  // The KYC step, which sign-in reaches, asks the document's details (decision 099).
  budget('login route', 'login', 'js', '137.5 kB'),
  budget('login route', 'login', 'css', '4 kB'),
  budget('signup route', 'signup', 'js', '137 kB'),
  // With the contract, which the dashboard's loader needs at once (decision 053); without the
  // menus' dialogs, which load after the first paint (decision 062).
  budget('dashboard route', 'dashboard', 'js', '137.5 kB'),
  budget('dashboard route', 'dashboard', 'css', '5.2 kB'),
]
