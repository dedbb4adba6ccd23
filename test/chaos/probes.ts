import { setTimeout as sleep } from 'node:timers/promises'
import { type Answer, call } from './api'
import type { RunRecord } from './history'
import { type Customer, passcode } from './seed'

/**
 * Checks that need two servers, made directly on them (not through the balancer) while the
 * faults go on: a session made on A works on B, and after logout on A is refused on B; five
 * wrong passcodes on A lock the account on B; one address's burst of calls without a session
 * spread over every server gets no more than its one bucket holds. A probe that got no answer
 * somewhere proves nothing and is counted as inconclusive.
 */
export async function runProbes(options: {
  servers: { name: string; url: string; running(): boolean }[]
  probes: Customer[]
  record: RunRecord
  until: () => boolean
  /** The per-address limit the servers run with. */
  perAddress: { burst: number; perSecond: number }
  /** Stop after this many probes (one of each kind: 3). */
  rounds?: number
  /** The first probe customer for lockouts not used yet (each lockout uses up one). */
  firstLockout?: number
  /** Client addresses are this prefix and a number: each probe has one of its own. */
  addressPrefix?: string
}) {
  const { record } = options
  let nextProbe = 0
  let nextAddress = 1
  const pair = () => {
    const up = options.servers.filter((server) => server.running())
    if (up.length < 2) return null
    const a = up[Math.floor(Math.random() * up.length)] as (typeof up)[number]
    const others = up.filter((server) => server !== a)
    return [a, others[Math.floor(Math.random() * others.length)] as (typeof up)[number]] as const
  }
  const inconclusive = (what: string) => record.count(`probe inconclusive: ${what}`)
  /** A busy hashing queue (429) refuses without counting anything (020): wait and send again. */
  const send = async (...args: Parameters<typeof call>): Promise<Answer> => {
    for (let attempt = 1; ; attempt++) {
      const answer = await call(...args)
      if (attempt === 10 || answer.kind !== 'answer' || answer.status !== 429) return answer
      await sleep(300 * attempt)
    }
  }

  async function session(customer: Customer, address: string) {
    const servers = pair()
    if (!servers) return
    const [a, b] = servers
    const login = await send(
      a.url,
      'userlogin',
      true,
      { email: customer.email, password: passcode },
      { address },
    )
    const token = login.kind === 'answer' ? login.body.jwt : undefined
    if (typeof token !== 'string') return inconclusive('session (login)')
    const onB = await send(b.url, 'keepalive', false, {}, { address, token })
    if (onB.kind !== 'answer' || onB.status >= 500) return inconclusive('session (use on B)')
    if (onB.status !== 200)
      record.anomaly(`a session made on ${a.name} was refused on ${b.name} (${onB.status})`)
    const logout = await send(a.url, 'logout', false, {}, { address, token })
    if (logout.kind !== 'answer' || logout.body.status !== true)
      return inconclusive('session (logout)')
    const after = await send(b.url, 'keepalive', false, {}, { address, token })
    if (after.kind !== 'answer' || after.status >= 500)
      return inconclusive('session (after logout)')
    if (after.status !== 401)
      record.anomaly(
        `a session logged out on ${a.name} still worked on ${b.name} (${after.status})`,
      )
    record.count('probe: session across servers')
  }

  async function lockout(customer: Customer, address: string) {
    const servers = pair()
    if (!servers) return
    const [a, b] = servers
    for (let i = 0; i < 5; i++) {
      const wrong = await send(
        a.url,
        'userlogin',
        true,
        { email: customer.email, password: '000000' },
        { address },
      )
      if (wrong.kind !== 'answer' || wrong.status !== 200)
        return inconclusive('lockout (wrong passcodes)')
    }
    const right = await send(
      b.url,
      'userlogin',
      true,
      { email: customer.email, password: passcode },
      { address },
    )
    if (right.kind !== 'answer' || right.status !== 200)
      return inconclusive('lockout (right passcode)')
    if (typeof right.body.jwt === 'string')
      record.anomaly(`an account locked on ${a.name} signed in on ${b.name}`)
    else if (!right.body.blocked_until)
      record.anomaly(`lockout check on ${b.name}: unexpected answer ${JSON.stringify(right.body)}`)
    record.count('probe: lockout across servers')
  }

  async function addressLimit(address: string) {
    const up = options.servers.filter((server) => server.running())
    if (up.length < 2) return
    const calls = options.perAddress.burst + 10
    const started = Date.now()
    let admitted = 0
    for (let i = 0; i < calls; i++) {
      const answer = await call(
        (up[i % up.length] as (typeof up)[number]).url,
        'getdocs',
        false,
        {},
        { address },
      )
      if (answer.kind !== 'answer' || answer.status >= 500) return inconclusive('address limit')
      if (answer.status === 200) admitted++
    }
    const refill = ((Date.now() - started) / 1000) * options.perAddress.perSecond
    const allowed = options.perAddress.burst + Math.ceil(refill)
    if (admitted > allowed)
      record.anomaly(
        `one address got ${admitted} calls through ${up.length} servers; its limit allows ${allowed}`,
      )
    record.count('probe: address limit across servers')
  }

  const firstLockout = options.firstLockout ?? 1
  while (options.until() && nextProbe < (options.rounds ?? Number.POSITIVE_INFINITY)) {
    // Each probe from an address of its own, so no probe runs into another's limits.
    const address = `${options.addressPrefix ?? '203.0.113.'}${nextAddress++ % 250}`
    const kind = nextProbe % 3
    if (kind === 0) await session(options.probes[0] as Customer, address)
    else if (kind === 1) {
      const customer = options.probes[firstLockout + Math.floor(nextProbe / 3)]
      if (customer) await lockout(customer, address)
    } else await addressLimit(address)
    nextProbe++
    await sleep(500)
  }
  return { lockoutsUsed: Math.ceil(nextProbe / 3) }
}
