import { cp, mkdtemp, rm, symlink } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import react from '@vitejs/plugin-react'
import { Hono } from 'hono'
import { build } from 'vite'
import { precompress } from '../../scripts/build/precompress'
import type { BenchProtocol } from './bench-portal'
import { startTlsProxy } from './tls-proxy'

const template = path.join(import.meta.dirname, 'hello-world')
const projectRoot = path.resolve(import.meta.dirname, '../..')

/**
 * Builds the Vite + React hello world from bench/web/hello-world in a temporary directory
 * (with the project's node_modules), compresses it like the app and serves it on a free port,
 * reached as the portal is (`protocol`).
 */
export async function serveHelloWorld(protocol: BenchProtocol = 'h2') {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-hello-world-'))
  await cp(template, dir, { recursive: true })
  await symlink(path.join(projectRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
  const outDir = path.join(dir, 'dist')
  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir },
  })
  await precompress(outDir)
  const app = new Hono()
  app.use('*', serveStatic({ root: path.relative(process.cwd(), outDir), precompressed: true }))
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    )
  })
  const { port } = server.address() as AddressInfo
  const direct = `http://127.0.0.1:${port}`
  const proxy = protocol === 'h2' ? await startTlsProxy(direct) : undefined
  return {
    url: `${proxy?.url ?? direct}/`,
    async stop() {
      await proxy?.stop()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await rm(dir, { recursive: true, force: true })
    },
  }
}
