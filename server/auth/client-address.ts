import { BlockList, isIP, isIPv6 } from 'node:net'

/** The bucket of requests whose address the server could not tell (in-process calls). */
export const unknownAddress = 'unknown'

/**
 * Which peers may tell the client's address in X-Forwarded-For (the TRUST_PROXY setting): the
 * nearest `hops` peers, or every peer inside `networks`. `{ hops: 0 }` trusts no one.
 */
export type TrustProxy = { hops: number } | { networks: string[] }

/** A network list as node's BlockList; throws on an entry that is not an address or CIDR. */
export function networkList(networks: string[]): BlockList {
  const list = new BlockList()
  for (const entry of networks) {
    const [address = '', prefix] = entry.split('/')
    const family = isIP(address)
    if (!family) throw new Error(`${entry} is not an address or network`)
    const type = family === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(address, type)
    else {
      const bits = Number(prefix)
      if (!/^\d{1,3}$/.test(prefix) || bits > (family === 6 ? 128 : 32))
        throw new Error(`${entry} has a bad prefix length`)
      list.addSubnet(address, bits, type)
    }
  }
  return list
}

const unmapped = (address: string) =>
  /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1] ?? address

function isTrusted(list: BlockList, address: string): boolean {
  const plain = unmapped(address)
  const family = isIP(plain)
  return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4')
}

/** Whether the TCP peer `peer` is a proxy that TRUST_PROXY trusts to name the client. */
export function isTrustedProxy(
  peer: string,
  trust: TrustProxy,
  trusted: BlockList | null = 'networks' in trust ? networkList(trust.networks) : null,
): boolean {
  return trusted ? isTrusted(trusted, peer) : (trust as { hops: number }).hops > 0
}

/**
 * The client's address: the TCP peer, or, when that peer is a trusted proxy, the address it
 * forwarded, walking X-Forwarded-For from the right as far as the proxies are trusted. An entry
 * that is not an address ends the walk (the last good address is kept).
 */
export function clientAddressFrom(
  socketAddress: string | null,
  forwardedFor: string | undefined,
  trust: TrustProxy,
  trusted: BlockList | null = 'networks' in trust ? networkList(trust.networks) : null,
): string | null {
  if (!socketAddress || !forwardedFor) return socketAddress
  const chain = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .reverse()
  let client = socketAddress
  for (const [hop, next] of chain.entries()) {
    const passOn = trusted ? isTrusted(trusted, client) : hop < (trust as { hops: number }).hops
    if (!passOn || !isIP(unmapped(next))) break
    client = next
  }
  return client
}

/** The eight 16-bit groups of an IPv6 address, as numbers. */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.split('::')
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)]
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number)
          return [(a << 8) | b, (c << 8) | d]
        })
  const left = parse(head)
  const right = tail === undefined ? [] : parse(tail)
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right]
}

/**
 * The key that per-address limits count under. IPv4 (also when mapped into IPv6) is the address
 * itself; IPv6 is its /64 network, since one subscriber usually holds a whole /64.
 */
export function addressBucket(address: string | null): string {
  if (!address) return unknownAddress
  const withoutZone = address.split('%')[0] ?? address
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(withoutZone)
  if (mapped?.[1]) return mapped[1]
  if (!isIPv6(withoutZone)) return withoutZone
  const network = ipv6Groups(withoutZone)
    .slice(0, 4)
    .map((group) => group.toString(16))
  return `${network.join(':')}::/64`
}
