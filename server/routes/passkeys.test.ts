/**
 * Passkeys over the API (issue 17), with a software authenticator (server/testing/passkeys.ts):
 * register, log in with the same session as a code login, and the refusals: a replayed
 * assertion, another relying party or origin, a used or expired challenge, no user
 * verification; the code login's throttling; another holder's passkey 404, no session 401,
 * bad bodies a Portuguese 400; removal that never locks anyone out nor ends sessions unasked.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { passkeyChallenges, passkeys, sessions } from '../db/schema'
import { demoEmails } from '../demo/seed'
import { CHALLENGE_TTL_SECONDS, passkeyMessages } from '../services/passkeys'
import {
  backends,
  bearer,
  changeCounts,
  countRows,
  fromAddress,
  loginAs,
  postJson,
  watchWrites,
} from '../testing'
import { useTestServer } from '../testing/hooks'
import {
  loginOptions,
  postLogin,
  postRegister,
  registerOptions,
  registerPasskey,
  softAuthenticator,
} from '../testing/passkeys'

const client = '/socios-api/client'
const failed = { message: passkeyMessages.loginFailed }

const contractsWith = (app: Parameters<typeof loginOptions>[0], token: string) =>
  app.request(`${client}/contracts`, bearer(token))

const list = async (app: Parameters<typeof loginOptions>[0], token: string) => {
  const response = await app.request(`${client}/passkeys`, bearer(token))
  expect(response.status).toBe(200)
  return ((await response.json()) as { passkeys: Record<string, unknown>[] }).passkeys
}

describe.each(backends)('passkeys (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, {
    logins: ['ana', 'bruno'],
    resetEachTest: true,
  })

  it('registers a passkey, lists it, and logs in with it to a session like a code login', async () => {
    const phone = softAuthenticator()
    const options = await registerOptions(server.app, tokens.ana)
    expect(options.rp).toEqual({ id: 'localhost', name: 'Portal do Titular' })
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    })
    const registered = await postRegister(server.app, tokens.ana, {
      credential: phone.register(options),
      name: 'Meu celular',
    })
    expect(registered.status).toBe(201)
    expect(await registered.json()).toMatchObject({
      message: passkeyMessages.registered,
      passkey: { name: 'Meu celular', device: 'Chrome no Android', last_used_at: null },
    })

    const sessionsBefore = await countRows(server.db, sessions)
    const login = await postLogin(server.app, phone.assert(await loginOptions(server.app)))
    expect(login.status).toBe(200)
    const { token } = (await login.json()) as { token: string }
    expect((await contractsWith(server.app, token)).status).toBe(200)
    expect(await countRows(server.db, sessions)).toBe(sessionsBefore + 1)
    // The token is the code login's: signed the same way, for the same person.
    const [, payload] = token.split('.')
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())
    expect(claims).toMatchObject({ email: demoEmails.ana, iss: 'portal-do-titular' })

    const [listed] = await list(server.app, token)
    expect(listed).toMatchObject({ name: 'Meu celular', device: 'Chrome no Android' })
    expect(listed?.last_used_at).toEqual(expect.any(String))
    // Bruno sees none of Ana's.
    expect(await list(server.app, tokens.bruno)).toEqual([])
  })

  it('refuses a replayed assertion: the challenge is single-use', async () => {
    const phone = softAuthenticator()
    await registerPasskey(server.app, tokens.ana, phone)
    const assertion = phone.assert(await loginOptions(server.app))
    expect((await postLogin(server.app, assertion)).status).toBe(200)
    const sessionsBefore = await countRows(server.db, sessions)
    const replayed = await postLogin(server.app, assertion)
    expect(replayed.status).toBe(400)
    expect(await replayed.json()).toEqual(failed)
    expect(await countRows(server.db, sessions)).toBe(sessionsBefore)
  })

  it('refuses two logins racing with one assertion: only one opens a session', async () => {
    const phone = softAuthenticator()
    await registerPasskey(server.app, tokens.ana, phone)
    const assertion = phone.assert(await loginOptions(server.app))
    const answers = await Promise.all([
      postLogin(server.app, assertion),
      postLogin(server.app, assertion),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400])
  })

  it.each([
    ['another relying party', { rpId: 'portal-falso.example' }],
    ['another origin', { origin: 'https://portal-falso.example' }],
    ['no user verification', { verified: false }],
  ])('refuses an assertion signed for %s', async (_what, signing) => {
    const phone = softAuthenticator()
    await registerPasskey(server.app, tokens.ana, phone)
    const refused = await postLogin(
      server.app,
      phone.assert(await loginOptions(server.app), signing),
    )
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual(failed)
    // The challenge went with the try; a right answer to a new one still works.
    expect(await countRows(server.db, passkeyChallenges)).toBe(0)
    const login = await postLogin(server.app, phone.assert(await loginOptions(server.app)))
    expect(login.status).toBe(200)
  })

  it('refuses a registration for another relying party', async () => {
    const phone = softAuthenticator()
    const options = await registerOptions(server.app, tokens.ana)
    const refused = await postRegister(server.app, tokens.ana, {
      credential: phone.register(options, { rpId: 'portal-falso.example' }),
    })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ message: passkeyMessages.registerFailed })
    expect(await countRows(server.db, passkeys)).toBe(0)
  })

  it('refuses an expired challenge, and one made for something else', async () => {
    const phone = softAuthenticator()
    await registerPasskey(server.app, tokens.ana, phone)
    const options = await loginOptions(server.app)
    server.clock.advance((CHALLENGE_TTL_SECONDS + 1) * 1000)
    expect((await postLogin(server.app, phone.assert(options))).status).toBe(400)

    // Ana's registration challenge neither logs in nor registers a passkey for Bruno.
    const forAna = await registerOptions(server.app, tokens.ana)
    const asLogin = phone.assert({ challenge: forAna.challenge, rpId: 'localhost' })
    expect((await postLogin(server.app, asLogin)).status).toBe(400)
    const forAnaAgain = await registerOptions(server.app, tokens.ana)
    const byBruno = await postRegister(server.app, tokens.bruno, {
      credential: softAuthenticator().register(forAnaAgain),
    })
    expect(byBruno.status).toBe(400)
  })

  it('refuses a passkey nobody registered, and one registered twice', async () => {
    const stranger = softAuthenticator()
    stranger.register(await registerOptions(server.app, tokens.bruno))
    const login = await postLogin(server.app, stranger.assert(await loginOptions(server.app)))
    expect(login.status).toBe(400)
    expect(await login.json()).toEqual(failed)

    const phone = softAuthenticator()
    await registerPasskey(server.app, tokens.ana, phone)
    const again = await postRegister(server.app, tokens.ana, {
      credential: phone.register(await registerOptions(server.app, tokens.ana)),
    })
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({ message: passkeyMessages.alreadyRegistered })
  })

  it('removes a passkey: sessions stay, the code login stays', async () => {
    const phone = softAuthenticator()
    const { id } = await registerPasskey(server.app, tokens.ana, phone)
    const other = await loginAs(server.app, demoEmails.ana)
    const removed = await server.app.request(`${client}/passkeys/${id}`, {
      method: 'DELETE',
      ...bearer(tokens.ana),
    })
    expect(removed.status).toBe(200)
    expect(await removed.json()).toEqual({ message: passkeyMessages.removed })
    expect(await list(server.app, tokens.ana)).toEqual([])
    expect((await contractsWith(server.app, other)).status).toBe(200)
    // The last passkey gone, the passkey no longer logs in, and the code does.
    expect((await postLogin(server.app, phone.assert(await loginOptions(server.app)))).status).toBe(
      400,
    )
    expect(
      (await contractsWith(server.app, await loginAs(server.app, demoEmails.ana))).status,
    ).toBe(200)
  })

  it('removes a passkey and, when asked, ends the other sessions but this one', async () => {
    const { id } = await registerPasskey(server.app, tokens.ana, softAuthenticator())
    const here = tokens.ana
    const elsewhere = await loginAs(server.app, demoEmails.ana)
    const removed = await server.app.request(`${client}/passkeys/${id}`, {
      method: 'DELETE',
      headers: { ...bearer(here).headers, 'content-type': 'application/json' },
      body: JSON.stringify({ end_other_sessions: true }),
    })
    expect(removed.status).toBe(200)
    expect(await removed.json()).toEqual({ message: passkeyMessages.removedAndSessionsEnded })
    expect((await contractsWith(server.app, here)).status).toBe(200)
    expect((await contractsWith(server.app, elsewhere)).status).toBe(401)
  })

  it('"Sair de todos os aparelhos" leaves the passkeys alone', async () => {
    // Carla's own sessions: the other tests go on with Ana's.
    const phone = softAuthenticator()
    const token = await loginAs(server.app, demoEmails.carla)
    await registerPasskey(server.app, token, phone)
    const ended = await server.app.request(`${client}/logout-all`, {
      method: 'POST',
      ...bearer(token),
    })
    expect(ended.status).toBe(200)
    expect(await countRows(server.db, passkeys)).toBe(1)
    const login = await postLogin(server.app, phone.assert(await loginOptions(server.app)))
    expect(login.status).toBe(200)
  })

  it("answers 404 for another holder's passkey, an unknown one or no id, and writes nothing", async () => {
    const { id } = await registerPasskey(server.app, tokens.bruno, softAuthenticator())
    const writes = await watchWrites(server)
    for (const target of [id, randomUUID(), 'nao-e-um-id', "1' or '1'='1"]) {
      const { result, changes } = await writes.during(() =>
        server.app.request(`${client}/passkeys/${encodeURIComponent(target)}`, {
          method: 'DELETE',
          ...bearer(tokens.ana),
        }),
      )
      expect(result.status).toBe(404)
      expect(await result.json()).toEqual({ message: passkeyMessages.notFound })
      expect(changeCounts(changes)).toEqual([])
    }
    expect(await countRows(server.db, passkeys)).toBe(1)
  })

  it.each([
    ['POST', 'passkey/register-options', undefined],
    ['POST', 'passkey/register', {}],
    ['GET', 'passkeys', undefined],
    ['DELETE', `passkeys/${randomUUID()}`, undefined],
  ])('%s /client/%s answers 401 without a session', async (method, path, body) => {
    const response = await server.app.request(`${client}/${path}`, {
      method,
      ...(body
        ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
        : {}),
    })
    expect(response.status).toBe(401)
    expect(((await response.json()) as { message: string }).message).toContain(
      'faça o login novamente',
    )
  })

  it.each([
    ['login', {}, 'Envie a resposta da passkey (credential).'],
    ['login', { credential: 1 }, 'Resposta da passkey inválida.'],
    [
      'login',
      { credential: { id: 'a', rawId: 'a', type: 'public-key' } },
      'Resposta da passkey inválida.',
    ],
    ['login', { credential: {}, extra: 1 }, 'Resposta da passkey inválida.'],
    ['register', {}, 'Envie a resposta da passkey (credential).'],
    ['register', { credential: 'x' }, 'Resposta da passkey inválida.'],
  ])(
    'POST /client/passkey/%s with a bad body answers a Portuguese 400',
    async (path, body, message) => {
      const writes = await watchWrites(server)
      const { result, changes } = await writes.during(() =>
        path === 'login'
          ? postJson(server.app, `${client}/passkey/login`, body)
          : postRegister(server.app, tokens.ana, body),
      )
      expect(result.status).toBe(400)
      expect(await result.json()).toEqual({ message })
      expect(changeCounts(changes)).toEqual([])
    },
  )

  it('answers a Portuguese 400 to a removal with a bad body, removing nothing', async () => {
    const { id } = await registerPasskey(server.app, tokens.ana, softAuthenticator())
    const response = await server.app.request(`${client}/passkeys/${id}`, {
      method: 'DELETE',
      headers: { ...bearer(tokens.ana).headers, 'content-type': 'application/json' },
      body: JSON.stringify({ end_other_sessions: 'sim' }),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      message: 'Informe end_other_sessions como verdadeiro ou falso.',
    })
    expect(await countRows(server.db, passkeys)).toBe(1)
  })

  it('keeps the challenge rows out of anyone else: each names its person or none', async () => {
    await registerOptions(server.app, tokens.ana)
    await loginOptions(server.app)
    const rows = await server.db.select().from(passkeyChallenges)
    expect(rows.map((row) => [row.purpose, row.personId !== null]).sort()).toEqual([
      ['login', false],
      ['register', true],
    ])
    expect(await server.db.select().from(passkeys).where(eq(passkeys.name, 'x'))).toEqual([])
  })
})

describe.each(backends)('passkey login throttling (%s)', (backend) => {
  // Three tries per address in 15 minutes, as the code login's limits with this setting.
  const { server, tokens } = useTestServer(backend, {
    logins: ['ana'],
    overrides: { otpLimitPerAddress: 3 },
  })

  it('counts passkey tries with the code login limits, answering 429 with Retry-After', async () => {
    const phone = softAuthenticator()
    await registerPasskey(server.app, tokens.ana, phone)
    const from = fromAddress('203.0.113.7')
    for (let i = 0; i < 3; i++) {
      const wrong = await postLogin(
        server.app,
        phone.assert(await loginOptions(server.app, from), { rpId: 'outro.example' }),
        from,
      )
      expect(wrong.status).toBe(400)
    }
    const throttled = await postLogin(
      server.app,
      phone.assert(await loginOptions(server.app, from)),
      from,
    )
    expect(throttled.status).toBe(429)
    expect(throttled.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(((await throttled.json()) as { message: string }).message).toContain('Muitas tentativas')
    // A code try from that address is refused too: one budget for both ways in.
    const code = await postJson(
      server.app,
      `${client}/login`,
      { email: demoEmails.ana, code: '123456' },
      from,
    )
    expect(code.status).toBe(429)
    // Another address is not held back.
    const elsewhere = fromAddress('203.0.113.8')
    const login = await postLogin(
      server.app,
      phone.assert(await loginOptions(server.app, elsewhere)),
      elsewhere,
    )
    expect(login.status).toBe(200)
  })
})
