/**
 * Session tokens that must be refused, for the fuzz test: expired, for a person who does not
 * exist, with a subject that is no uuid, for another audience, signed with another key, with
 * alg none or another algorithm, with a payload swapped under a valid signature, cut short.
 */
import { SignJWT } from 'jose'
import { demoEmails, demoIds } from '../demo/seed'
import { deriveKeys } from '../services/secrets'
import { openSession } from '../services/sessions'
import { signSessionToken, TOKEN_AUDIENCE, TOKEN_ISSUER } from '../services/tokens'
import type { TestServer } from '../testing'
import type { FuzzFixtures } from './endpoints'
import type { FuzzRequest } from './requests'

/** `ana` is a valid session token of Ana's, whose parts the forgeries reuse. */
export async function forgedSessions(server: TestServer, ana: string): Promise<string[]> {
  const { jwt } = deriveKeys(await server.secret())
  const now = new Date()
  const [header = '', payload = '', signature = ''] = ana.split('.')
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  // A session that was never opened: a token for it is refused like any forgery.
  const person = {
    id: demoIds.ana.person,
    email: demoEmails.ana,
    sessionId: 'e0000000-0000-4000-8000-00000000beef',
  }
  return [
    await signSessionToken(jwt, person, new Date(now.getTime() - 90 * 86_400_000), 60),
    await signSessionToken(
      jwt,
      { ...person, id: 'e0000000-0000-4000-8000-00000000dead' },
      now,
      3_600,
    ),
    await signSessionToken(jwt, { ...person, id: 'not-a-uuid' }, now, 3_600),
    await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(person.id)
      .setIssuer(TOKEN_ISSUER)
      .setAudience('outro-app')
      .setExpirationTime('1h')
      .sign(jwt),
    await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(person.id)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('outro segredo com pelo menos 32 caracteres')),
    `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    `${base64url({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`,
    `${header}.${base64url({ sub: person.id, aud: TOKEN_AUDIENCE, iss: TOKEN_ISSUER })}.${signature}`,
    `${header}.${payload}`,
    `${header}.${payload}.${signature}x`,
  ]
}

/** "Sair", and a passkey's removal (which may end the person's other sessions). */
const endsSessions = (request: FuzzRequest) =>
  /^\/socios-api\/client\/logout/.test(request.target) ||
  (request.method === 'DELETE' && /^\/socios-api\/client\/passkeys\//.test(request.target))

/**
 * A request to "Sair" or to remove a passkey carrying Ana's or Bruno's fixture token gets a fresh session of Elisa's
 * instead ("Sair de todos os aparelhos" ends every session of its person), so the fixtures
 * keep working for the requests after it.
 */
export async function withOwnSession(
  request: FuzzRequest,
  fixtures: FuzzFixtures,
  server: TestServer,
): Promise<FuzzRequest> {
  if (!endsSessions(request)) return request
  const authorization = request.headers.authorization ?? ''
  const fixture = [fixtures.sessions.ana, fixtures.sessions.bruno].find((token) =>
    authorization.includes(token),
  )
  if (!fixture) return request
  const now = new Date()
  const elisa = { id: demoIds.elisa.person, email: demoEmails.elisa }
  const { jwt } = deriveKeys(await server.secret())
  const sessionId = await openSession(server.db, { personId: elisa.id, now, ttlSeconds: 3_600 })
  const fresh = await signSessionToken(jwt, { ...elisa, sessionId }, now, 3_600)
  return {
    ...request,
    headers: { ...request.headers, authorization: authorization.replace(fixture, fresh) },
  }
}
