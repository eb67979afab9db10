/**
 * Payment reminders, the holder's side (issue 17): the channels they get reminders on, and the
 * calendar file of their open instalments. Only the holder's own contracts: anything else
 * answers 404 like the instalment list.
 */

import { Hono } from 'hono'
import { instalmentCalendarFileName, reminderPreferencesRequest } from '../../contract/reminders'
import type { AppEnv, ServerDeps } from '../deps'
import { at } from '../http/declared'
import { ApiError } from '../http/errors'
import { idOrNotFound, readJson } from '../http/validate'
import { contractMessages } from '../services/contracts'
import { instalmentCalendar } from '../services/instalment-calendar'
import { listHolderInstalments } from '../services/payment-orders'
import { readReminderPreferences, saveReminderPreferences } from '../services/reminder-preferences'

const PRIVATE = 'private, no-store'

export function reminderRoutes(deps: ServerDeps) {
  return new Hono<AppEnv>()
    .get(at('getReminderPreferences'), async (c) => {
      const preferences = await readReminderPreferences(deps.db, c.get('personId'))
      return c.json(preferences, 200, { 'Cache-Control': PRIVATE })
    })
    .put(at('saveReminderPreferences'), async (c) => {
      const request = await readJson(c, reminderPreferencesRequest)
      const saved = await saveReminderPreferences(deps.db, c.get('personId'), request, deps.now())
      return c.json(saved, 200, { 'Cache-Control': PRIVATE })
    })
    .get(at('instalmentCalendar'), async (c) => {
      const id = idOrNotFound(c.req.param('id'), contractMessages.notFound)
      const now = deps.now()
      const instalments = await listHolderInstalments(deps.db, c.get('personId'), id, now)
      if (!instalments) throw new ApiError(404, contractMessages.notFound)
      return c.body(instalmentCalendar(deps.config, instalments, now), 200, {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': `attachment; filename="${instalmentCalendarFileName}"`,
        'Cache-Control': PRIVATE,
      })
    })
}
