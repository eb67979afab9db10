/**
 * The service worker ↔ page protocol: the registration outbox (the page's src/offline/outbox*.ts
 * and the worker's sw/outbox.ts), the messages both send, the store of outcomes and the member-card
 * snapshot. Both sides import this one module, so none of it can drift apart. No DOM, no worker
 * globals beyond IndexedDB and Cache Storage, and no schema library: the worker stays small.
 */
import { queuedPaths } from './api/queued-paths'
import { paintedAttribute } from './painted-page'

/** Their full URLs under the configured API base (`VITE_API_BASE` may be another host). */
export const outboxUrls = (apiBase: string, origin: string): string[] =>
  Object.values(queuedPaths).map((path) => new URL(`${apiBase}${path}`, origin).href)

/**
 * Answers that may get better later (a timeout, too many requests, a server failure): the save
 * stays for another try. Any other 4xx is the server's final word on it; 401 waits for a login.
 */
export const mayGetBetter = (status: number) => status === 408 || status === 429 || status >= 500

/** The worker's "kept for later" answer: 202 with this header. */
export const queuedHeader = { name: 'X-Outbox', value: 'queued' } as const

/** Workbox background-sync queue name (its IndexedDB rows and its `sync` tag derive from it). */
export const outboxQueueName = 'portal-titular-outbox'

/** Page → worker. */
export type PageMessage =
  | { type: 'SKIP_WAITING' }
  /** Deliver what waits; with a token, every queued save goes with it (a new login). */
  | { type: 'REPLAY_OUTBOX'; token?: string }
  /** Logout: queued saves carry personal data and the token. */
  | { type: 'CLEAR_OUTBOX' }
  /** A newer save of the same form replaces these queued ones (each save is the whole form). */
  | { type: 'DROP_QUEUED'; keys: string[] }
  /** Which keys are still queued? Answered on the message's port as OutboxQueued. */
  | { type: 'LIST_QUEUED' }

/** Worker → page. */
export type WorkerMessage =
  | { type: 'OUTBOX_QUEUED'; key: string }
  /** An outcome was recorded in the results store: read it there. */
  | { type: 'OUTBOX_SETTLED' }
  /** The server answered 401 to a queued save sent with `token`: that session is over. */
  | { type: 'OUTBOX_SESSION_ENDED'; token: string }

export type OutboxQueued = { keys: string[] }

export const isPageMessage = (data: unknown): data is PageMessage =>
  typeof (data as { type?: unknown } | null)?.type === 'string'

/**
 * What the server said to a queued save: kept in IndexedDB by the worker until a page reads it,
 * so a save delivered with no page open is known at the next start. 401 is no outcome: the save
 * stays queued until the same person logs in again.
 */
export type OutboxResult = {
  key: string
  status: number
  message: string | null
  at: number
}

const results = { database: 'portal-titular-outbox-results', store: 'results' } as const

function openResults(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(results.database, 1)
    request.onupgradeneeded = () =>
      request.result.createObjectStore(results.store, { keyPath: 'key' })
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

async function inStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  const database = await openResults()
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const transaction = database.transaction(results.store, mode)
      const request = work(transaction.objectStore(results.store))
      transaction.oncomplete = () => resolve(request?.result)
      transaction.onerror = () => reject(transaction.error)
      transaction.onabort = () => reject(transaction.error)
    })
  } finally {
    database.close()
  }
}

/** Worker: records an outcome before telling any page, so none is lost if no page listens. */
export async function recordResult(result: OutboxResult): Promise<void> {
  await inStore('readwrite', (store) => store.put(result))
}

/**
 * Page: takes every recorded outcome and removes it in the same transaction, so two tabs never
 * both act on one.
 */
export async function takeResults(): Promise<OutboxResult[]> {
  let taken: OutboxResult[] = []
  await inStore('readwrite', (store) => {
    const request = store.getAll()
    request.onsuccess = () => {
      taken = request.result as OutboxResult[]
      store.clear()
    }
    return undefined
  })
  return taken
}

/** Logout: outcomes name saves of the person leaving. */
export async function clearResults(): Promise<void> {
  await inStore('readwrite', (store) => store.clear())
}

// ---------------------------------------------------------------- member-card snapshot

/**
 * The member-card snapshot, shared by the page (which writes it) and the service worker (which
 * paints it): the last card screen as static markup, so a cold start at the gate shows the
 * cards before the app's JavaScript has run (docs/design.md §7: card visible offline within 1 s).
 * Personal data: logout deletes it with everything else.
 */
export const cardSnapshot = {
  /** Cache Storage: both the page and the worker can reach it, and logout deletes it whole. */
  cache: 'portal-titular-card-snapshot',
  url: '/card-snapshot.json',
  /** The element the worker puts before #root; the app removes it once its own list is up. */
  elementId: 'card-snapshot',
  /** The only route that gets it. */
  path: '/favorites',
  /** A photo is a data URL; two megabytes fit a dozen cards and refuse anything odd. */
  maxLength: 2_000_000,
} as const

export type CardSnapshot = {
  /** The entry script of the build that drew it: class names change from build to build. */
  build: string
  contractId: string
  /** Sanitized markup of the page (header, card list, navigation); no script, no handler. */
  html: string
}

export function isCardSnapshot(value: unknown): value is CardSnapshot {
  const record = value as Partial<CardSnapshot> | null
  return (
    typeof record?.build === 'string' &&
    typeof record.contractId === 'string' &&
    typeof record.html === 'string' &&
    record.html.length <= cardSnapshot.maxLength
  )
}

/**
 * Copies of the installed app's last screens (decision 021): /home and /search as they were last
 * on display, kept by the page and painted by the service worker into #root when that path is
 * opened again, so the screen shows before the app's code has run; the app then renders beside
 * it and takes its place, as on a page the server rendered. Kept in the card snapshot's cache,
 * so logout deletes them with it (and a save never lands after that delete).
 */
export const screenSnapshots = {
  cache: cardSnapshot.cache,
  /** The paths painted this way; the key adds the query (/search?aba=… is another screen). */
  paths: ['/home', '/search'] as readonly string[],
  url: (pathAndQuery: string) => `/screen-snapshot${pathAndQuery}`,
  /** On the painted #root: the markup is the device's copy, not the server's answer. */
  paintedAttribute,
} as const

/** The same as the card snapshot's (`html`: #root's content), with when its session expires. */
export type ScreenSnapshot = CardSnapshot & {
  /** When the session it was drawn in expires (ms): an expired one is not painted. */
  expiresAt: number
}

export const isScreenSnapshot = (value: unknown): value is ScreenSnapshot =>
  isCardSnapshot(value) && typeof (value as Partial<ScreenSnapshot>).expiresAt === 'number'
