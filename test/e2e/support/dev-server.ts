import path from 'node:path'
import { createServer } from 'vite'
import { projectRoot } from '../../../tools/flows/load-flows'
import { freePort } from '../../support/free-port'

/** A Vite dev server (the portal's or the flow explorer's config) on a free loopback port. */
export async function startDevServer(configFile: string) {
  const port = await freePort()
  const server = await createServer({
    configFile: path.join(projectRoot, configFile),
    server: { host: '127.0.0.1', port, strictPort: true },
    logLevel: 'warn',
    clearScreen: false,
  })
  await server.listen()
  return { origin: `http://127.0.0.1:${port}`, close: () => server.close() }
}

export type DevServer = Awaited<ReturnType<typeof startDevServer>>
