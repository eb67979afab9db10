/**
 * The holder's copy of their data (LGPD art. 18; issue 28), as JSON and as PDF. The session's
 * person only: no id in the path, so there is no one else's to ask for. Limited per person per
 * day (both formats count) and logged, without the data, under the request's id.
 */
import { Hono } from 'hono'
import type { AppEnv, ServerDeps } from '../deps'
import { at } from '../http/declared'
import { ApiError, tooManyRequests } from '../http/errors'
import { personalData, personalDataFileName } from '../services/personal-data'
import { personalDataPdf } from '../services/personal-data-pdf'
import { hit, type Rule } from '../services/rate-limit'

const PRIVATE = 'private, no-store'
/** Ten downloads a day: five copies in both formats, more than a person asks for. */
export const personalDataLimit: Rule = { limit: 10, windowMs: 24 * 60 * 60 * 1000 }

export const privacyMessages = {
  tooMany: 'Você já baixou seus dados muitas vezes hoje. Tente de novo amanhã.',
  gone: 'Sessão inválida.',
} as const

export function privacyRoutes(deps: ServerDeps) {
  async function copyFor(personId: string, format: 'json' | 'pdf') {
    const now = deps.now()
    const { count, retryAfterSeconds } = await hit(
      deps.db,
      `personal-data:${personId}`,
      personalDataLimit,
      now,
    )
    if (count > personalDataLimit.limit)
      throw tooManyRequests(privacyMessages.tooMany, retryAfterSeconds)
    const data = await personalData(deps.db, personId, now, deps.config.brand)
    if (!data) throw new ApiError(401, privacyMessages.gone)
    deps.logger.info(
      { personId, format, contracts: data.contratos.length },
      '[lgpd] cópia dos dados pessoais entregue ao titular',
    )
    return { data, now }
  }

  return new Hono<AppEnv>()
    .get(at('personalData'), async (c) => {
      const { data, now } = await copyFor(c.get('personId'), 'json')
      return c.body(JSON.stringify(data, null, 2), 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="${personalDataFileName(now, 'json')}"`,
        'Cache-Control': PRIVATE,
      })
    })
    .get(at('personalDataPdf'), async (c) => {
      const { data, now } = await copyFor(c.get('personId'), 'pdf')
      // Base64 text, as every PDF of the portal's API (the receipts, spec §3).
      const pdf = await personalDataPdf(data, now)
      return c.text(Buffer.from(pdf).toString('base64'), 200, { 'Cache-Control': PRIVATE })
    })
}
