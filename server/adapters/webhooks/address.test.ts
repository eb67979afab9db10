/**
 * The webhook address check as a table: every spelling of an address inside (this machine,
 * private networks, link-local, the IPv6 forms that carry an IPv4 address) is refused, and the
 * public ones are let through however they are written. URLs are read as the sender reads them:
 * through `new URL()`, which rewrites `[::ffff:127.0.0.1]` as `[::ffff:7f00:1]` and
 * `0x7f000001` as `127.0.0.1`.
 */
import { describe, expect, it } from 'vitest'
import { addressRefusal, isLocalName, parseAddress } from './address'
import { webhookTarget } from './target'

const refused = [
  // IPv4 in every spelling a resolver or a URL accepts.
  '127.0.0.1',
  '127.255.255.254',
  '0x7f000001',
  '2130706433',
  '0177.0.0.1',
  '0x7f.0.0.1',
  '127.1',
  '127.0.1',
  '017700000001',
  '0.0.0.0',
  '0',
  '10.0.0.1',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '100.127.255.255',
  '192.0.0.8',
  '192.0.2.1',
  '198.18.0.1',
  '198.19.255.255',
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  // IPv4-mapped, dotted and hex, short and long.
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::FFFF:7F00:0001',
  '0:0:0:0:0:ffff:7f00:1',
  '::ffff:169.254.169.254',
  '::ffff:a9fe:a9fe',
  '::ffff:10.0.0.1',
  '::ffff:a00:1',
  '::ffff:0.0.0.0',
  // IPv4-compatible (deprecated) and the unspecified and loopback addresses.
  '::127.0.0.1',
  '::7f00:1',
  '::8.8.8.8',
  '::',
  '::1',
  '0:0:0:0:0:0:0:1',
  '[::1]',
  // NAT64 carrying an inside address, and the local-use NAT64 prefix.
  '64:ff9b::127.0.0.1',
  '64:ff9b::7f00:1',
  '64:ff9b::a00:1',
  '64:ff9b:1::8.8.8.8',
  // 6to4 carrying an inside address.
  '2002:7f00:1::',
  '2002:a00:1::1',
  '2002:a9fe:a9fe::',
  // Teredo, benchmarking, documentation.
  '2001::1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  '2001:2::1',
  '2001:db8::1',
  '3fff::1',
  // Link-local (with a zone id), unique-local, site-local, multicast, discard.
  'fe80::1',
  'fe80::1%eth0',
  'febf::1',
  'fc00::1',
  'fd12:3456:789a::1',
  'fec0::1',
  'ff02::1',
  '100::1',
  // Not an address at all: only a checked address is connected to.
  'localhost',
  '256.0.0.1',
  '1.2.3.4.5',
  '::ffff:1.2.3.256',
  '1::2::3',
  '12345::1',
  '',
]

const allowed = [
  '8.8.8.8',
  '1.1.1.1',
  '16843009',
  '0x01010101',
  '1.1.257',
  '01.01.01.01',
  '1.1.1.1.',
  '::ffff:1.1.1.1',
  '::ffff:101:101',
  '2001:4860:4860::8888',
  '2001:4860:4860:0:0:0:0:8888',
  '[2606:4700:4700::1111]',
  '64:ff9b::8.8.8.8',
  '2002:808:808::1',
  '100.63.255.255',
  '100.128.0.1',
  '172.15.255.255',
  '172.32.0.1',
  '169.253.255.255',
  '198.17.255.255',
  '198.20.0.1',
  '223.255.255.255',
]

describe('which addresses a webhook may reach without WEBHOOK_ALLOW_PRIVATE', () => {
  it.each(refused)('refuses %s', (address) => {
    expect(addressRefusal(address)).toBeTypeOf('string')
  })

  it.each(allowed)('lets %s through', (address) => {
    expect(addressRefusal(address)).toBeUndefined()
  })

  it('reads one address however it is written', () => {
    const loopback = [127, 0, 0, 1]
    for (const text of ['127.0.0.1', '0x7f000001', '2130706433', '0177.0.0.1', '127.1'])
      expect([...(parseAddress(text) ?? [])], text).toEqual(loopback)
    const mapped = [...Array(10).fill(0), 0xff, 0xff, ...loopback]
    for (const text of ['::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:0001'])
      expect([...(parseAddress(text) ?? [])], text).toEqual(mapped)
  })

  it('names this machine by its reserved names', () => {
    for (const name of ['localhost', 'LOCALHOST', 'localhost.', 'a.localhost', 'x.y.localhost.'])
      expect(isLocalName(name), name).toBe(true)
    for (const name of ['localhost.com.br', 'mylocalhost', 'exemplo.com.br'])
      expect(isLocalName(name), name).toBe(false)
  })
})

/** Resolves every name to `addresses`, and counts the look-ups. */
const resolver = (addresses: string[]) => {
  const calls: string[] = []
  return {
    calls,
    resolve: async (hostname: string) => {
      calls.push(hostname)
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
    },
  }
}

describe('a webhook URL, as the sender reads it', () => {
  const insideUrls = [
    'https://[::ffff:127.0.0.1]:8443/',
    'https://[::ffff:7f00:1]/',
    'https://[::ffff:169.254.169.254]/latest/meta-data/',
    'https://[::ffff:10.0.0.1]/',
    'https://[::127.0.0.1]/',
    'https://[::7f00:1]/',
    'https://[64:ff9b::127.0.0.1]/',
    'https://[64:ff9b::a9fe:a9fe]/',
    'https://[2002:7f00:1::]/',
    'https://[::]/',
    'https://[::1]/',
    'https://[fe80::1]/',
    'https://[fd00::1]/',
    'https://0x7f000001/',
    'https://2130706433/',
    'https://0177.0.0.1/',
    'https://127.1/',
    'https://0/',
    'https://0.0.0.0/',
    'https://%31%32%37.0.0.1/',
    'https://１２７.０.０.１/',
    'https://127.0.0.1./',
    'https://100.64.0.1/',
    'https://localhost/',
    'https://LocalHost./',
    'https://api.localhost/',
  ]

  it.each(insideUrls)('refuses %s before any look-up', async (url) => {
    const dns = resolver(['8.8.8.8'])
    expect(await webhookTarget(url, false, dns.resolve)).toMatchObject({
      refused: 'privateAddress',
    })
    expect(dns.calls).toEqual([])
  })

  it.each([
    ['127.0.0.1'],
    ['::1'],
    ['::ffff:7f00:1'],
    ['10.1.2.3'],
    ['8.8.8.8', '169.254.169.254'],
    ['2001:4860:4860::8888', 'fd00::1'],
  ])('refuses a name that resolves to %s (and any others)', async (...addresses) => {
    const target = await webhookTarget(
      'https://receptor.exemplo.com.br/',
      false,
      resolver(addresses).resolve,
    )
    expect(target).toMatchObject({ refused: 'privateAddress' })
  })

  it('refuses plain http, and other schemes, unless the operator allows http', async () => {
    const dns = resolver(['8.8.8.8'])
    for (const url of ['http://receptor.exemplo.com.br/', 'http://8.8.8.8/', 'ftp://8.8.8.8/'])
      expect(await webhookTarget(url, false, dns.resolve), url).toMatchObject({
        refused: 'plainHttp',
      })
    expect(await webhookTarget('http://8.8.8.8/', true, dns.resolve)).toMatchObject({
      addresses: [{ address: '8.8.8.8', family: 4 }],
    })
    expect(await webhookTarget('ftp://8.8.8.8/', true, dns.resolve)).toMatchObject({
      refused: 'plainHttp',
    })
  })

  it('lets public addresses through in any spelling, and hands back what it checked', async () => {
    const dns = resolver(['8.8.8.8'])
    for (const [url, address] of [
      ['https://1.1.1.1/', '1.1.1.1'],
      ['https://16843009/', '1.1.1.1'],
      ['https://0x01010101/', '1.1.1.1'],
      ['https://1.1.257/', '1.1.1.1'],
      ['https://[::ffff:1.1.1.1]/', '::ffff:101:101'],
      ['https://[2001:4860:4860:0::8888]/', '2001:4860:4860::8888'],
    ] as const)
      expect(await webhookTarget(url, false, dns.resolve), url).toMatchObject({
        addresses: [{ address }],
      })
    expect(dns.calls).toEqual([])
    expect(
      await webhookTarget('https://receptor.exemplo.com.br/x', false, dns.resolve),
    ).toMatchObject({ hostname: 'receptor.exemplo.com.br', addresses: [{ address: '8.8.8.8' }] })
  })

  it('with the operator’s leave, lets an inside address through', async () => {
    const dns = resolver(['127.0.0.1'])
    for (const url of ['http://[::ffff:7f00:1]:9/', 'https://localhost/', 'https://interno.lan/'])
      expect(await webhookTarget(url, true, dns.resolve), url).toHaveProperty('addresses')
  })

  it('calls a name that does not resolve, or resolves to nothing usable, unresolvable', async () => {
    const failing = async () => {
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' })
    }
    expect(await webhookTarget('https://nao-existe.exemplo/', false, failing)).toMatchObject({
      refused: 'unresolvable',
    })
    expect(
      await webhookTarget('https://vazio.exemplo/', false, resolver([]).resolve),
    ).toMatchObject({ refused: 'unresolvable' })
    expect(
      await webhookTarget('https://torto.exemplo/', false, resolver(['0x7f000001']).resolve),
    ).toMatchObject({ refused: 'unresolvable' })
  })
})
