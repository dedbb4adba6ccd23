import { createServer, request, type Server } from 'node:http'
import { performance } from 'node:perf_hooks'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFloodGate, type FloodGate } from '#server/load/flood-gate'
import { createLogger } from '#server/logging/logger'
import { freePort } from '../support/free-port'

// A Node whose socket internals moved: the module refuses, as it does when the shape it checks
// is not there (test/server/node-socket-internals.test.ts).
vi.mock('#server/load/node-socket-internals', async (original) => {
  const actual = await original<typeof import('#server/load/node-socket-internals')>()
  const moved = () => {
    throw new actual.NodeSocketInternalsChanged('`_paused` of an http server socket', 'test')
  }
  return { ...actual, stopReading: moved, startReading: moved }
})

/** A refused call over a connection of its own: its status and how long it took. */
function refused(port: number): Promise<{ status: number; ms: number }> {
  const began = performance.now()
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/users?crud=iduser' },
      (incoming) => {
        incoming.resume()
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, ms: performance.now() - began }),
        )
      },
    )
    outgoing.on('error', reject)
    outgoing.end('email=a')
  })
}

describe('the flood gate on a Node whose socket internals moved', () => {
  let server: Server
  let gate: FloodGate
  afterEach(async () => {
    gate.stop()
    await new Promise((resolve) => server.close(resolve))
  })

  it('still holds refusals back (pausing as it can) and says so once in the log', async () => {
    const lines: string[] = []
    const holdMs = 200
    gate = await createFloodGate({
      limits: { refusing: () => true, refusedFor: () => 60 },
      trustProxy: { hops: 0 },
      publicUrl: 'http://portal.test',
      now: () => new Date(),
      logger: createLogger((line) => lines.push(line)),
      floodLimits: { connectionsPerAddress: 8, holdMs, heldPerAddress: 8, heldInAll: 8 },
    })
    server = gate.attach(createServer(gate.wrap((_incoming, res) => res.end('passed on'))))
    const port = await freePort()
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
    const replies = await Promise.all([refused(port), refused(port)])
    for (const reply of replies) {
      expect(reply.status).toBe(429)
      expect(reply.ms).toBeGreaterThanOrEqual(holdMs - 20)
    }
    const errors = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 50)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({ msg: 'flood gate: held connections are read again' })
    expect(errors[0].err.message).toMatch(/node-socket-internals\.ts/)
  })
})
