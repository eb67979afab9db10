import { describe, expect, it } from 'vitest'
import { isTokenValid, stripBearer, tokenExpiresAt, tokenSubject } from './session-token'

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const jwt = (claims: object) =>
  `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.c2ln`

describe('the session token as page and worker read it', () => {
  const now = Date.UTC(2026, 10, 23, 12)
  const token = jwt({ sub: 'ana', exp: now / 1000 + 60 })

  it('reads expiry and subject, with or without a Bearer prefix', () => {
    expect(tokenExpiresAt(token)).toBe(now + 60_000)
    expect(tokenExpiresAt(`Bearer ${token}`)).toBe(now + 60_000)
    expect(tokenSubject(`bearer ${token}`)).toBe('ana')
    expect(tokenSubject(jwt({ sub: 'joão', exp: 1 }))).toBe('joão')
    expect(stripBearer(`BEARER  ${token} `)).toBe(token)
  })

  it('is valid only before its exp', () => {
    expect(isTokenValid(token, now)).toBe(true)
    expect(isTokenValid(token, now + 60_000)).toBe(false)
    expect(isTokenValid(jwt({ sub: 'ana' }), now)).toBe(false)
  })

  it('treats garbage and absence as no session', () => {
    for (const bad of [null, undefined, '', 'abc', 'a.b.c', `x.${base64url([1])}.y`]) {
      expect(tokenExpiresAt(bad)).toBeNull()
      expect(tokenSubject(bad)).toBeNull()
      expect(isTokenValid(bad, now)).toBe(false)
    }
  })
})
