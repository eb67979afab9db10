/**
 * Answers that are cheap to repeat (issue 16): a read whose version the database gives in one
 * lookup is sent with a strong `ETag` made of its id and version (and `Cache-Control: private,
 * no-store`, see `revalidate`); a client that sends that ETag back as `If-None-Match` gets a 304
 * without a body. A 200
 * is serialized once per version and kept, with its gzip and brotli copies (each made the first
 * time someone accepts it), in a small LRU per app instance.
 *
 * The version always comes from the database on the request itself: a kept answer is used only
 * when its key is the version just read, so another instance's write is never hidden by this
 * one's memory. A kept answer can only be newer than its key (the full read runs after the
 * lookup), never older.
 */
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Context } from 'hono'
import type { ServerDeps } from '../deps'

/** Enough for the contracts and instalment lists in use on one instance (~14 KiB a contract). */
export const MAX_KEPT_ANSWERS = 500
/**
 * And at most this many bytes, copies included: a contract may carry several MB of attachments
 * (registration saves take 8 MB), and 500 of those would not fit in memory.
 */
export const MAX_KEPT_BYTES = 64 * 1024 * 1024
/** Below this, compressing saves less than the headers it adds (as scripts/build-compress.ts). */
const COMPRESS_FROM_BYTES = 1024
/** Above this, brotli's quality 9 takes long; attachments in base64 compress little anyway. */
const LARGE_BYTES = 1024 * 1024

type Encoding = 'br' | 'gzip'

/** Bytes as sent, each copy made once (plain Uint8Arrays: what Hono's c.body takes). */
export interface KeptAnswer {
  identity: Uint8Array<ArrayBuffer>
  br?: Uint8Array<ArrayBuffer>
  gzip?: Uint8Array<ArrayBuffer>
}

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** On zlib's thread pool, not the event loop: a large first read does not stall the others. */
const compressors: Record<Encoding, (body: Uint8Array) => Promise<Buffer>> = {
  // Quality 9, not 11: made once per version but on the read that missed; 11 costs several
  // times more for a few per cent.
  br: (body) =>
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: body.length > LARGE_BYTES ? 5 : 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipAsync(body, { level: body.length > LARGE_BYTES ? 6 : 9 }),
}

const bytesOf = (kept: KeptAnswer) =>
  kept.identity.length + (kept.br?.length ?? 0) + (kept.gzip?.length ?? 0)

/**
 * An LRU of serialized answers by ETag, bounded by count and by bytes: a Map keeps insertion
 * order, a hit moves to the end, the oldest go first.
 */
export class AnswerCache {
  private readonly answers = new Map<string, KeptAnswer>()
  private bytes = 0

  constructor(
    private readonly maxAnswers = MAX_KEPT_ANSWERS,
    private readonly maxBytes = MAX_KEPT_BYTES,
  ) {}

  get size() {
    return this.answers.size
  }

  get keptBytes() {
    return this.bytes
  }

  get(tag: string): KeptAnswer | undefined {
    const kept = this.answers.get(tag)
    if (kept) {
      this.answers.delete(tag)
      this.answers.set(tag, kept)
    }
    return kept
  }

  /** Keeps an answer (an answer over an eighth of the budget is sent, not kept). */
  set(tag: string, kept: KeptAnswer) {
    this.forget(tag)
    if (bytesOf(kept) > this.maxBytes / 8) return
    this.answers.set(tag, kept)
    this.bytes += bytesOf(kept)
    this.trim()
  }

  /** Adds a compressed copy to a kept answer (or to one only being sent). */
  addCopy(tag: string, kept: KeptAnswer, encoding: Encoding, copy: Uint8Array<ArrayBuffer>) {
    if (kept[encoding]) return
    kept[encoding] = copy
    if (this.answers.get(tag) !== kept) return
    this.bytes += copy.length
    this.trim()
  }

  private forget(tag: string) {
    const kept = this.answers.get(tag)
    if (!kept) return
    this.answers.delete(tag)
    this.bytes -= bytesOf(kept)
  }

  private trim() {
    while (this.answers.size > this.maxAnswers || this.bytes > this.maxBytes) {
      const oldest = this.answers.keys().next().value
      if (oldest === undefined) break
      this.forget(oldest)
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

/**
 * `no-store`, not `no-cache`: these answers carry personal data, and "Sair" must leave none on
 * the device (design §5) — the browser's HTTP cache is beyond the app's reach at logout. A client
 * revalidates by sending the ETag it kept (with the data, in Dexie) as If-None-Match itself.
 */
const revalidate = (tag: string) => ({
  ETag: tag,
  'Cache-Control': 'private, no-store',
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
  let copy = kept[encoding]
  if (!copy) {
    copy = new Uint8Array(await compressors[encoding](kept.identity))
    cache.addCopy(tag, kept, encoding, copy)
  }
  return c.body(copy, 200, {
    ...headers,
    ...contentType,
    'Content-Encoding': encoding,
  })
}
