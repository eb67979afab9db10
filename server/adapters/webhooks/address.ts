/**
 * Which addresses a webhook may not reach without the operator's leave
 * (`WEBHOOK_ALLOW_PRIVATE=1`): anything but public unicast. An address is parsed into its bytes
 * and judged by prefix, never by its spelling, since one address has many: `127.0.0.1`,
 * `2130706433`, `0x7f.1`, `::ffff:7f00:1`, `64:ff9b::7f00:1` and `2002:7f00:1::` all lead here.
 */

type Range = { prefix: number[]; bits: number; name: string }

const range = (prefix: number[], bits: number, name: string): Range => ({ prefix, bits, name })

/** IPv4 not globally reachable (IANA special-purpose registry), plus multicast and reserved. */
const ipv4Ranges: Range[] = [
  range([0], 8, 'esta rede (0.0.0.0/8)'),
  range([10], 8, 'rede privada (10/8)'),
  range([100, 64], 10, 'NAT de operadora (100.64/10)'),
  range([127], 8, 'este servidor (127/8)'),
  range([169, 254], 16, 'link-local (169.254/16)'),
  range([172, 16], 12, 'rede privada (172.16/12)'),
  range([192, 0, 0], 24, 'protocolos da IETF (192.0.0/24)'),
  range([192, 0, 2], 24, 'documentação (192.0.2/24)'),
  range([192, 88, 99], 24, 'relay 6to4 (192.88.99/24)'),
  range([192, 168], 16, 'rede privada (192.168/16)'),
  range([198, 18], 15, 'testes de desempenho (198.18/15)'),
  range([198, 51, 100], 24, 'documentação (198.51.100/24)'),
  range([203, 0, 113], 24, 'documentação (203.0.113/24)'),
  range([224], 4, 'multicast (224/4)'),
  range([240], 4, 'reservado e broadcast (240/4)'),
]

/** IPv6 inside global unicast (2000::/3) that is still not a receiver on the internet. */
const ipv6Ranges: Range[] = [
  // Teredo (2001::/32), benchmarking (2001:2::/48), ORCHID and the other protocol assignments.
  range([0x20, 0x01, 0x00], 23, 'protocolos da IETF e Teredo (2001::/23)'),
  range([0x20, 0x01, 0x0d, 0xb8], 32, 'documentação (2001:db8::/32)'),
  range([0x3f, 0xff, 0x00], 20, 'documentação (3fff::/20)'),
]

function within(bytes: Uint8Array, { prefix, bits }: Range): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff
    if (((bytes[bit / 8] ?? 0) & mask) !== ((prefix[bit / 8] ?? 0) & mask)) return false
  }
  return true
}

const startsWith = (bytes: Uint8Array, prefix: number[]) =>
  prefix.every((byte, index) => bytes[index] === byte)

/**
 * One IPv4 part as inet_aton and the WHATWG URL parser read it: `0x` hex, a leading 0 octal,
 * else decimal; undefined when it is none of them.
 */
function ipv4Part(part: string): number | undefined {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16)
  if (/^0[0-7]*$/.test(part)) return Number.parseInt(part, 8)
  if (/^[1-9][0-9]*$/.test(part)) return Number(part)
  return undefined
}

/**
 * IPv4 in every form a resolver accepts: `a.b.c.d`, `a.b.c` and `a.b` (the last part fills the
 * rest), a single number, each part decimal, octal or hex; one trailing dot, as URLs allow.
 */
function parseIpv4(text: string): Uint8Array | undefined {
  const parts = text.replace(/\.$/, '').split('.')
  if (parts.length > 4) return undefined
  const numbers = parts.map(ipv4Part)
  if (numbers.some((value) => value === undefined)) return undefined
  const values = numbers as number[]
  const last = values.pop() as number
  if (values.some((value) => value > 255) || last >= 256 ** (4 - values.length)) return undefined
  const bytes = new Uint8Array(4)
  values.forEach((value, index) => {
    bytes[index] = value
  })
  for (
    let index = 3, rest = last;
    index >= values.length;
    index -= 1, rest = Math.floor(rest / 256)
  )
    bytes[index] = rest % 256
  return bytes
}

/** IPv6 with `::`, a dotted IPv4 tail (`::ffff:10.0.0.1`) and a zone id (`fe80::1%eth0`). */
function parseIpv6(text: string): Uint8Array | undefined {
  let rest = text.replace(/%.*$/, '').toLowerCase()
  const tail = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(rest)
  if (tail?.[1] && tail[2]) {
    const parts = tail[2].split('.').map(Number)
    if (parts.some((part) => part > 255) || !/^(0|[1-9]\d*)(\.(0|[1-9]\d*)){3}$/.test(tail[2]))
      return undefined
    const [a = 0, b = 0, c = 0, d = 0] = parts
    rest = `${tail[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const halves = rest.split('::')
  if (halves.length > 2) return undefined
  const groups = (half: string | undefined) => (half ? half.split(':') : [])
  const head = groups(halves[0])
  const end = groups(halves[1])
  const missing = 8 - head.length - end.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...end]
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return undefined
  const bytes = new Uint8Array(16)
  all.forEach((group, index) => {
    const value = Number.parseInt(group, 16)
    bytes[index * 2] = value >> 8
    bytes[index * 2 + 1] = value & 0xff
  })
  return bytes
}

/** The address's bytes (4 or 16), or undefined when the text is not an IP address. */
export function parseAddress(text: string): Uint8Array | undefined {
  const bare = text.replace(/^\[(.*)\]$/, '$1')
  return bare.includes(':') ? parseIpv6(bare) : parseIpv4(bare)
}

function ipv4Refusal(bytes: Uint8Array): string | undefined {
  return ipv4Ranges.find((item) => within(bytes, item))?.name
}

/**
 * Why this IPv6 address may not be reached, or undefined when it is public. The forms that
 * carry an IPv4 address (mapped, NAT64, 6to4) are judged by the address they carry.
 */
function ipv6Refusal(bytes: Uint8Array): string | undefined {
  const zeros = (count: number) => Array<number>(count).fill(0)
  const carried = (form: string, ipv4: Uint8Array) => {
    const why = ipv4Refusal(ipv4)
    return why && `${form}: ${why}`
  }
  if (startsWith(bytes, [...zeros(10), 0xff, 0xff]))
    return carried('IPv4 mapeado', bytes.subarray(12))
  if (startsWith(bytes, zeros(12))) return '::, ::1 ou IPv4 compatível (::/96)'
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b, ...zeros(8)]))
    return carried('NAT64', bytes.subarray(12))
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b, 0x00, 0x01])) return 'NAT64 local (64:ff9b:1::/48)'
  if (startsWith(bytes, [0x20, 0x02])) return carried('6to4', bytes.subarray(2, 6))
  // Outside global unicast: unique-local fc00::/7, link-local fe80::/10, multicast ff00::/8, …
  if ((bytes[0] ?? 0) >> 5 !== 0b001) return 'fora do unicast global (2000::/3)'
  return ipv6Ranges.find((item) => within(bytes, item))?.name
}

/**
 * Why a webhook may not reach this address without the operator's leave, or undefined when it
 * is public. Text that is not an address is refused too: only a checked address is connected to.
 */
export function addressRefusal(address: string): string | undefined {
  const bytes = parseAddress(address)
  if (!bytes) return 'não é um endereço IP'
  return bytes.length === 4 ? ipv4Refusal(bytes) : ipv6Refusal(bytes)
}

export const isPrivateAddress = (address: string) => addressRefusal(address) !== undefined

/** Names that mean this machine whatever the DNS says (RFC 6761): localhost and *.localhost. */
export const isLocalName = (hostname: string) => /(^|\.)localhost\.?$/i.test(hostname)
