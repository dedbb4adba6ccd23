import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { registry } from './registry'

/**
 * Prometheus's scrape target on a listener of its own, never the public port: `GET /metrics`
 * in the text format; anything else 404.
 */
export async function startMetricsServer(options: { host: string; port: number }) {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end()
      return
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const { address, port } = server.address() as AddressInfo
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}/metrics`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
