import { isIPv6 } from 'node:net'

/** The bucket of requests whose address the server could not tell (in-process calls). */
export const unknownAddress = 'unknown'

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
