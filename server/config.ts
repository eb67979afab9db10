/**
 * Every environment variable the server reads, parsed in one place (docs/design.md §4).
 * Invalid values throw a ConfigError naming the variable, so a bad deploy fails at start.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { BrandError, builtBrandFile, defaultBrandFile, type LoadedBrand, loadBrand } from './brand'

export interface Config {
  port: number
  /** The address to listen on: loopback in demo mode (its /dev routes read codes), else all. */
  host: string
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
  /** Where people reach the portal; required outside demo mode (see appOrigin). */
  publicUrl: string | undefined
  staticDir: string
  /** Codes that may be requested per e-mail, and per client address, in each 15-minute window. */
  otpLimitPerDestination: number
  otpLimitPerAddress: number
  /**
   * How many reverse proxies stand in front of the server (0: none). The client address is the
   * X-Forwarded-For entry that many hops from the right: the one the outermost proxy saw.
   */
  trustProxy: number
  /** PAYMENTS=off: run without payments: no Pix and no card or boleto gateway, demo or not. */
  paymentsOff: boolean
  /**
   * Other origins the app calls from the browser: VITE_API_BASE, VITE_GATEWAY_URL and
   * VITE_CEP_URL when the build points them at another host (the CSP must allow them).
   */
  connectOrigins: string[]
  /** The bank's API Pix v2; undefined outside demo mode without PIX_API_URL (no Pix then). */
  pix: PixConfig | undefined
  /**
   * The card and boleto gateway (PAYMENT_GATEWAY): the demo's sandbox, Stripe, or none (then
   * card, recurrence and boleto are never offered).
   */
  gateway: GatewayConfig | undefined
  /** The payments reconciler: how old a CREATED charge is before it is asked about, how often. */
  reconcile: { createdAfterMs: number; everyMs: number; liveEveryMs: number }
  /**
   * Payment reminders: sent this many days before each unpaid instalment's due date
   * (REMINDER_DAYS_BEFORE) and on the day it becomes overdue; the server runs the pass every
   * `everyMs` (REMINDERS_EVERY), or never when undefined (REMINDERS_EVERY=off).
   */
  reminders: { daysBefore: number; everyMs: number | undefined }
  /** Least severe log level written (LOG_LEVEL). */
  logLevel: LogLevel
  /** Bearer token that opens GET /metrics; undefined: /metrics answers 404. */
  metricsToken: string | undefined
  /** Calls per minute each integration key may make, all instances together (decision 019). */
  integrationRateLimit: number
  /**
   * Webhook delivery (decision 019): WEBHOOK_ALLOW_PRIVATE lets endpoints be on this machine, a
   * private network or plain http (tests, on-premise); WEBHOOK_TIMEOUT (15 s) per attempt.
   */
  webhooks: { allowPrivate: boolean; timeoutMs: number; everyMs: number }
  /**
   * The provider's brand (BRAND_FILE, else ./brand.json; decision 023): the names, contact and
   * logo that e-mails, messages, documents, cards and passkeys carry.
   */
  brand: LoadedBrand
}

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof logLevels)[number]

/**
 * A receiving bank's (PSP's) API Pix: where it is, how we authenticate (OAuth2 client
 * credentials, and a client certificate for mutual TLS), the Pix key paid to, and the secret
 * that signs its notifications. In demo mode, this server's sandbox PSP (`apiUrl` undefined).
 */
export interface PixConfig {
  /** Base of /cob, /pix, /webhook, e.g. https://pix.banco.com.br/v2 ; undefined: the sandbox. */
  apiUrl: string | undefined
  /** OAuth2 token endpoint; default `oauth/token` beside the version folder of apiUrl. */
  tokenUrl: string | undefined
  clientId: string
  clientSecret: string
  /** The receiver's Pix key (chave DICT). */
  chave: string
  /** Paths (PEM) of the client certificate, its key and the bank's CA, for mutual TLS. */
  tls: { cert: string | undefined; key: string | undefined; ca: string | undefined }
  /** HMAC key of the notifications the bank posts to the webhook. */
  webhookSecret: string
  /** The webhook address registered with the bank at start; default PUBLIC_URL's. */
  webhookUrl: string | undefined
  /**
   * The receiver's account the recurring charges (Pix Automático, /cobr) are paid into:
   * PIX_CONTA, PIX_TIPO_CONTA (CORRENTE by default), PIX_AGENCIA. Undefined: no Pix Automático.
   */
  account: PixAccount | undefined
}

export interface PixAccount {
  account: string
  type: 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO'
  branch: string | undefined
}

const accountTypes = ['CORRENTE', 'POUPANCA', 'PAGAMENTO'] as const

/** The card and boleto gateway this server charges through. */
export type GatewayConfig = { kind: 'sandbox' } | StripeConfig

/**
 * Stripe (decision 016): the secret (or restricted) key the server calls the API with, the
 * publishable key the browser's Stripe.js uses, and the secret that signs Stripe's webhooks.
 */
export interface StripeConfig {
  kind: 'stripe'
  secretKey: string
  publishableKey: string
  webhookSecret: string
  /** Where the API answers; undefined: Stripe's own (https://api.stripe.com). Tests: a fake. */
  apiUrl: string | undefined
  /** Where the browser loads Stripe.js from (its origin joins the CSP). */
  jsUrl: string
}

export const stripeJsUrl = 'https://js.stripe.com/v3/'

const stripeKeyPatterns = {
  STRIPE_SECRET_KEY: {
    pattern: /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/,
    what: 'a chave secreta (sk_live_… ou sk_test_…) ou uma chave restrita (rk_…) do painel da Stripe',
  },
  STRIPE_PUBLISHABLE_KEY: {
    pattern: /^pk_(test|live)_[A-Za-z0-9]{8,}$/,
    what: 'a chave publicável (pk_live_… ou pk_test_…) do painel da Stripe',
  },
  STRIPE_WEBHOOK_SECRET: {
    pattern: /^whsec_[A-Za-z0-9+/=]{8,}$/,
    what: 'o segredo de assinatura (whsec_…) do endpoint de webhook cadastrado na Stripe',
  },
} as const

function readGatewayConfig(env: Env, demo: boolean): GatewayConfig | undefined {
  const get = (name: string) => read(env, name)
  const chosen = get('PAYMENT_GATEWAY')?.toLowerCase()
  const stripeNames = Object.keys(stripeKeyPatterns) as (keyof typeof stripeKeyPatterns)[]
  if (chosen !== 'stripe') {
    const stray = stripeNames.filter((name) => get(name) !== undefined)
    if (stray.length && chosen === undefined) {
      throw new ConfigError(`${stray.join(', ')} definido sem PAYMENT_GATEWAY=stripe.`)
    }
  }
  if (chosen === undefined) return demo ? { kind: 'sandbox' } : undefined
  if (chosen === 'sandbox') {
    if (!demo) {
      throw new ConfigError(
        'PAYMENT_GATEWAY=sandbox só existe no modo de demonstração: use PAYMENT_GATEWAY=stripe, ou deixe sem para aceitar só Pix.',
      )
    }
    return { kind: 'sandbox' }
  }
  if (chosen !== 'stripe') {
    throw new ConfigError(
      `PAYMENT_GATEWAY inválido: "${get('PAYMENT_GATEWAY')}". Use stripe${demo ? ' ou sandbox' : ''}.`,
    )
  }
  const missing = stripeNames.filter((name) => get(name) === undefined)
  if (missing.length) {
    throw new ConfigError(`Com PAYMENT_GATEWAY=stripe, defina também ${missing.join(', ')}.`)
  }
  for (const name of stripeNames) {
    const { pattern, what } = stripeKeyPatterns[name]
    if (!pattern.test(get(name) ?? '')) throw new ConfigError(`${name} inválido: use ${what}.`)
  }
  const secretKey = get('STRIPE_SECRET_KEY') ?? ''
  const publishableKey = get('STRIPE_PUBLISHABLE_KEY') ?? ''
  const mode = (key: string) => (key.includes('_live_') ? 'live' : 'test')
  if (mode(secretKey) !== mode(publishableKey)) {
    throw new ConfigError(
      'STRIPE_SECRET_KEY e STRIPE_PUBLISHABLE_KEY são de modos diferentes (uma de teste, outra live): use as duas do mesmo modo.',
    )
  }
  const apiUrl = get('STRIPE_API_URL')
  if (apiUrl) parseUrl('STRIPE_API_URL', apiUrl, ['http:', 'https:'])
  const jsUrl = get('STRIPE_JS_URL')
  if (jsUrl) parseUrl('STRIPE_JS_URL', jsUrl, ['http:', 'https:'])
  return {
    kind: 'stripe',
    secretKey,
    publishableKey,
    webhookSecret: get('STRIPE_WEBHOOK_SECRET') ?? '',
    apiUrl: apiUrl?.replace(/\/+$/, ''),
    jsUrl: jsUrl ?? stripeJsUrl,
  }
}

/** What demo mode uses when no PIX_* is set: the sandbox PSP of this same server. */
export const sandboxPix = {
  clientId: 'portal-do-titular-demo',
  clientSecret: 'segredo-do-sandbox-pix',
  chave: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
  webhookSecret: 'segredo-do-webhook-do-sandbox',
  account: { account: '012682', type: 'CORRENTE', branch: '9708' },
} as const satisfies Partial<PixConfig>

function readPixAccount(get: (name: string) => string | undefined): PixAccount | undefined {
  const account = get('PIX_CONTA')
  const type = get('PIX_TIPO_CONTA') ?? 'CORRENTE'
  if (!(accountTypes as readonly string[]).includes(type))
    throw new ConfigError(`PIX_TIPO_CONTA deve ser ${accountTypes.join(', ')}.`)
  if (account === undefined) return undefined
  if (!/^\d{1,20}$/.test(account)) throw new ConfigError('PIX_CONTA: só dígitos (até 20).')
  const branch = get('PIX_AGENCIA')
  if (branch !== undefined && !/^\d{1,20}$/.test(branch))
    throw new ConfigError('PIX_AGENCIA: só dígitos (até 20).')
  return { account, type: type as PixAccount['type'], branch }
}

function readPixConfig(env: Env, demo: boolean): PixConfig | undefined {
  const get = (name: string) => read(env, name)
  const apiUrl = get('PIX_API_URL')
  const tls = { cert: get('PIX_TLS_CERT'), key: get('PIX_TLS_KEY'), ca: get('PIX_TLS_CA') }
  const webhookUrl = get('PIX_WEBHOOK_URL')
  if (webhookUrl) parseUrl('PIX_WEBHOOK_URL', webhookUrl, ['http:', 'https:'])
  if (apiUrl === undefined) {
    if (!demo) return undefined
    return {
      apiUrl: undefined,
      tokenUrl: undefined,
      ...sandboxPix,
      tls,
      webhookUrl,
      account: readPixAccount(get) ?? sandboxPix.account,
    }
  }
  parseUrl('PIX_API_URL', apiUrl, ['http:', 'https:'])
  const required = ['PIX_CLIENT_ID', 'PIX_CLIENT_SECRET', 'PIX_CHAVE', 'PIX_WEBHOOK_SECRET']
  const missing = required.filter((name) => get(name) === undefined)
  if (missing.length) {
    throw new ConfigError(`Com PIX_API_URL, defina também ${missing.join(', ')}.`)
  }
  if ((tls.cert === undefined) !== (tls.key === undefined)) {
    throw new ConfigError('Defina PIX_TLS_CERT e PIX_TLS_KEY juntos (ou nenhum dos dois).')
  }
  const tokenUrl = get('PIX_TOKEN_URL')
  if (tokenUrl) parseUrl('PIX_TOKEN_URL', tokenUrl, ['http:', 'https:'])
  return {
    apiUrl: apiUrl.replace(/\/+$/, ''),
    tokenUrl,
    clientId: get('PIX_CLIENT_ID') ?? '',
    clientSecret: get('PIX_CLIENT_SECRET') ?? '',
    chave: get('PIX_CHAVE') ?? '',
    tls,
    webhookSecret: get('PIX_WEBHOOK_SECRET') ?? '',
    webhookUrl,
    account: readPixAccount(get),
  }
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

/** What opens the database and nothing else: the command line's commands need no more. */
export type DatabaseConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'demo' | 'logLevel'>

/**
 * DATABASE_URL, DATA_DIR, DEMO and LOG_LEVEL only. The provider's commands (keys, import,
 * backup) touch neither the bank nor the gateway, so they must not stop for want of the
 * payment settings or PUBLIC_URL that loadConfig demands of a server outside demo mode.
 */
export function loadDatabaseConfig(env: Env = process.env): DatabaseConfig {
  const get = (name: string) => read(env, name)
  const databaseUrl = get('DATABASE_URL')
  if (databaseUrl !== undefined) parseUrl('DATABASE_URL', databaseUrl, ['postgres:', 'postgresql:'])
  const demo = get('DEMO')
  const logLevel = get('LOG_LEVEL')
  return {
    databaseUrl,
    dataDir: get('DATA_DIR') ?? './data',
    demo: demo === undefined ? databaseUrl === undefined : parseBoolean('DEMO', demo),
    logLevel: logLevel === undefined ? 'info' : parseLogLevel(logLevel),
  }
}

export function loadConfig(env: Env = process.env): Config {
  const get = (name: string) => read(env, name)
  const optional = <T>(name: string, parse: (raw: string) => T): T | undefined => {
    const raw = get(name)
    return raw === undefined ? undefined : parse(raw)
  }

  const { databaseUrl, dataDir, demo, logLevel } = loadDatabaseConfig(env)
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

  const staticDir = get('STATIC_DIR') ?? './dist'
  const brand = readBrand(get('BRAND_FILE'), staticDir)
  const publicUrl = optional('PUBLIC_URL', (raw) =>
    parseUrl('PUBLIC_URL', raw, ['http:', 'https:']).replace(/\/+$/, ''),
  )
  const paymentsOff =
    optional('PAYMENTS', (raw) => {
      if (!['on', 'off'].includes(raw.toLowerCase())) {
        throw new ConfigError(`PAYMENTS inválido: "${raw}". Use on ou off.`)
      }
      return raw.toLowerCase() === 'off'
    }) ?? false
  const pix = paymentsOff ? undefined : readPixConfig(env, demo)
  const gateway = paymentsOff ? undefined : readGatewayConfig(env, demo)
  if (!demo) requireProductionSettings({ publicUrl, paymentsOff, paying: !!(pix || gateway) })
  return {
    port: optional('PORT', (raw) => parseInteger('PORT', raw, 0, 65_535)) ?? 8080,
    host: get('HOST') ?? (demo ? '127.0.0.1' : '0.0.0.0'),
    dataDir,
    databaseUrl,
    demo,
    jwtSecret,
    tokenTtlSeconds: optional('TOKEN_TTL', (raw) => parseDuration('TOKEN_TTL', raw)) ?? 30 * DAY,
    passTtlSeconds: optional('PASS_TTL', (raw) => parseDuration('PASS_TTL', raw)) ?? 7 * DAY,
    otpTtlSeconds: optional('OTP_TTL', (raw) => parseDuration('OTP_TTL', raw)) ?? 5 * 60,
    smtpUrl: optional('SMTP_URL', (raw) => parseUrl('SMTP_URL', raw, ['smtp:', 'smtps:'])),
    mailFrom: mailSender(get('MAIL_FROM') ?? 'nao-responda@portal.local', brand.productName),
    whatsapp:
      whatsappUrl && whatsappToken ? { apiUrl: whatsappUrl, token: whatsappToken } : undefined,
    publicUrl,
    staticDir,
    otpLimitPerDestination:
      optional('OTP_LIMIT_PER_DESTINATION', (raw) =>
        parseInteger('OTP_LIMIT_PER_DESTINATION', raw, 1, 1_000_000),
      ) ?? 5,
    otpLimitPerAddress:
      optional('OTP_LIMIT_PER_ADDRESS', (raw) =>
        parseInteger('OTP_LIMIT_PER_ADDRESS', raw, 1, 1_000_000),
      ) ?? 30,
    trustProxy: optional('TRUST_PROXY', parseProxyHops) ?? 0,
    paymentsOff,
    connectOrigins: browserOrigins(env),
    pix,
    gateway,
    reconcile: {
      createdAfterMs:
        (optional('RECONCILE_AFTER', (raw) => parseDuration('RECONCILE_AFTER', raw)) ?? 30) * 1000,
      everyMs:
        (optional('RECONCILE_EVERY', (raw) => parseDuration('RECONCILE_EVERY', raw)) ?? 5) * 1000,
      liveEveryMs: 60_000,
    },
    reminders: {
      daysBefore:
        optional('REMINDER_DAYS_BEFORE', (raw) =>
          parseInteger('REMINDER_DAYS_BEFORE', raw, 0, 30),
        ) ?? 3,
      everyMs: reminderInterval(get('REMINDERS_EVERY')),
    },
    logLevel,
    metricsToken: optional('METRICS_TOKEN', parseMetricsToken),
    integrationRateLimit:
      optional('INTEGRATION_RATE_LIMIT', (raw) =>
        parseInteger('INTEGRATION_RATE_LIMIT', raw, 1, 1_000_000),
      ) ?? 600,
    webhooks: {
      allowPrivate:
        optional('WEBHOOK_ALLOW_PRIVATE', (raw) => parseBoolean('WEBHOOK_ALLOW_PRIVATE', raw)) ??
        false,
      timeoutMs:
        (optional('WEBHOOK_TIMEOUT', (raw) => parseDuration('WEBHOOK_TIMEOUT', raw)) ?? 15) * 1000,
      everyMs: 1000,
    },
    brand,
  }
}

/**
 * What a deploy outside demo mode cannot do without, each missing one named in a sentence. (The
 * session secret is not among them: without JWT_SECRET one is generated and kept in the database.)
 */
function requireProductionSettings(settings: {
  publicUrl?: string
  paymentsOff: boolean
  paying: boolean
}) {
  const missing: string[] = []
  if (!settings.publicUrl) {
    missing.push(
      'Defina PUBLIC_URL, o endereço público do portal (ex.: https://portal.seuclube.com.br): os links de pagamento e os avisos usam esse endereço, nunca o cabeçalho Host de quem pede.',
    )
  }
  if (!settings.paymentsOff && !settings.paying) {
    missing.push(
      'Nenhuma forma de pagamento configurada: defina PIX_API_URL e as demais PIX_* (Pix pelo seu banco) e/ou PAYMENT_GATEWAY=stripe com as STRIPE_* (cartão, recorrência e boleto), ou PAYMENTS=off para iniciar sem pagamentos.',
    )
  }
  if (missing.length) {
    throw new ConfigError(
      `fora do modo de demonstração (DEMO=0 ou com DATABASE_URL), falta configurar:\n- ${missing.join('\n- ')}`,
    )
  }
}

/** TRUST_PROXY: a number of proxies (0-10); 'true'/'false' mean 1 and 0, as before. */
function parseProxyHops(raw: string): number {
  if (/^\d+$/.test(raw.trim())) return parseInteger('TRUST_PROXY', raw, 0, 10)
  try {
    return parseBoolean('TRUST_PROXY', raw) ? 1 : 0
  } catch {
    throw new ConfigError(
      `TRUST_PROXY inválido: "${raw}". Use o número de proxies à frente do servidor (0 a 10).`,
    )
  }
}

/** The origin of links to the portal: PUBLIC_URL, or in demo mode this machine's own address. */
/**
 * BRAND_FILE; else the brand the served app was built with (the build keeps a copy in
 * `<STATIC_DIR>/.brand/`, so an image holding only the built files speaks with its app's
 * brand); else ./brand.json. Its one sentence, as a configuration error, stops the start.
 */
function readBrand(file: string | undefined, staticDir: string): LoadedBrand {
  const built = join(staticDir, builtBrandFile)
  try {
    return loadBrand(file ?? (existsSync(built) ? built : defaultBrandFile))
  } catch (error) {
    if (error instanceof BrandError) throw new ConfigError(error.message)
    throw error
  }
}

/** MAIL_FROM as given when it names its sender; a bare address goes out under the brand's name. */
export function mailSender(from: string, productName: string): string {
  if (from.includes('<')) return from
  const name = /[",;:<>@()[\]\\]/.test(productName) ? JSON.stringify(productName) : productName
  return `${name} <${from}>`
}

export const appOrigin = (config: Pick<Config, 'publicUrl' | 'port'>) =>
  config.publicUrl ?? `http://localhost:${config.port}`

/**
 * REMINDERS_EVERY in ms: an hour when unset, a duration of at least a minute, or off (undefined:
 * the pass then runs only when asked, e.g. by /dev/reminders).
 */
function reminderInterval(raw: string | undefined): number | undefined {
  if (raw === undefined) return 3_600_000
  if (['off', '0', 'false', 'no'].includes(raw.toLowerCase())) return undefined
  const seconds = parseDuration('REMINDERS_EVERY', raw)
  if (seconds < 60) {
    throw new ConfigError(`REMINDERS_EVERY inválido: "${raw}". Use pelo menos 1m, ou off.`)
  }
  return seconds * 1000
}

function parseLogLevel(raw: string): LogLevel {
  const level = logLevels.find((name) => name === raw.toLowerCase())
  if (!level) {
    throw new ConfigError(`LOG_LEVEL inválido: "${raw}". Use ${logLevels.join(', ')}.`)
  }
  return level
}

/** Sent as `Authorization: Bearer <token>`, so: visible characters, no blanks, hard to guess. */
function parseMetricsToken(raw: string): string {
  if (!/^[\x21-\x7e]{16,}$/.test(raw)) {
    throw new ConfigError(
      'METRICS_TOKEN inválido: use pelo menos 16 caracteres visíveis, sem espaços.',
    )
  }
  return raw
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
