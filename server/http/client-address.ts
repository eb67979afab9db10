/**
 * The client address that per-address rate limits count against. Behind a proxy (TRUST_PROXY)
 * it is the first X-Forwarded-For entry; otherwise the socket's peer.
 */
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return normalizeAddress(forwarded)
  }
  try {
    const address = getConnInfo(c).remote.address
    return address ? normalizeAddress(address) : 'unknown'
  } catch {
    // No Node socket behind this request (app.request() in tests, other runtimes).
    return 'unknown'
  }
}

/**
 * IPv4-mapped IPv6 becomes plain IPv4; other IPv6 addresses are cut to their /64 network,
 * since one subscriber usually holds a whole /64 and could otherwise rotate freely inside it.
 */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1]) return mapped[1]
  if (!address.includes(':')) return address
  const [head = '', tail] = address.toLowerCase().split('%')[0]?.split('::') ?? []
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const missing = Math.max(0, 8 - headGroups.length - tailGroups.length)
  const groups = [
    ...headGroups,
    ...Array<string>(tail === undefined ? 0 : missing).fill('0'),
    ...tailGroups,
  ]
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
