/** Demo mode only (mounted at /dev): read the one-time codes that were "sent". */
import { Hono } from 'hono'
import { devOutboxQuery } from '../../src/api/schemas'
import type { AppEnv, ServerDeps } from '../deps'
import { ApiError } from '../http/errors'
import { readQuery } from '../http/validate'
import { latestOutbox } from '../services/dev-outbox'

export function devRoutes(deps: ServerDeps) {
  return new Hono<AppEnv>().get('/outbox', async (c) => {
    const { to } = readQuery(c, devOutboxQuery)
    const message = await latestOutbox(deps.db, to)
    if (!message) throw new ApiError(404, 'Nenhuma mensagem para este destino.')
    return c.json({
      to: message.to,
      channel: message.channel,
      code: message.code,
      text: message.text,
      sent_at: message.sentAt.toISOString(),
    })
  })
}
