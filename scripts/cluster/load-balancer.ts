import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createProxyServer } from 'http-proxy-3'

/**
 * A small round-robin load balancer for the local cluster (http-proxy-3 forwards): requests go
 * to the servers that answered the last health check; a server that refuses a connection is
 * taken out at once and back in when a check passes. A request that was under way on a server
 * that died gets 502: the client retries it (with its idempotency key for money).
 */
export interface LoadBalancer {
  url: string
  /** The servers taking requests now. */
  healthy(): string[]
  close(): Promise<void>
}

/** The server's readiness probe: ready means the database answers and it is not stopping. */
async function answers(target: string): Promise<boolean> {
  try {
    const response = await fetch(`${target}/readyz`, { signal: AbortSignal.timeout(2_000) })
    await response.body?.cancel()
    return response.ok
  } catch {
    return false
  }
}

export async function startLoadBalancer(options: {
  targets: string[]
  port: number
  host?: string
  healthIntervalMs?: number
}): Promise<LoadBalancer> {
  const up = new Set(options.targets)
  let next = 0
  // xfwd: the servers see the client in X-Forwarded-For (TRUST_PROXY names this hop).
  const proxy = createProxyServer({ xfwd: true, proxyTimeout: 60_000 })
  const fail = (response: ServerResponse) => {
    if (response.headersSent) {
      response.destroy()
      return
    }
    response.writeHead(502, { 'Content-Type': 'application/json' })
    response.end(JSON.stringify({ error: true, message: 'No server answered. Please try again.' }))
  }
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const ready = options.targets.filter((target) => up.has(target))
    if (ready.length === 0) return fail(response)
    const target = ready[next++ % ready.length] as string
    proxy.web(request, response, { target }, (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') up.delete(target)
      fail(response)
    })
  })
  const check = async () => {
    await Promise.all(
      options.targets.map(async (target) => {
        if (await answers(target)) up.add(target)
        else up.delete(target)
      }),
    )
  }
  const timer = setInterval(() => void check(), options.healthIntervalMs ?? 500)
  timer.unref()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host ?? '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    healthy: () => options.targets.filter((target) => up.has(target)),
    async close() {
      clearInterval(timer)
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      proxy.close()
    },
  }
}
