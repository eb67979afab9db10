import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { fromAddress } from '../testing'
import { clientAddress, isLoopback, normalizeAddress } from './client-address'

describe('normalizeAddress', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3::/64'],
    ['2001:db8:85a3:8d3::1', '2001:db8:85a3:8d3::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s counts as %s', (address, key) => {
    expect(normalizeAddress(address)).toBe(key)
  })
})

describe('clientAddress', () => {
  const appWith = (trustProxy: number) =>
    new Hono().get('/', (c) => c.text(clientAddress(c, trustProxy)))
  const forwarded = { headers: { 'x-forwarded-for': '198.51.100.4, 10.0.0.1' } }

  it('uses the socket peer and ignores X-Forwarded-For by default', async () => {
    const response = await appWith(0).request('/', forwarded, fromAddress('192.0.2.1'))
    expect(await response.text()).toBe('192.0.2.1')
  })

  it('takes the entry the trusted proxy added, the right-most with one proxy', async () => {
    const response = await appWith(1).request('/', forwarded, fromAddress('192.0.2.1'))
    expect(await response.text()).toBe('10.0.0.1')
  })

  it('counts N hops from the right behind N proxies', async () => {
    const chain = { headers: { 'x-forwarded-for': '6.6.6.6, 198.51.100.4, 10.0.0.1' } }
    expect(await (await appWith(2).request('/', chain, fromAddress('192.0.2.1'))).text()).toBe(
      '198.51.100.4',
    )
  })

  it('cannot be steered by a forged left-most entry', async () => {
    // The client wrote 6.6.6.6 and 7.7.7.7 itself; the proxy appended what it saw.
    const addresses = new Set<string>()
    for (const forged of ['6.6.6.6', '7.7.7.7', '8.8.8.8']) {
      const spoofed = { headers: { 'x-forwarded-for': `${forged}, 198.51.100.4` } }
      addresses.add(await (await appWith(1).request('/', spoofed, fromAddress('10.0.0.1'))).text())
    }
    expect([...addresses]).toEqual(['198.51.100.4'])
  })

  it("falls back to 'unknown' without a socket", async () => {
    expect(await (await appWith(0).request('/')).text()).toBe('unknown')
  })
})

describe('isLoopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::2', false],
    ['192.168.0.10', false],
    ['unknown', false],
  ])('%s: %s', (address, loopback) => {
    expect(isLoopback(address)).toBe(loopback)
  })
})
