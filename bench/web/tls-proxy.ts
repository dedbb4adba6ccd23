import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import http from 'node:http'
import http2 from 'node:http2'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TLSSocket } from 'node:tls'
import { promisify } from 'node:util'

const execute = promisify(execFile)
const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host'])

/** A certificate for localhost, made with the system's `openssl`, valid for a day. */
async function selfSignedCertificate() {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-tls-'))
  try {
    const key = path.join(dir, 'key.pem')
    const cert = path.join(dir, 'cert.pem')
    await execute('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ])
    return { key: await readFile(key), cert: await readFile(cert) }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * HTTPS with HTTP/2 in front of a server of the bench, as a customer reaches the portal: through
 * a TLS-terminating reverse proxy (docs/operations.md), which speaks HTTP/2 to the browser and
 * HTTP/1.1 to the portal. Bodies pass through as they are (precompressed files stay compressed).
 * The certificate is self-signed: the browser must be told to accept it.
 */
export async function startTlsProxy(upstreamUrl: string) {
  const upstream = new URL(upstreamUrl)
  const server = http2.createSecureServer(
    { ...(await selfSignedCertificate()), allowHTTP1: true },
    (request, response) => {
      const headers: http.OutgoingHttpHeaders = {}
      for (const [name, value] of Object.entries(request.headers))
        if (!name.startsWith(':') && !hopByHop.has(name)) headers[name] = value
      headers.host = upstream.host
      headers['x-forwarded-proto'] = 'https'
      const forwarded = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: request.url,
          method: request.method,
          headers,
        },
        (answer) => {
          const answerHeaders: http.OutgoingHttpHeaders = {}
          for (const [name, value] of Object.entries(answer.headers))
            if (!hopByHop.has(name)) answerHeaders[name] = value
          response.writeHead(answer.statusCode ?? 502, answerHeaders)
          answer.pipe(response)
        },
      )
      forwarded.on('error', () => {
        if (!response.headersSent) response.writeHead(502)
        response.end()
      })
      request.pipe(forwarded)
    },
  )
  // The browser keeps its connections open: they are cut when the bench stops.
  const connections = new Set<TLSSocket>()
  server.on('secureConnection', (socket) => {
    connections.add(socket)
    socket.on('close', () => connections.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `https://localhost:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const socket of connections) socket.destroy()
      }),
  }
}
