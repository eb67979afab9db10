import { eq } from 'drizzle-orm'
import { createLocalJWKSet, decodeProtectedHeader, errors, jwtVerify } from 'jose'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { cardsResponse, jwks as jwksSchema } from '../../contract/cards'
import { settings } from '../db/schema'
import { demoIds } from '../demo/seed'
import { loadPassKeys } from '../services/passes'
import { backends, bearer } from '../testing'
import { useTestServer } from '../testing/hooks'

const jwksPath = '/socios-api/.well-known/jwks.json'
const verifyOptions = {
  algorithms: ['EdDSA'],
  issuer: 'portal-do-titular',
  audience: 'portal-do-titular-portaria',
}

describe.each(backends)('member passes and their public key (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, { logins: ['ana', 'bruno'] })

  async function publishedKeys() {
    const response = await server.app.request(jwksPath)
    expect(response.status).toBe(200)
    return v.parse(jwksSchema, await response.json())
  }

  async function cardsOf(token: string, contractId: string) {
    const response = await server.app.request('/socios-api/client/rql/cards', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(token).headers },
      body: JSON.stringify({ filter: { contract_id: contractId } }),
    })
    expect(response.status).toBe(200)
    return v.parse(cardsResponse, await response.json()).cards
  }

  const verify = async (pass: string | null, currentDate = server.clock.now()) =>
    jwtVerify(pass ?? '', createLocalJWKSet(await publishedKeys()), {
      ...verifyOptions,
      currentDate,
    })

  it('publishes one Ed25519 key, publicly and cacheably', async () => {
    const response = await server.app.request(jwksPath, {
      headers: { authorization: 'Bearer nao-e-um-token' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
    const { keys } = v.parse(jwksSchema, await response.json())
    expect(keys).toEqual([
      {
        kty: 'OKP',
        crv: 'Ed25519',
        x: expect.stringMatching(/^[\w-]{43}$/),
        kid: expect.stringMatching(/^[\w-]{43}$/),
        alg: 'EdDSA',
        use: 'sig',
      },
    ])
    expect(keys[0]).not.toHaveProperty('d')
  })

  it("signs Ana's pass with that key: her name, card and contract status and expiries", async () => {
    const [card] = await cardsOf(tokens.ana, demoIds.ana.contract)
    const before = Math.floor(server.clock.now().getTime() / 1000)
    const { payload, protectedHeader } = await verify(card?.pass ?? null)
    const [key] = (await publishedKeys()).keys
    expect(protectedHeader).toEqual({ alg: 'EdDSA', kid: key?.kid, typ: 'JWT' })
    expect(payload).toMatchObject({
      iss: 'portal-do-titular',
      aud: 'portal-do-titular-portaria',
      sub: '0001230001',
      name: 'Ana Paula Souza',
      card_status: 'ACTIVE',
      contract_status: 'ACTIVE',
      card_expires: card?.expiration_date,
    })
    expect(Math.abs((payload.iat ?? 0) - before)).toBeLessThanOrEqual(5)
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(server.config.passTtlSeconds)
    expect(server.config.passTtlSeconds).toBe(7 * 86_400)
  })

  it("says so in the pass of an inactive card and of an overdue contract's card", async () => {
    const maria = (await cardsOf(tokens.ana, demoIds.ana.contract)).find(
      (card) => card.id === demoIds.ana.cards.maria,
    )
    expect((await verify(maria?.pass ?? null)).payload).toMatchObject({
      name: 'Maria Oliveira Souza',
      card_status: 'INACTIVE',
      contract_status: 'ACTIVE',
    })
    const [bruno] = await cardsOf(tokens.bruno, demoIds.bruno.overdue.contract)
    expect((await verify(bruno?.pass ?? null)).payload).toMatchObject({
      sub: '0007890001',
      card_status: 'ACTIVE',
      contract_status: 'OVERDUE',
    })
  })

  it('stops verifying once PASS_TTL has passed', async () => {
    const [card] = await cardsOf(tokens.ana, demoIds.ana.contract)
    const later = new Date(
      server.clock.now().getTime() + (server.config.passTtlSeconds + 60) * 1000,
    )
    await expect(verify(card?.pass ?? null, later)).rejects.toBeInstanceOf(errors.JWTExpired)
  })

  it('rejects a pass whose claims were changed after signing', async () => {
    const [card] = await cardsOf(tokens.ana, demoIds.ana.contract)
    const [header, payload, signature] = (card?.pass ?? '').split('.')
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())
    const forged = Buffer.from(JSON.stringify({ ...claims, name: 'Intruso' })).toString('base64url')
    await expect(verify(`${header}.${forged}.${signature}`)).rejects.toBeInstanceOf(
      errors.JWSSignatureVerificationFailed,
    )
  })

  it('keeps the private key in the settings table and loads the same key back', async () => {
    const [card] = await cardsOf(tokens.ana, demoIds.ana.contract)
    const [row] = await server.db
      .select()
      .from(settings)
      .where(eq(settings.key, 'pass_signing_key'))
    expect(JSON.parse(row?.value ?? '{}')).toMatchObject({ kty: 'OKP', crv: 'Ed25519' })
    const reloaded = await loadPassKeys(server.db)
    expect(reloaded.publicJwk).toEqual((await publishedKeys()).keys[0])
    expect(decodeProtectedHeader(card?.pass ?? '').kid).toBe(reloaded.publicJwk.kid)
  })
})
