import { describe, expect, it } from 'vitest'
import { isTokenValid, stripBearer } from '../../contract/session-token'
import { decideAccess, unmatchedRouteTarget } from './route-access'

const now = Date.UTC(2026, 10, 22, 12, 0, 0)
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const jwt = (payload: Record<string, unknown>) =>
  `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.c2lnbmF0dXJl`

const future = jwt({ sub: 'p1', exp: now / 1000 + 3600 })
const past = jwt({ sub: 'p1', exp: now / 1000 - 1 })
const tokens = {
  valid: future,
  'valid with "bearer " prefix': `bearer ${future}`,
  'valid with "Bearer " prefix': `Bearer ${future}`,
  expired: past,
  'expired with "bearer " prefix': `bearer ${past}`,
  'exp exactly now': jwt({ exp: now / 1000 }),
  'without exp': jwt({ sub: 'p1' }),
  'exp as a string': jwt({ exp: String(now / 1000 + 3600) }),
  garbage: 'not-a-jwt',
  'three garbage parts': 'a.b.c',
  'payload not an object': `${b64url({})}.${b64url([1, 2])}.x`,
  empty: '',
  missing: null,
} as const

describe('token validity (spec §2: exp judged, bearer stripped)', () => {
  it.each([
    ['valid', true],
    ['valid with "bearer " prefix', true],
    ['valid with "Bearer " prefix', true],
    ['expired', false],
    ['expired with "bearer " prefix', false],
    ['exp exactly now', false],
    ['without exp', false],
    ['exp as a string', false],
    ['garbage', false],
    ['three garbage parts', false],
    ['payload not an object', false],
    ['empty', false],
    ['missing', false],
  ] as const)('%s token → valid: %s', (name, expected) => {
    expect(isTokenValid(tokens[name], now)).toBe(expected)
  })

  it('strips only a leading bearer prefix', () => {
    expect(stripBearer('bearer abc')).toBe('abc')
    expect(stripBearer('BEARER  abc')).toBe('abc')
    expect(stripBearer('abc bearer')).toBe('abc bearer')
  })
})

type Row = [path: string, token: keyof typeof tokens, expected: '/login' | '/home' | null]

describe('route access rules (spec §2)', () => {
  const rows: Row[] = [
    // Open paths: always let through, with or without a session.
    ['/pagamento', 'missing', null],
    ['/pagamento', 'expired', null],
    ['/pagamento', 'valid', null],
    ['/success', 'garbage', null],
    ['/success', 'valid', null],
    // Login screens: open without a valid token, and send a logged-in user home.
    ['/login', 'missing', null],
    ['/login', 'expired', null],
    ['/login', 'garbage', null],
    ['/login', 'valid', '/home'],
    ['/login', 'valid with "bearer " prefix', '/home'],
    ['/verify-code', 'missing', null],
    ['/verify-code', 'without exp', null],
    ['/verify-code', 'valid', '/home'],
    // Protected screens: need a valid token.
    ['/home', 'missing', '/login'],
    ['/home', 'expired', '/login'],
    ['/home', 'expired with "bearer " prefix', '/login'],
    ['/home', 'without exp', '/login'],
    ['/home', 'garbage', '/login'],
    ['/home', 'valid', null],
    ['/home', 'valid with "bearer " prefix', null],
    ['/selected-contract', 'missing', '/login'],
    ['/selected-contract', 'valid', null],
    ['/terms', 'expired', '/login'],
    ['/terms', 'valid', null],
    ['/favorites', 'exp exactly now', '/login'],
    ['/dependent/abc', 'valid', null],
    // The empty path is Home.
    ['/', 'valid', '/home'],
    ['/', 'missing', '/login'],
    // A path that only looks like an open one is not open.
    ['/pagamentos-antigos', 'missing', '/login'],
    // The staff page that checks passes at the gate is open.
    ['/verificar', 'missing', null],
    ['/verificar', 'valid', null],
    // How the portal treats personal data is for anyone (issue 28).
    ['/privacidade', 'missing', null],
    ['/privacidade', 'valid', null],
  ]

  it.each(rows)('%s with %s token → %s', (pathname, token, expected) => {
    const decision = decideAccess({ pathname, token: tokens[token], now })
    expect(decision?.redirectTo ?? null).toBe(expected)
  })

  type OfflineRow = [
    path: string,
    token: keyof typeof tokens,
    online: boolean,
    expected: '/login' | null,
  ]
  it.each<OfflineRow>([
    // At the gate with no signal, an expired session still shows the cached member cards...
    ['/favorites', 'expired', false, null],
    ['/favorites', 'expired with "bearer " prefix', false, null],
    ['/favorites', 'valid', false, null],
    // ...but only offline, only with a token that was a session, and only the member cards.
    ['/favorites', 'expired', true, '/login'],
    ['/favorites', 'missing', false, '/login'],
    ['/favorites', 'garbage', false, '/login'],
    ['/favorites', 'without exp', false, '/login'],
    ['/home', 'expired', false, '/login'],
    ['/search', 'expired', false, '/login'],
  ])('%s with %s token, online: %s → %s', (pathname, token, online, expected) => {
    expect(decideAccess({ pathname, token: tokens[token], now, online })?.redirectTo ?? null).toBe(
      expected,
    )
  })

  it.each([
    ['valid', '/home'],
    ['expired', '/login'],
    ['missing', '/login'],
    ['garbage', '/login'],
  ] as const)('an unmatched route with a %s token goes to %s', (token, expected) => {
    expect(unmatchedRouteTarget(tokens[token], now)).toBe(expected)
  })
})
