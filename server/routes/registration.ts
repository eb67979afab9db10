/**
 * Registration saves (spec §7): POST /client/photo-holder and /client/add-dependent. Both carry
 * photos and attachments, so they take bodies up to 8 MB (the app's default is 1 MB and this
 * module is mounted ahead of it), and both are idempotent: an `Idempotency-Key` is required and a
 * repeat gets the first answer (docs/design.md §5).
 */

import type { Context } from 'hono'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type * as v from 'valibot'
import {
  addDependentRequest,
  photoHolderRequest,
  registrationLimits,
} from '../../contract/registration'
import type { Database } from '../db/client'
import type { AppEnv, ServerDeps } from '../deps'
import { at } from '../http/declared'
import { requireSession } from '../http/session'
import { parseWith, readJsonBody } from '../http/validate'
import { type Answer, deleteExpiredKeys, runIdempotentWrite } from '../services/idempotency'
import { idempotencyKeyOf, requestHash } from '../services/idempotency-rules'
import { saveDependent, saveHolder } from '../services/registration'
import { registrationMessages } from '../services/registration-rules'

const SWEEP_EVERY_MS = 60 * 60 * 1000

type Save<S extends v.GenericSchema> = (
  tx: Database,
  personId: string,
  input: v.InferOutput<S>,
  now: Date,
) => Promise<Answer>

export function registrationRoutes(deps: ServerDeps) {
  const session = requireSession(deps)
  const limit = bodyLimit({
    maxSize: registrationLimits.bodyBytes,
    onError: (c) => c.json({ message: registrationMessages.bodyTooLarge }, 413),
  })
  let lastSweep = 0

  /** Expired keys go now and then, before a write, so a failure here writes nothing. */
  async function sweep(now: Date) {
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return
    lastSweep = now.getTime()
    await deleteExpiredKeys(deps.db, now)
  }

  const idempotentSave =
    <S extends v.GenericSchema>(schema: S, save: Save<S>) =>
    async (c: Context<AppEnv>) => {
      const key = idempotencyKeyOf(c.req.header('idempotency-key'))
      const body = await readJsonBody(c)
      const input = parseWith(schema, body)
      const personId = c.get('personId')
      const now = deps.now()
      await sweep(now)
      const answer = await runIdempotentWrite(
        deps.db,
        { personId, key, requestHash: requestHash(c.req.method, c.req.path, body), now },
        (tx) => save(tx, personId, input, now),
      )
      return c.body(answer.body, answer.status, {
        'Content-Type': 'application/json',
        'Cache-Control': 'private, no-store',
        ...(answer.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
      })
    }

  return new Hono<AppEnv>()
    .post(at('saveHolder'), session, limit, idempotentSave(photoHolderRequest, saveHolder))
    .post(at('addDependent'), session, limit, idempotentSave(addDependentRequest, saveDependent))
}
