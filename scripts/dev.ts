/**
 * `npm run dev`: the API server on PORT (8080) and Vite's dev server with hot reload on 5173,
 * which proxies /api, /uploads and the console's /wp-admin/api to it (see vite.config.ts).
 */
import { createServer } from 'vite'
import { parseConfig } from '#server/config'
import { startServer } from '#server/main'
import { projectRoot } from '#server/project-root'
import { devProxy } from '../vite.config'

// One developer's one server: it migrates at start on PostgreSQL too unless told otherwise.
const config = parseConfig({ MIGRATE_AT_START: 'true', ...process.env })
await startServer(config)
const api = `http://${config.host}:${config.port}`
const vite = await createServer({
  root: projectRoot,
  server: { port: 5173, host: config.host, proxy: devProxy(api, config.publicUrl) },
})
await vite.listen()
vite.printUrls()
console.log('[portal] develop at the Vite address above; the API runs on', config.publicUrl)
