/**
 * Answers that are cheap to repeat (issue 16): a read whose version the database gives in one
 * lookup is sent with a strong `ETag` made of its id and version and `Cache-Control: private,
 * no-cache`, so the browser asks again with `If-None-Match` and gets a 304 without a body. A 200
 * is serialized once per version and kept, with its gzip and brotli copies (each made the first
 * time someone accepts it), in a small LRU per app instance.
 *
 * The version always comes from the database on the request itself: a kept answer is used only
 * when its key is the version just read, so another instance's write is never hidden by this
 * one's memory. A kept answer can only be newer than its key (the full read runs after the
 * lookup), never older.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Context } from 'hono'
import type { ServerDeps } from '../deps'

/** Enough for the contracts and instalment lists in use on one instance; ~30 KiB each at most. */
export const MAX_KEPT_ANSWERS = 500
/** Below this, compressing saves less than the headers it adds (as scripts/build-compress.ts). */
const COMPRESS_FROM_BYTES = 1024

type Encoding = 'br' | 'gzip'

/** Bytes as sent, each copy made once (plain Uint8Arrays: what Hono's c.body takes). */
interface KeptAnswer {
  identity: Uint8Array<ArrayBuffer>
  br?: Uint8Array<ArrayBuffer>
  gzip?: Uint8Array<ArrayBuffer>
}

const compressors: Record<Encoding, (body: Uint8Array) => Buffer> = {
  // Quality 9, not 11: made once per version but on the read that missed; 11 costs ~10× more
  // time for a few per cent.
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipSync(body, { level: 9 }),
}

/** An LRU of serialized answers by ETag: a Map keeps insertion order, a hit moves to the end. */
export class AnswerCache {
  private readonly answers = new Map<string, KeptAnswer>()

  constructor(private readonly max = MAX_KEPT_ANSWERS) {}

  get size() {
    return this.answers.size
  }

  get(tag: string): KeptAnswer | undefined {
    const kept = this.answers.get(tag)
    if (kept) {
      this.answers.delete(tag)
      this.answers.set(tag, kept)
    }
    return kept
  }

  set(tag: string, kept: KeptAnswer) {
    this.answers.delete(tag)
    this.answers.set(tag, kept)
    while (this.answers.size > this.max) {
      const oldest = this.answers.keys().next().value
      if (oldest === undefined) break
      this.answers.delete(oldest)
    }
  }
}

/** One cache per app (like the session trust cache): two apps in one process share nothing. */
const caches = new WeakMap<ServerDeps, AnswerCache>()
export function answerCacheOf(deps: ServerDeps): AnswerCache {
  let cache = caches.get(deps)
  if (!cache) {
    cache = new AnswerCache()
    caches.set(deps, cache)
  }
  return cache
}

/** A strong ETag from what identifies the answer (kind, id, version…), never from its bytes. */
export const etagOf = (...parts: (string | number)[]) => `"${parts.join('.')}"`

/** If-None-Match names this tag (or `*`); weak comparison, as RFC 9110 §13.1.2 says. */
export function matchesTag(header: string | undefined, tag: string): boolean {
  if (!header) return false
  return header.split(',').some((entry) => {
    const candidate = entry.trim()
    return candidate === '*' || candidate.replace(/^W\//, '') === tag
  })
}

/** The best encoding the client accepts: br, then gzip; `q=0` refuses one. */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined
  const accepted = new Map<string, number>()
  for (const entry of header.toLowerCase().split(',')) {
    const [name = '', ...params] = entry.trim().split(';')
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1)
  }
  const wants = (encoding: Encoding) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0
  if (wants('br')) return 'br'
  if (wants('gzip')) return 'gzip'
  return undefined
}

const revalidate = (tag: string) => ({
  ETag: tag,
  'Cache-Control': 'private, no-cache',
  Vary: 'Accept-Encoding',
})

/**
 * Answers a versioned read: 304 when the client has `tag`, else the kept answer for `tag` or the
 * one `read` builds (kept for the next reader). `tag` must come from a version the database gave
 * for this request, after its authorization check.
 */
export async function sendVersioned(
  c: Context,
  cache: AnswerCache,
  tag: string,
  read: () => Promise<unknown>,
): Promise<Response> {
  const headers = revalidate(tag)
  if (matchesTag(c.req.header('If-None-Match'), tag)) return c.body(null, 304, headers)
  let kept = cache.get(tag)
  if (!kept) {
    kept = { identity: new TextEncoder().encode(JSON.stringify(await read())) }
    cache.set(tag, kept)
  }
  const contentType = { 'Content-Type': 'application/json' }
  const encoding =
    kept.identity.length >= COMPRESS_FROM_BYTES
      ? preferredEncoding(c.req.header('Accept-Encoding'))
      : undefined
  if (!encoding) return c.body(kept.identity, 200, { ...headers, ...contentType })
  kept[encoding] ??= new Uint8Array(compressors[encoding](kept.identity))
  return c.body(kept[encoding], 200, {
    ...headers,
    ...contentType,
    'Content-Encoding': encoding,
  })
}
