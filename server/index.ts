/**
 * Starts the reference server: config, database (migrated, seeded in demo mode), HTTP listener.
 * `npm start` builds the app first; `npm run serve` runs this alone.
 */
import { resolve } from 'node:path'
import { serve } from '@hono/node-server'
import { createMailAdapter } from './adapters/mail/index'
import { createPixApi, registerPixWebhooks } from './adapters/pix-api/index'
import { createWhatsAppAdapter } from './adapters/whatsapp/index'
import { createServer } from './app'
import { startLocalSocket } from './cli/local-socket'
import { type Config, ConfigError, loadConfig } from './config'
import { openDatabase } from './db/client'
import { DataDirError } from './db/data-dir'
import { demoEmails, seedDemoData } from './demo/seed'
import { isLoopback } from './http/client-address'
import { createLogger } from './logger'
import { liveMethodsLine } from './services/collections'
import { DELIVERIES_CHANNEL } from './services/events'
import { startReconciler } from './services/reconciler'
import { startReminders } from './services/reminders'
import { loadServerSecret } from './services/secrets'
import { startWebhookDeliverer } from './services/webhooks'

function readConfig(): Config {
  try {
    return loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(`Configuração inválida: ${error.message}`)
    process.exit(1)
  }
}

/** A data folder in use by another server, or unusable, is one sentence and exit code 1. */
async function openMigratedDatabase(config: Config) {
  try {
    const { databaseUrl, dataDir } = config
    const database = await openDatabase({ databaseUrl, dataDir })
    // The demo's own tables only in demo mode: a production database never has them.
    await database.migrate({ demo: config.demo })
    return database
  } catch (error) {
    if (!(error instanceof DataDirError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}

const config = readConfig()
// JSON lines on stdout (short readable ones in demo mode on a terminal): logger.ts.
const logger = createLogger({ level: config.logLevel, demo: config.demo })

// SIGTERM (a deploy, `docker stop`) and SIGINT stop the server gracefully (shutdown below). One
// that arrives while it starts (initdb, migrations, the demo seed) is kept until the start is
// done, then the server stops the same way: killed half-way, the data folder would keep a stale
// lock, and as a container's PID 1, which ignores a signal it has no handler for, the server
// would run on until the runtime's SIGKILL. A second signal while it starts ends it at once.
let started = false
let signalledWhileStarting: NodeJS.Signals | undefined
function onSignal(signal: NodeJS.Signals) {
  if (started) return void shutdown(signal)
  if (signalledWhileStarting) process.exit(1)
  signalledWhileStarting = signal
  logger.info(
    `${signal} recebido durante a inicialização: o servidor encerra assim que ela terminar.`,
  )
}
process.on('SIGINT', onSignal)
process.on('SIGTERM', onSignal)

const database = await openMigratedDatabase(config)
if (config.demo && (await seedDemoData(database.db))) {
  logger.info('[demo] dados de demonstração criados')
}
// `npm run portal -- backup` while this server runs on the embedded database asks it for the copy.
const stopLocalSocket = database.backup
  ? await startLocalSocket(resolve(config.dataDir), database.backup, logger)
  : async () => {}
// Fail at start, not on the first login, if the secret cannot be read or stored.
await loadServerSecret(database.db, config.jwtSecret)

const mail = createMailAdapter(config, logger)
const whatsapp = createWhatsAppAdapter(config, logger)
const nowhere = config.demo ? 'vão só para o console' : 'não serão enviados'
if (!config.smtpUrl) logger.warn(`SMTP_URL não definido: e-mails ${nowhere}.`)
if (!config.whatsapp)
  logger.warn(`WHATSAPP_API_URL não definido: mensagens de WhatsApp ${nowhere}.`)

const { app, deps, payments } = createServer({ config, db: database.db, mail, whatsapp, logger })
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  logger.info(
    `${config.brand.productName} em http://localhost:${info.port} (ouvindo em ${config.host})`,
  )
  logger.info(`[pagamentos] ${liveMethodsLine(payments, config)}`)
  if (config.demo) {
    logger.info(
      '[demo] modo de demonstração: dados fictícios, pagamentos de mentira e os códigos de acesso legíveis em /dev/outbox, só a partir deste computador.',
    )
    logger.info(`[demo] entre com ${demoEmails.ana}; o código aparece aqui e em /dev/outbox`)
    if (!isLoopback(config.host) && config.host !== 'localhost') {
      logger.warn(
        `[demo] HOST=${config.host}: outros aparelhos da rede abrem o portal de demonstração (mas não /dev). Não use o modo de demonstração em produção.`,
      )
    }
  }
  void registerPixWebhook()
})

/** Tells the bank where to post received Pix; retried until it answers (it may start later). */
async function registerPixWebhook() {
  const pix = createPixApi(deps)
  if (!pix) return
  for (let delay = 1000; !stopping; delay = Math.min(delay * 2, 60_000)) {
    try {
      const url = await registerPixWebhooks(deps, pix)
      logger.info(
        `[pix] webhook registrado: ${url}/pix${deps.config.pix?.account ? ' (e /rec, /cobr do Pix Automático)' : ''}`,
      )
      return
    } catch (error) {
      logger.warn({ err: error }, '[pix] não foi possível registrar o webhook; nova tentativa')
      await new Promise((done) => setTimeout(done, delay))
    }
  }
}

// Resolves what no request will: charges left by a crash, notifications that never came.
const stopReconciler = payments ? startReconciler(payments, config.reconcile) : async () => {}

// Payment reminders (REMINDERS_EVERY): at start and then periodically, on every instance; a
// reminder is claimed in the database before it goes out, so none is sent twice.
const { everyMs: remindersEveryMs } = config.reminders
const stopReminders = remindersEveryMs ? startReminders(deps, remindersEveryMs) : async () => {}

// The provider's webhooks (decision 019): every instance sends what is due; a delivery is claimed
// in the database (FOR UPDATE SKIP LOCKED), so none goes out twice at once.
// Each commit that queues a delivery wakes them (NOTIFY), so an event leaves within moments.
const webhooks = startWebhookDeliverer(
  {
    ...deps,
    portal: config.brand.productName,
    allowPrivate: config.webhooks.allowPrivate,
    timeoutMs: config.webhooks.timeoutMs,
  },
  config.webhooks.everyMs,
  (onNotice) => database.listen(DELIVERIES_CHANNEL, onNotice),
)

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  logger.info(`${signal} recebido, encerrando…`)
  // Stop accepting connections, let open requests finish, then release the database.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  // close() ends the connections idle at that moment; one kept alive (a browser's, a proxy's
  // pool) whose request was still in flight turns idle once its answer is sent: end it then.
  const idle = setInterval(() => {
    if ('closeIdleConnections' in server) server.closeIdleConnections()
  }, 100)
  // Requests still open after a few seconds (a stuck client) are cut rather than waited on.
  const force = setTimeout(() => {
    if ('closeAllConnections' in server) server.closeAllConnections()
  }, 5_000)
  await closed
  clearInterval(idle)
  clearTimeout(force)
  await stopReconciler()
  await stopReminders()
  await webhooks.stop()
  await stopLocalSocket()
  mail.close?.()
  await database.close()
  process.exit(0)
}
started = true
if (signalledWhileStarting) void shutdown(signalledWhileStarting)
