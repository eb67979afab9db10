/** What the app is built from: injected by index.ts in production and by server/testing/ in tests. */
import type { HttpTransport } from './adapters/http'
import type { MailAdapter } from './adapters/mail/index'
import type { WhatsAppAdapter } from './adapters/whatsapp/index'
import type { Config } from './config'
import type { Database } from './db/client'
import type { DemoClock } from './demo/clock'
import type { OutboxMessage } from './demo/outbox'
import type { AppMetrics } from './http/metrics'
import type { Logger } from './logger'
import type { ApiKey } from './services/api-keys'
import type { ServerKeys } from './services/secrets'

export type { Logger }

export interface AppDeps {
  config: Config
  db: Database
  mail: MailAdapter
  whatsapp: WhatsAppAdapter
  /** The clock; tests move it to expire codes and tokens. */
  now?: () => Date
  /** Where operational lines go: JSON on stdout by default (logger.ts); tests capture them. */
  logger?: Logger
  /**
   * Outgoing HTTP to other servers (the bank's API Pix, webhooks); by default the network.
   * Tests route it to the app in process.
   */
  http?: HttpTransport
  /** How this server reaches itself (the demo's sandbox PSP): default http://127.0.0.1:PORT */
  selfUrl?: string
}

/**
 * Demo mode only (server/demo/outbox.ts): keeps a copy of each message "sent" (codes, payment
 * messages, reminders), in the sender's transaction, for people and tests to read.
 */
export type DemoOutbox = (tx: Database, message: OutboxMessage) => Promise<void>

/** AppDeps with defaults filled in, as routes and services receive them. */
export interface ServerDeps extends Required<Omit<AppDeps, 'http'>> {
  /** Undefined: each adapter goes over the network (with its own TLS settings). */
  http: HttpTransport | undefined
  /** Set in demo mode only: services copy what they send into it, and know nothing else of it. */
  demoOutbox: DemoOutbox | undefined
  /** Set in demo mode only (unless `now` was given): the clock `/dev/clock` moves. */
  demoClock: DemoClock | undefined
  keys: () => Promise<ServerKeys>
  /** Counters for GET /metrics (login codes, logins; requests are counted by middleware). */
  metrics: AppMetrics
}

/** Hono environment: what middleware puts on the context. */
export interface AppEnv {
  Variables: {
    /** The verified session's person (set by requireSession). */
    personId: string
    /** The session the token stands for ("Sair" ends it). */
    sessionId: string
    /** The integration key that made the call (set by keyGuard; logged by its id). */
    integrationKeyId: string
    integrationKey: ApiKey
  }
}
