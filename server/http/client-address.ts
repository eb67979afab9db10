/**
 * The client address that per-address rate limits count against. Behind `trustProxy` proxies
 * it is the X-Forwarded-For entry that many hops from the right — the address the outermost
 * proxy saw; everything left of it was written by the client and proves nothing. Without
 * proxies, the socket's peer.
 */
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

export function clientAddress(c: Context, trustProxy: number): string {
  if (trustProxy > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
    // Fewer entries than proxies: the request skipped one; the left-most is the best we have.
    const forwarded = hops[Math.max(0, hops.length - trustProxy)]
    if (forwarded) return normalizeAddress(forwarded)
  }
  const peer = peerAddress(c)
  return peer ? normalizeAddress(peer) : 'unknown'
}

/** The socket's peer as written; undefined when there is no Node socket (app.request()). */
export function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return undefined
  }
}

/** 127.0.0.0/8 and ::1, also IPv4-mapped. */
export function isLoopback(address: string): boolean {
  const plain = address.toLowerCase().replace(/^::ffff:/, '')
  return /^127\.\d+\.\d+\.\d+$/.test(plain) || plain === '::1' || plain === '0:0:0:0:0:0:0:1'
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
