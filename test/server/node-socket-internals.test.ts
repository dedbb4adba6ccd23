import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { type AddressInfo, connect, Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import {
  NodeSocketInternalsChanged,
  startReading,
  stopReading,
} from '#server/load/node-socket-internals'

/**
 * The Node internals the server reads (server/load/node-socket-internals.ts), checked against
 * the running Node. When one of these fails after a Node upgrade, the flood gate's held
 * connections would be read again while their refusal waits (decision 057): fix the module, not
 * the test. If only the last one fails, Node no longer undoes a public pause(), and the module
 * can go.
 */

const first =
  'POST /first HTTP/1.1\r\nHost: portal\r\nContent-Type: text/plain\r\nContent-Length: 3\r\n\r\nabc'
const second = 'GET /second HTTP/1.1\r\nHost: portal\r\n\r\n'
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('node http server socket internals read by the flood gate', () => {
  let server: Server | undefined
  const clients: Socket[] = []
  afterEach(async () => {
    for (const client of clients.splice(0)) client.destroy()
    const open = server
    server = undefined
    if (open) await new Promise((resolve) => open.close(resolve))
  })

  /**
   * A server that gives `/first` to `onFirst` and answers everything else at once, and a
   * connection to it that has sent a whole request: the requests the server has seen so far,
   * and a function to send more on that connection.
   */
  async function connection(onFirst: (req: IncomingMessage, res: ServerResponse) => void) {
    const seen: string[] = []
    server = createServer((req, res) => {
      seen.push(req.url ?? '')
      if (req.url === '/first') onFirst(req, res)
      else res.end('ok')
    })
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1')
    clients.push(client)
    let answers = 0
    client.on('data', (chunk: Buffer) => {
      answers += chunk.toString('latin1').match(/HTTP\/1\.1 200/g)?.length ?? 0
    })
    client.write(first)
    await wait(100)
    return { seen, send: (text: string) => client.write(text), answers: () => answers }
  }

  it('gives each socket a request came on `_paused` (a boolean) and `parser` (with resume())', async () => {
    let fields: { paused: unknown; resume: unknown } | undefined
    await connection((req, res) => {
      const socket = req.socket as unknown as { _paused?: unknown; parser?: { resume?: unknown } }
      fields = { paused: typeof socket._paused, resume: typeof socket.parser?.resume }
      res.end('ok')
    })
    expect(fields).toEqual({ paused: 'boolean', resume: 'function' })
  })

  it('stopReading keeps a whole request’s connection unread; startReading reads on', async () => {
    let held: ServerResponse | undefined
    let socket: Socket | undefined
    const { seen, send, answers } = await connection((req, res) => {
      held = res
      socket = req.socket
      stopReading(req.socket)
    })
    send(second)
    await wait(200)
    expect(seen).toEqual(['/first'])
    if (!socket || !held) throw new Error('the first request never came')
    startReading(socket)
    held.end('ok')
    await wait(200)
    expect(seen).toEqual(['/first', '/second'])
    expect(answers()).toBe(2)
  })

  it('refuses, naming the field, a socket without them (and changes nothing)', () => {
    const plain = new Socket()
    expect(() => stopReading(plain)).toThrow(NodeSocketInternalsChanged)
    expect(() => stopReading(plain)).toThrow(/`_paused` of an http server socket/)
    expect(plain.isPaused()).toBe(false)
    plain.destroy()
  })

  it('is needed: node reads on after a public pause() once the request is read', async () => {
    let held: ServerResponse | undefined
    const { seen, send } = await connection((req, res) => {
      held = res
      req.socket.pause()
    })
    send(second)
    await wait(200)
    held?.end('ok')
    expect(seen).toEqual(['/first', '/second'])
  })
})
