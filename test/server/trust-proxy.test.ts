import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '#server/app'
import { clientAddressFrom } from '#server/auth/client-address'
import { ConfigError, parseConfig } from '#server/config'
import { startTestApp, type TestApp } from './support/test-app'

describe('TRUST_PROXY', () => {
  it('is off by default, a hop count, or a list of addresses and CIDR networks', () => {
    expect(parseConfig({}).trustProxy).toEqual({ hops: 0 })
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 })
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual({
      networks: ['10.0.0.0/8', '127.0.0.1', '::1'],
    })
    expect(() => parseConfig({ TRUST_PROXY: 'the proxy' })).toThrow(ConfigError)
    expect(() => parseConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(ConfigError)
  })

  it('finds the client in X-Forwarded-For only as far as the proxies are trusted', () => {
    const forwarded = '203.0.113.1, 198.51.100.9, 10.0.0.2'
    expect(clientAddressFrom('10.0.0.1', forwarded, { hops: 0 })).toBe('10.0.0.1')
    expect(clientAddressFrom('10.0.0.1', forwarded, { hops: 1 })).toBe('10.0.0.2')
    expect(clientAddressFrom('10.0.0.1', forwarded, { hops: 2 })).toBe('198.51.100.9')
    expect(clientAddressFrom('10.0.0.1', forwarded, { hops: 9 })).toBe('203.0.113.1')
    expect(clientAddressFrom('10.0.0.1', forwarded, { networks: ['10.0.0.0/8'] })).toBe(
      '198.51.100.9',
    )
    expect(clientAddressFrom('192.0.2.7', forwarded, { networks: ['10.0.0.0/8'] })).toBe(
      '192.0.2.7',
    )
    expect(clientAddressFrom('::ffff:10.0.0.1', '198.51.100.9', { networks: ['10.0.0.0/8'] })).toBe(
      '198.51.100.9',
    )
    expect(clientAddressFrom('10.0.0.1', undefined, { hops: 1 })).toBe('10.0.0.1')
    expect(clientAddressFrom('10.0.0.1', 'garbage, 198.51.100.9', { hops: 2 })).toBe('198.51.100.9')
  })
})

describe('per-address limits behind a proxy (PGlite)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      seed: false,
      limits: {
        perAddress: { burst: 3, perSecond: 0.001 },
        perServer: { burst: 1000, perSecond: 1000 },
        signupsPerAddress: { burst: 1000, perSecond: 1000 },
        mailingGlobal: { burst: 1000, perSecond: 1000 },
      },
    })
  })
  afterAll(() => t.close())

  const fromProxy = (app: ReturnType<typeof createApp>, client: string) =>
    app.request(
      '/api/users',
      {
        method: 'POST',
        headers: { 'x-forwarded-for': client },
        body: new URLSearchParams({ action: 'getdocs' }),
      },
      { incoming: { socket: { remoteAddress: '10.0.0.1' } } },
    )

  it('counts each client behind a trusted proxy on its own', async () => {
    const app = createApp({ ...t.deps, trustProxy: { networks: ['10.0.0.0/8'] } })
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await fromProxy(app, '198.51.100.1')).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    expect((await fromProxy(app, '198.51.100.2')).status).toBe(200)
  })

  it('ignores X-Forwarded-For from an untrusted peer', async () => {
    const app = createApp({ ...t.deps, trustProxy: { hops: 0 } })
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await fromProxy(app, `198.51.100.${10 + i}`)).status)
    expect(statuses).toEqual([200, 200, 200, 429])
  })
})
