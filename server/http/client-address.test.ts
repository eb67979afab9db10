import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { fromAddress } from '../test-support'
import { clientAddress, normalizeAddress } from './client-address'

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
  const appWith = (trustProxy: boolean) =>
    new Hono().get('/', (c) => c.text(clientAddress(c, trustProxy)))
  const forwarded = { headers: { 'x-forwarded-for': '198.51.100.4, 10.0.0.1' } }

  it('uses the socket peer and ignores X-Forwarded-For by default', async () => {
    const response = await appWith(false).request('/', forwarded, fromAddress('192.0.2.1'))
    expect(await response.text()).toBe('192.0.2.1')
  })

  it('uses the first X-Forwarded-For entry behind a trusted proxy', async () => {
    const response = await appWith(true).request('/', forwarded, fromAddress('192.0.2.1'))
    expect(await response.text()).toBe('198.51.100.4')
  })

  it("falls back to 'unknown' without a socket", async () => {
    expect(await (await appWith(false).request('/')).text()).toBe('unknown')
  })
})
