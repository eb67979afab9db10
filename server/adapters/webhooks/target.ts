/**
 * Where a webhook may go: the one check behind saving an endpoint and behind every send. The
 * URL must be https (plain http only with WEBHOOK_ALLOW_PRIVATE=1, as for private addresses)
 * and every address its host is, or resolves to, must be public. The addresses returned are the
 * ones checked, so the sender connects to them and not to what a second resolution would say.
 */
import { type LookupAddress, lookup } from 'node:dns'
import { isIP } from 'node:net'
import { addressRefusal, isLocalName, parseAddress } from './address'

export type TargetRefusal = 'plainHttp' | 'privateAddress' | 'unresolvable'

export type Target =
  | { refused: TargetRefusal; why: string }
  | { url: URL; hostname: string; addresses: LookupAddress[] }

export type Resolve = (hostname: string) => Promise<LookupAddress[]>

/** A name resolves within this long, or counts as not found (a save must not hang on DNS). */
export const RESOLVE_TIMEOUT_MS = 5_000

/** Every address the system resolver gives for the name (`/etc/hosts` included, as Node's). */
export const resolveAll: Resolve = (hostname) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('ETIMEOUT')), RESOLVE_TIMEOUT_MS)
    lookup(hostname, { all: true }, (error, addresses) => {
      clearTimeout(timer)
      if (error) reject(error)
      else resolve(addresses)
    })
  })

const refused = (reason: TargetRefusal, why: string): Target => ({ refused: reason, why })

export async function webhookTarget(
  url: string,
  allowPrivate: boolean,
  resolve: Resolve = resolveAll,
): Promise<Target> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return refused('unresolvable', 'URL inválida')
  }
  const secure = parsed.protocol === 'https:'
  if (!secure && !(allowPrivate && parsed.protocol === 'http:'))
    return refused('plainHttp', parsed.protocol)
  const hostname = parsed.hostname.replace(/^\[(.*)\]$/, '$1')
  // An address in the URL is connected to as written: Node resolves nothing for it.
  const literal = parseAddress(hostname)
  if (literal) {
    const why = addressRefusal(hostname)
    if (why && !allowPrivate) return refused('privateAddress', why)
    const address = hostname.replace(/%.*$/, '')
    // URLs write addresses one way (127.0.0.1, ::ffff:7f00:1); another spelling is not guessed.
    if (isIP(address) === 0) return refused('unresolvable', 'endereço em forma não canônica')
    return { url: parsed, hostname, addresses: [{ address, family: literal.length === 4 ? 4 : 6 }] }
  }
  if (!allowPrivate && isLocalName(hostname)) return refused('privateAddress', 'localhost')
  let addresses: LookupAddress[]
  try {
    addresses = await resolve(hostname)
  } catch (error) {
    return refused('unresolvable', (error as NodeJS.ErrnoException).code ?? String(error))
  }
  // Only what Node could connect to is kept; anything else is refused, not guessed at.
  const unusable = addresses.find((item) => isIP(item.address) === 0)
  if (addresses.length === 0 || unusable) return refused('unresolvable', 'sem endereço')
  if (!allowPrivate)
    for (const item of addresses) {
      const why = addressRefusal(item.address)
      if (why) return refused('privateAddress', why)
    }
  return { url: parsed, hostname, addresses }
}
