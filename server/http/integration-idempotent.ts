/**
 * An integration POST under its `Idempotency-Key` (decision 019): the same key and body get the
 * first answer again (`Idempotent-Replayed: true`); without the header the call just runs.
 */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type * as v from 'valibot'
import type { AppEnv, ServerDeps } from '../deps'
import {
  deleteExpiredIntegrationKeys,
  integrationKeyOf,
  runIntegrationIdempotent,
} from '../services/integration-idempotency'
import { ApiError } from './errors'
import { ProblemError, parseProblems, problemBody } from './integration'
import { readOptionalJsonBody } from './validate'

const SWEEP_EVERY_MS = 10 * 60 * 1000
const PRIVATE = 'private, no-store'

/** An optional JSON body (cancel, block, ping): none, or an empty one, is `{}`. */
export async function optionalBodyOf<S extends v.GenericSchema>(c: Context<AppEnv>, schema: S) {
  const body = await readOptionalJsonBody(c)
  return parseProblems(schema, body === undefined ? {} : body, 'body')
}

/** A refusal of ours, as the answer an Idempotency-Key keeps; null for a failure (not kept). */
function refusalAnswer(error: unknown): { status: number; body: string } | null {
  const problem =
    error instanceof ProblemError
      ? error
      : error instanceof ApiError
        ? new ProblemError(error.status, error.message)
        : null
  if (!problem || problem.status >= 500) return null
  return {
    status: problem.status,
    body: JSON.stringify(problemBody(problem.status, problem.detail, problem.errors)),
  }
}

export type Acted = { status: ContentfulStatusCode; item: unknown }

export function idempotentPosts(deps: ServerDeps) {
  let lastSweep = 0
  return <S extends v.GenericSchema>(
    schema: S,
    act: (c: Context<AppEnv>, body: v.InferOutput<S>) => Promise<Acted>,
  ) =>
    async (c: Context<AppEnv>) => {
      const key = integrationKeyOf(c.req.header('idempotency-key'))
      const body = await optionalBodyOf(c, schema)
      const run = async () => {
        const { status, item } = await act(c, body)
        return { status, body: JSON.stringify(item) }
      }
      const now = deps.now()
      const answered =
        key === undefined
          ? { ...(await run()), replayed: false }
          : await (async () => {
              if (now.getTime() - lastSweep > SWEEP_EVERY_MS) {
                lastSweep = now.getTime()
                await deleteExpiredIntegrationKeys(deps.db, now)
              }
              return runIntegrationIdempotent(
                deps.db,
                {
                  apiKeyId: c.get('integrationKey').id,
                  key,
                  method: c.req.method,
                  path: c.req.path,
                  body,
                  now,
                },
                run,
                refusalAnswer,
              )
            })()
      return c.body(answered.body, answered.status as ContentfulStatusCode, {
        'Cache-Control': PRIVATE,
        'Content-Type':
          answered.status >= 400 ? 'application/problem+json; charset=utf-8' : 'application/json',
        ...(answered.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
      })
    }
}
