/**
 * Passkeys (issue 17, decision 013): WebAuthn registration and login through @simplewebauthn/server,
 * with resident keys and user verification required. The relying party is PUBLIC_URL's host and
 * the expected origin PUBLIC_URL's origin. Challenges live in the database and are consumed once
 * (DELETE … RETURNING, live ones only), so any instance can check an answer and none can be
 * replayed. A passkey login is counted and throttled like a code login and opens the same
 * session, through the login service's own `issueSession`.
 */

import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { and, asc, count, eq, gt, isNull, lt, ne } from 'drizzle-orm'
import type { PasskeySummary } from '../../contract/passkeys'
import { appOrigin } from '../config'
import type { Database } from '../db/client'
import { passkeyChallenges, passkeys, persons, sessions } from '../db/schema'
import type { ServerDeps } from '../deps'
import { ApiError, tooManyRequests } from '../http/errors'
import { createLoginService, loginMessages } from './login'
import { loginRules } from './login-limits'
import { hit } from './rate-limit'

export const passkeyMessages = {
  loginFailed: 'Não foi possível entrar com a passkey. Tente de novo ou entre com o código.',
  registerFailed: 'Não foi possível cadastrar a passkey. Tente de novo.',
  alreadyRegistered: 'Esta passkey já está cadastrada.',
  registered: 'Passkey cadastrada. Na próxima vez, entre com a biometria do aparelho.',
  notFound: 'Passkey não encontrada.',
  removed: 'Passkey removida. Você continua podendo entrar com o código.',
  removedAndSessionsEnded:
    'Passkey removida e sessões encerradas nos outros aparelhos. Você continua podendo entrar com o código.',
} as const

/** How long a challenge may be answered: enough to find the phone and touch the sensor. */
export const CHALLENGE_TTL_SECONDS = 5 * 60
const SWEEP_EVERY_MS = 60 * 60 * 1000

type Purpose = 'register' | 'login'

/** The relying party: PUBLIC_URL's host name, and its origin as the one origin accepted. */
export function relyingParty(config: ServerDeps['config']) {
  const origin = new URL(appOrigin(config)).origin
  return { id: new URL(origin).hostname, origin }
}

export function createPasskeyService(deps: ServerDeps) {
  const { db, config, now } = deps
  const login = createLoginService(deps)
  const rules = loginRules(config)
  const rp = relyingParty(config)
  let lastSweep = 0

  async function sweep(at: Date) {
    if (at.getTime() - lastSweep < SWEEP_EVERY_MS) return
    lastSweep = at.getTime()
    await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, at))
  }

  async function storeChallenge(challenge: string, purpose: Purpose, at: Date, personId?: string) {
    await db.insert(passkeyChallenges).values({
      challenge,
      purpose,
      personId: personId ?? null,
      createdAt: at,
      expiresAt: new Date(at.getTime() + CHALLENGE_TTL_SECONDS * 1000),
    })
  }

  /** Options for a login with any passkey of this site (resident keys: no e-mail asked). */
  async function loginOptions(address: string) {
    const at = now()
    const rule = rules.passkeyOptionsPerAddress
    const counted = await hit(db, `passkey-options:address:${address}`, rule, at)
    if (counted.count > rule.limit) {
      throw tooManyRequests(loginMessages.tooManyRequests, counted.retryAfterSeconds)
    }
    await sweep(at)
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: 'required',
      timeout: CHALLENGE_TTL_SECONDS * 1000,
    })
    await storeChallenge(options.challenge, 'login', at)
    return options
  }

  /** A session token for a valid, fresh assertion of a registered passkey; null otherwise. */
  async function loginWith(credential: AuthenticationResponseJSON, address: string) {
    const at = now()
    const [stored] = await db
      .select({ passkey: passkeys, email: persons.email })
      .from(passkeys)
      .innerJoin(persons, eq(persons.id, passkeys.personId))
      .where(eq(passkeys.credentialId, credential.id))
      .limit(1)
    const email = stored?.email ?? undefined
    // Counted before anything is checked, as a code is: the same limits, the same 429.
    const counted = await login.countTries({ email, address }, at)
    const challenge = challengeOf(credential.response.clientDataJSON)
    const live = challenge !== null && (await consumeChallenge(db, challenge, 'login', at))
    if (!live || !stored || !email) return null
    const { passkey } = stored
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
    try {
      verified = await verifyAuthenticationResponse({
        response: credential,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
        credential: {
          id: passkey.credentialId,
          publicKey: isoBase64URL.toBuffer(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports,
        },
      })
    } catch {
      return null
    }
    if (!verified.verified) return null
    // The counter moves only from the value checked: a concurrent use of a cloned key loses.
    const used = await db
      .update(passkeys)
      .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: at })
      .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
      .returning({ id: passkeys.id })
    if (used.length !== 1) return null
    return login.issueSession({ id: passkey.personId, email }, counted, at)
  }

  async function registerOptions(personId: string) {
    const at = now()
    const [person] = await db
      .select({ email: persons.email, firstName: persons.firstName, lastName: persons.lastName })
      .from(persons)
      .where(eq(persons.id, personId))
      .limit(1)
    const existing = await db
      .select({ id: passkeys.credentialId, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.personId, personId))
    const options = await generateRegistrationOptions({
      // The name the device shows beside the passkey: the brand's (brand.json).
      rpName: config.brand.productName,
      rpID: rp.id,
      userName: person?.email ?? personId,
      userDisplayName: person ? `${person.firstName} ${person.lastName}`.trim() : '',
      userID: isoBase64URL.toBuffer(isoBase64URL.fromUTF8String(personId)),
      attestationType: 'none',
      timeout: CHALLENGE_TTL_SECONDS * 1000,
      excludeCredentials: existing.map((row) => ({
        id: row.id,
        transports: row.transports as AuthenticatorTransport[],
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    })
    await sweep(at)
    await storeChallenge(options.challenge, 'register', at, personId)
    return options
  }

  async function register(input: {
    personId: string
    credential: RegistrationResponseJSON
    name?: string
    userAgent: string
  }): Promise<PasskeySummary> {
    const at = now()
    const challenge = challengeOf(input.credential.response.clientDataJSON)
    const live =
      challenge !== null && (await consumeChallenge(db, challenge, 'register', at, input.personId))
    if (!live) throw new ApiError(400, passkeyMessages.registerFailed)
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>
    try {
      verified = await verifyRegistrationResponse({
        response: input.credential,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      })
    } catch {
      throw new ApiError(400, passkeyMessages.registerFailed)
    }
    if (!verified.verified) throw new ApiError(400, passkeyMessages.registerFailed)
    const { credential, credentialBackedUp } = verified.registrationInfo
    const [{ total } = { total: 0 }] = await db
      .select({ total: count() })
      .from(passkeys)
      .where(eq(passkeys.personId, input.personId))
    const device = describeDevice(input.userAgent)
    const [row] = await db
      .insert(passkeys)
      .values({
        personId: input.personId,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name ?? `Passkey ${total + 1}`,
        device,
        backedUp: credentialBackedUp,
        createdAt: at,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning()
    if (!row) throw new ApiError(400, passkeyMessages.alreadyRegistered)
    return summary(row)
  }

  async function list(personId: string): Promise<PasskeySummary[]> {
    const rows = await db
      .select()
      .from(passkeys)
      .where(eq(passkeys.personId, personId))
      .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
    return rows.map(summary)
  }

  /**
   * Removes one of the person's passkeys (404 for anyone else's). Sessions stay, the one that
   * asked and the others, unless `endOtherSessions`; the code login always remains.
   */
  async function remove(input: {
    personId: string
    sessionId: string
    passkeyId: string
    endOtherSessions: boolean
  }) {
    const at = now()
    return db.transaction(async (tx) => {
      const removed = await tx
        .delete(passkeys)
        .where(and(eq(passkeys.id, input.passkeyId), eq(passkeys.personId, input.personId)))
        .returning({ id: passkeys.id })
      if (removed.length !== 1) throw new ApiError(404, passkeyMessages.notFound)
      if (input.endOtherSessions) {
        await tx
          .update(sessions)
          .set({ revokedAt: at })
          .where(
            and(
              eq(sessions.personId, input.personId),
              ne(sessions.id, input.sessionId),
              isNull(sessions.revokedAt),
            ),
          )
      }
    })
  }

  return { loginOptions, loginWith, registerOptions, register, list, remove }
}

/** Takes a challenge if it is live, of this purpose (and person): true once, then never again. */
export async function consumeChallenge(
  db: Database,
  challenge: string,
  purpose: Purpose,
  at: Date,
  personId?: string,
): Promise<boolean> {
  const taken = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        gt(passkeyChallenges.expiresAt, at),
        personId === undefined ? undefined : eq(passkeyChallenges.personId, personId),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge })
  return taken.length === 1
}

/** The challenge the browser signed, read from clientDataJSON; null when it is not there. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON))
    if (data && typeof data === 'object' && 'challenge' in data) {
      const { challenge } = data
      if (typeof challenge === 'string' && /^[A-Za-z0-9_-]{16,200}$/.test(challenge)) {
        return challenge
      }
    }
  } catch {
    // Not base64url JSON: no challenge to take.
  }
  return null
}

function summary(row: typeof passkeys.$inferSelect): PasskeySummary {
  return {
    id: row.id,
    name: row.name,
    device: row.device,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  }
}

/** "Chrome no Android", "Safari no iPhone": the browser and system a passkey was made on. */
export function describeDevice(userAgent: string): string {
  const ua = userAgent.slice(0, 500)
  const browser = /Edg(A|iOS)?\//.test(ua)
    ? 'Edge'
    : /SamsungBrowser\//.test(ua)
      ? 'Samsung Internet'
      : /Firefox\/|FxiOS\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /CrOS/.test(ua)
          ? 'Chromebook'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /Windows/.test(ua)
              ? 'Windows'
              : /Linux/.test(ua)
                ? 'Linux'
                : null
  if (browser && system) return `${browser} no ${system}`
  return browser ?? system ?? 'Aparelho não identificado'
}
