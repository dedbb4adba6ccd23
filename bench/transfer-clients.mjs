// The load generator of bench/transfers.ts, a process of its own (as pgbench is): its work
// (HTTP, JSON) is not the server's, and its CPU time is counted apart. Plain JavaScript: it
// runs without the TypeScript loader. Given the run by IPC, it answers with the counts.
import { randomUUID } from 'node:crypto'
import http from 'node:http'

process.once('message', async ({ endpoint, fields, clients, seconds }) => {
  // One kept-alive connection per client, as each pgbench client has one.
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients.length })
  const send = (body) =>
    new Promise((resolve, reject) => {
      const request = http.request(
        endpoint,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          const chunks = []
          response.on('data', (chunk) => chunks.push(chunk))
          response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())))
          response.on('error', reject)
        },
      )
      request.on('error', reject)
      request.end(body)
    })
  let done = 0
  let refused = 0
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  const deadline = started + seconds * 1000
  await Promise.all(
    clients.map(async ({ token, authorizations }) => {
      while (performance.now() < deadline && authorizations.length > 0) {
        const answer = await send(
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
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  agent.destroy()
  process.send({ done, refused, elapsed, cpuMs: (cpu.user + cpu.system) / 1000 }, () =>
    process.exit(0),
  )
})
