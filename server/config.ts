/**
 * Every environment variable the server reads, parsed in one place (DESIGN.md §4).
 * Invalid values throw a ConfigError naming the variable, so a bad deploy fails at start.
 */

export interface Config {
  port: number
  dataDir: string
  /** postgres://… selects PostgreSQL; undefined means embedded PGlite in dataDir. */
  databaseUrl: string | undefined
  demo: boolean
  /** Undefined: a secret is generated once and kept in the `settings` table. */
  jwtSecret: string | undefined
  tokenTtlSeconds: number
  /** How long a member pass (the signed card proof shown at the gate) stays valid offline. */
  passTtlSeconds: number
  otpTtlSeconds: number
  smtpUrl: string | undefined
  mailFrom: string
  whatsapp: { apiUrl: string; token: string } | undefined
  publicUrl: string | undefined
  staticDir: string
  /** Codes that may be requested per e-mail, and per client address, in each 15-minute window. */
  otpLimitPerDestination: number
  otpLimitPerAddress: number
  trustProxy: boolean
  /**
   * Other origins the app calls from the browser: VITE_API_BASE, VITE_GATEWAY_URL and
   * VITE_CEP_URL when the build points them at another host (the CSP must allow them).
   */
  connectOrigins: string[]
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Env = Record<string, string | undefined>

const DAY = 86_400
const units: Record<string, number> = { s: 1, m: 60, h: 3_600, d: DAY }

/** Plain seconds ("300") or one number with a unit: 30d, 12h, 15m, 45s. */
export function parseDuration(name: string, raw: string): number {
  const match = /^(\d+)\s*([smhd]?)$/i.exec(raw.trim())
  const seconds = match ? Number(match[1]) * (units[(match[2] || 's').toLowerCase()] ?? 1) : NaN
  if (!Number.isSafeInteger(seconds) || seconds <= 0) {
    throw new ConfigError(
      `${name} inválido: "${raw}". Use segundos (ex.: 300) ou 30d, 12h, 15m, 45s.`,
    )
  }
  return seconds
}

export function parseBoolean(name: string, raw: string): boolean {
  const value = raw.trim().toLowerCase()
  if (['1', 'true', 'yes', 'on'].includes(value)) return true
  if (['0', 'false', 'no', 'off'].includes(value)) return false
  throw new ConfigError(`${name} inválido: "${raw}". Use 1, 0, true ou false.`)
}

function parseInteger(name: string, raw: string, min: number, max: number): number {
  const value = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} inválido: "${raw}". Use um número inteiro de ${min} a ${max}.`)
  }
  return value
}

function parseUrl(name: string, raw: string, protocols: string[]): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new ConfigError(`${name} inválido: "${raw}" não é uma URL.`)
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} inválido: use uma URL ${protocols.join(' ou ')}//…`)
  }
  return raw
}

/** Empty strings count as unset, so `FOO= npm start` behaves like leaving FOO out. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]
  return value === undefined || value.trim() === '' ? undefined : value.trim()
}

export function loadConfig(env: Env = process.env): Config {
  const get = (name: string) => read(env, name)
  const optional = <T>(name: string, parse: (raw: string) => T): T | undefined => {
    const raw = get(name)
    return raw === undefined ? undefined : parse(raw)
  }

  const databaseUrl = optional('DATABASE_URL', (raw) =>
    parseUrl('DATABASE_URL', raw, ['postgres:', 'postgresql:']),
  )
  const jwtSecret = get('JWT_SECRET')
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET inválido: use pelo menos 32 caracteres.')
  }
  const whatsappUrl = optional('WHATSAPP_API_URL', (raw) =>
    parseUrl('WHATSAPP_API_URL', raw, ['http:', 'https:']),
  )
  const whatsappToken = get('WHATSAPP_TOKEN')
  if ((whatsappUrl === undefined) !== (whatsappToken === undefined)) {
    throw new ConfigError('Defina WHATSAPP_API_URL e WHATSAPP_TOKEN juntos (ou nenhum dos dois).')
  }

  return {
    port: optional('PORT', (raw) => parseInteger('PORT', raw, 0, 65_535)) ?? 8080,
    dataDir: get('DATA_DIR') ?? './data',
    databaseUrl,
    demo: optional('DEMO', (raw) => parseBoolean('DEMO', raw)) ?? databaseUrl === undefined,
    jwtSecret,
    tokenTtlSeconds: optional('TOKEN_TTL', (raw) => parseDuration('TOKEN_TTL', raw)) ?? 30 * DAY,
    passTtlSeconds: optional('PASS_TTL', (raw) => parseDuration('PASS_TTL', raw)) ?? 7 * DAY,
    otpTtlSeconds: optional('OTP_TTL', (raw) => parseDuration('OTP_TTL', raw)) ?? 5 * 60,
    smtpUrl: optional('SMTP_URL', (raw) => parseUrl('SMTP_URL', raw, ['smtp:', 'smtps:'])),
    mailFrom: get('MAIL_FROM') ?? 'Portal do Titular <nao-responda@portal.local>',
    whatsapp:
      whatsappUrl && whatsappToken ? { apiUrl: whatsappUrl, token: whatsappToken } : undefined,
    publicUrl: optional('PUBLIC_URL', (raw) =>
      parseUrl('PUBLIC_URL', raw, ['http:', 'https:']).replace(/\/+$/, ''),
    ),
    staticDir: get('STATIC_DIR') ?? './dist',
    otpLimitPerDestination:
      optional('OTP_LIMIT_PER_DESTINATION', (raw) =>
        parseInteger('OTP_LIMIT_PER_DESTINATION', raw, 1, 1_000_000),
      ) ?? 5,
    otpLimitPerAddress:
      optional('OTP_LIMIT_PER_ADDRESS', (raw) =>
        parseInteger('OTP_LIMIT_PER_ADDRESS', raw, 1, 1_000_000),
      ) ?? 30,
    trustProxy: optional('TRUST_PROXY', (raw) => parseBoolean('TRUST_PROXY', raw)) ?? false,
    connectOrigins: browserOrigins(env),
  }
}

/** A relative base (the default) is our own origin; an absolute one adds its origin. */
function browserOrigins(env: Env): string[] {
  const origins = new Set<string>()
  for (const name of ['VITE_API_BASE', 'VITE_GATEWAY_URL', 'VITE_CEP_URL']) {
    const raw = read(env, name)
    if (raw === undefined || raw.startsWith('/')) continue
    origins.add(new URL(parseUrl(name, raw, ['http:', 'https:'])).origin)
  }
  return [...origins]
}
