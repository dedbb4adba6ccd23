// The load generator of bench/transfers.ts, a process of its own (as pgbench is): its work
// (HTTP, JSON) is not the server's, and its CPU time is counted apart. Plain JavaScript: it
// runs without the TypeScript loader. Given the run by IPC, it answers with the counts.
//
// Each client holds one kept-alive HTTP/1.1 connection (as each pgbench client holds one) and
// writes its request on the socket itself: node:http's client cost more CPU per request than
// the answer it waits for is worth on a 2-core machine, CPU then taken from the server and
// PostgreSQL (docs/decisions/056). Answers must carry a Content-Length (the server's do).
import { randomUUID } from 'node:crypto'
import net from 'node:net'

const headerEnd = Buffer.from('\r\n\r\n')

/** One keep-alive connection; `send` posts a form and resolves with the parsed JSON answer. */
function connection(url) {
  const socket = net.connect(Number(url.port), url.hostname)
  socket.setNoDelay(true)
  let buffered = Buffer.alloc(0)
  let waiting = null
  socket.on('data', (chunk) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk
    const end = buffered.indexOf(headerEnd)
    if (end < 0 || !waiting) return
    const head = buffered.subarray(0, end).toString('latin1')
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)
    if (!length) return waiting.reject(new Error(`an answer without Content-Length: ${head}`))
    const bodyEnd = end + 4 + Number(length[1])
    if (buffered.length < bodyEnd) return
    const body = buffered.subarray(end + 4, bodyEnd).toString()
    buffered = buffered.subarray(bodyEnd)
    const { resolve } = waiting
    waiting = null
    resolve(JSON.parse(body))
  })
  socket.on('error', (error) => waiting?.reject(error))
  const path = `${url.pathname}${url.search}`
  return {
    /** `form` is URL-encoded, so ASCII: its length is its byte count. */
    send(form) {
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject }
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\n\r\n${form}`,
        )
      })
    },
    close: () => socket.destroy(),
  }
}

process.once('message', async ({ endpoint, fields, clients, seconds }) => {
  const url = new URL(endpoint)
  let done = 0
  let refused = 0
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  const deadline = started + seconds * 1000
  await Promise.all(
    clients.map(async ({ token, authorizations }) => {
      const client = connection(url)
      while (performance.now() < deadline && authorizations.length > 0) {
        const answer = await client.send(
          new URLSearchParams({
            ...fields,
            action: 'newtrs',
            token,
            authorization: authorizations.pop(),
            idempotency_key: randomUUID(),
          }).toString(),
        )
        if (answer.icon === 'success') done++
        else refused++
      }
      client.close()
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  process.send({ done, refused, elapsed, cpuMs: (cpu.user + cpu.system) / 1000 }, () =>
    process.exit(0),
  )
})
