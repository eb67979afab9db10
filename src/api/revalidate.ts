import type * as v from 'valibot'
import { type RequestOptions, readAnswer, send } from './client'

/** What a revalidating GET learnt: the device's copy still holds, or the server's new one. */
export type Revalidated<T> =
  | { unchanged: true }
  | { unchanged: false; data: T; etag: string | undefined }

/**
 * A GET that sends the ETag of the copy the device holds (`If-None-Match`): a 304 costs the
 * server a version lookup and the phone a few hundred bytes instead of the whole answer. The
 * answers carry `Cache-Control: no-store` (personal data stays out of the browser's HTTP cache,
 * which logout cannot reach), so the app keeps the ETag with its own copy and revalidates itself.
 * Features call it through `callRevalidating` (call.ts), with the operation.
 */
export async function revalidate<S extends v.GenericSchema>(
  path: string,
  options: Omit<RequestOptions<S>, 'method' | 'body' | 'responseType'> & { etag?: string },
): Promise<Revalidated<v.InferOutput<S>>> {
  const { etag, ...rest } = options
  const response = await send(path, {
    ...rest,
    headers: { ...rest.headers, ...(etag ? { 'If-None-Match': etag } : {}) },
    ifNoneMatch: etag,
  })
  if (response.status === 304) return { unchanged: true }
  const data = await readAnswer(response, rest)
  return { unchanged: false, data, etag: response.headers.get('etag') ?? undefined }
}
