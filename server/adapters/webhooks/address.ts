/**
 * Which addresses a webhook may not reach without the operator's leave
 * (`WEBHOOK_ALLOW_PRIVATE=1`): loopback, private networks (RFC 1918, IPv6 ULA), link-local
 * (cloud metadata lives there), carrier-grade NAT, unspecified and the IPv4-mapped forms of them.
 */
import { isIP } from 'node:net'

function ipv4Private(address: string): boolean {
  const [a = 0, b = 0] = address.split('.').map(Number)
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  )
}

export function isPrivateAddress(address: string): boolean {
  const kind = isIP(address)
  if (kind === 4) return ipv4Private(address)
  if (kind !== 6) return true
  const lower = address.toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
  if (mapped?.[1]) return ipv4Private(mapped[1])
  return (
    lower === '::' ||
    lower === '::1' ||
    lower.startsWith('fc') ||
    lower.startsWith('fd') ||
    /^fe[89ab]/.test(lower) ||
    lower.startsWith('ff')
  )
}
