/**
 * What GET /metrics tells Prometheus (prom-client): requests and their latency by route pattern
 * (never the raw path: ids and codes would make a series each), one-time codes sent, logins,
 * registration saves answered from their Idempotency-Key, charges by state (read from the
 * database at each scrape, so every instance tells the same), and Node's own process figures.
 * Counters are per instance; Prometheus adds the instances up.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Logger } from '../logger'
import { chargeStates } from '../services/charge-states'
import type { AnsweredRequest } from './request-log'

export type CodeChannel = 'email' | 'whatsapp'

export interface AppMetrics {
  requestAnswered(request: AnsweredRequest): void
  /** A login code handed to the mail or WhatsApp provider, or refused by it. */
  codeDelivered(channel: CodeChannel, delivered: boolean): void
  login(succeeded: boolean, method?: 'code' | 'passkey'): void
  /** The text exposition of every metric, for GET /metrics. */
  exposition(): Promise<{ contentType: string; body: string }>
}

export interface MetricsSources {
  chargesByState: () => Promise<{ state: string; count: number }[]>
  logger: Logger
  /** Node's process metrics too (CPU, memory, event loop, GC): on when /metrics is. */
  processMetrics: boolean
}

/** Seconds; the API aims at p99 ≤ 20 ms, so the small end is fine-grained. */
const latencyBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export function createMetrics(sources: MetricsSources): AppMetrics {
  const registry = new Registry()
  const registers = [registry]
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'Requisições atendidas, por método, rota (o padrão, não o caminho) e status.',
    labelNames: ['method', 'route', 'status'],
    registers,
  })
  const latency = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Tempo até a resposta, por método, rota e status.',
    labelNames: ['method', 'route', 'status'],
    buckets: latencyBuckets,
    registers,
  })
  const codesSent = new Counter({
    name: 'portal_otp_codes_sent_total',
    help: 'Códigos de acesso entregues ao provedor de e-mail ou WhatsApp.',
    labelNames: ['channel'],
    registers,
  })
  const codeFailures = new Counter({
    name: 'portal_otp_code_delivery_failures_total',
    help: 'Códigos de acesso que o provedor de e-mail ou WhatsApp recusou ou não recebeu.',
    labelNames: ['channel'],
    registers,
  })
  const logins = new Counter({
    name: 'portal_logins_total',
    help: 'Tentativas de login, com código ou passkey (method): success (sessão criada) ou failure (código errado ou vencido, passkey recusada).',
    labelNames: ['method', 'outcome'],
    registers,
  })
  const replays = new Counter({
    name: 'portal_idempotency_replays_total',
    help: 'Gravações repetidas com a mesma Idempotency-Key (reenvios da fila offline do app) respondidas com a resposta guardada.',
    labelNames: ['route'],
    registers,
  })
  new Gauge({
    name: 'portal_charges',
    help: 'Cobranças em cada estado, lidas do banco de dados a cada coleta.',
    labelNames: ['state'],
    registers,
    async collect() {
      try {
        const rows = await sources.chargesByState()
        for (const state of chargeStates) {
          this.set({ state }, rows.find((row) => row.state === state)?.count ?? 0)
        }
      } catch (error) {
        // The other metrics still go out; this one is left out of the scrape.
        this.reset()
        sources.logger.warn({ err: error }, '[métricas] não foi possível contar as cobranças')
      }
    },
  })
  // Every series exists from the start, so rate() sees the first event.
  for (const channel of ['email', 'whatsapp']) {
    codesSent.inc({ channel }, 0)
    codeFailures.inc({ channel }, 0)
  }
  for (const method of ['code', 'passkey'])
    for (const outcome of ['success', 'failure']) logins.inc({ method, outcome }, 0)
  const nodeProcess = sources.processMetrics ? processRegistry() : undefined

  return {
    requestAnswered({ method, route, status, durationMs, replayed }) {
      const labels = { method, route, status: String(status) }
      requests.inc(labels)
      latency.observe(labels, durationMs / 1000)
      if (replayed) replays.inc({ route })
    },
    codeDelivered(channel, delivered) {
      ;(delivered ? codesSent : codeFailures).inc({ channel })
    },
    login(succeeded, method = 'code') {
      logins.inc({ method, outcome: succeeded ? 'success' : 'failure' })
    },
    async exposition() {
      const own = await registry.metrics()
      const body = nodeProcess ? `${own}\n${await nodeProcess.metrics()}` : own
      return { contentType: registry.contentType, body }
    },
  }
}

let sharedProcessRegistry: Registry | undefined

/** One per process: each server made in a test process would otherwise add its own watchers. */
function processRegistry(): Registry {
  if (!sharedProcessRegistry) {
    sharedProcessRegistry = new Registry()
    collectDefaultMetrics({ register: sharedProcessRegistry })
  }
  return sharedProcessRegistry
}
