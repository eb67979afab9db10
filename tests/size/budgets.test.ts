/**
 * docs/design.md §7 size budgets, on the built app (`npm test` builds before Vitest runs). Sizes are
 * deterministic, so unlike speed they may be asserted: gzip level 9 of the files in dist/, as
 * `npm run bench` reports them (it measures /login in Chromium; the two figures agree).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  firstViewJs,
  gzipKiB,
  lazyJs,
  type Manifest,
  precacheUrls,
  readManifest,
} from '../../scripts/chunk-graph'

const dist = resolve(import.meta.dirname, '../../dist')
// docs/design.md §7 asks 110 KiB for /login and 240 KiB for the precache (issue 16); the test holds the
// figures reached so far so they cannot grow back: /login 119.6 KiB; precache 279.1 KiB in issue
// 16, then 285.7 KiB with issue 17's passkey button, reminder switches and calendar button, then
// 286.1 KiB with issue 24's check of each outbox row against its request schema when it is read
// back (the outbox's chunk now links the registration schemas; +0.4 KiB), then 286.5 KiB when
// the app's calls went through the declared operations (issue 24; decision 018 says how /login
// stayed at 119.6 KiB): 286.5 KiB measured on a fresh clone, so the budget moves to 287 KiB. The
// declarations a screen calls carry their answers by status and their ids (~0.4 KiB in all);
// their documents' text (summaries, groups) is left out of the browser build. Issue 26 retired the
// 240 KiB aim for the precache (300 KiB: it cost kept libraries for no effect a person can notice)
// and moved the app behind an entry that only paints (decision 020): /login 119.4 KiB.
// Issue 27 (fourth round) found the precache at 300.1 KiB: the screens' dozen small shared parts
// (chips, avatars, dates, amounts…) became one 'kit' chunk (vite.config.ts), one name instead of
// twelve in every preload list: precache 296.8 KiB, /login 120.6 KiB. Audit 8's round took it to
// 300.05 KiB; CSS modules' class names of two or three letters (scripts/css-class-names.ts) to
// 297.8 KiB. Audit 12's round reached 299.9 KiB and /login 121.0 KiB: two masks' kinds of imask
// instead of all of them took the precache to 296.5 KiB, and the install prompt loaded after the
// first paint took /login to 120.5 KiB (docs/design.md §7).
const budgetKiB = { login: 121, lazyChunk: 50, precache: 300 }

const kib = (value: number) => `${value.toFixed(1)} KiB`
const sized = (files: string[]) =>
  files.map((file) => ({ file, kib: gzipKiB(dist, file) })).sort((a, b) => b.kib - a.kib)
const total = (files: Array<{ kib: number }>) => files.reduce((sum, file) => sum + file.kib, 0)
const table = (files: Array<{ file: string; kib: number }>) =>
  files.map(({ file, kib: size }) => `  ${kib(size).padStart(10)}  ${file}`).join('\n')

describe('size budgets (docs/design.md §7)', () => {
  let manifest: Manifest
  beforeAll(() => {
    if (!existsSync(join(dist, '.vite/manifest.json')) || !existsSync(join(dist, 'sw.js')))
      throw new Error('dist/ incompleto: rode `npm run build` antes deste teste.')
    manifest = readManifest(dist)
  })

  it(`JavaScript for the first view of /login ≤ ${budgetKiB.login} KiB gzip`, () => {
    const files = sized(firstViewJs(manifest, 'src/routes/login.tsx'))
    const login = total(files)
    expect(
      login,
      `/login carrega ${kib(login)} de JS (gzip), acima de ${budgetKiB.login} KiB:\n${table(files)}`,
    ).toBeLessThanOrEqual(budgetKiB.login)
  })

  it(`every lazy chunk ≤ ${budgetKiB.lazyChunk} KiB gzip`, () => {
    const over = sized(lazyJs(manifest)).filter((file) => file.kib > budgetKiB.lazyChunk)
    expect(over, `chunks acima de ${budgetKiB.lazyChunk} KiB (gzip):\n${table(over)}`).toEqual([])
  })

  it(`the whole precache, service worker included, ≤ ${budgetKiB.precache} KiB gzip`, () => {
    const urls = precacheUrls(readFileSync(join(dist, 'sw.js'), 'utf8'))
    expect(urls.length).toBeGreaterThan(0)
    const files = sized([...urls, 'sw.js'])
    const precache = total(files)
    expect(
      precache,
      `o precache soma ${kib(precache)} (gzip), acima de ${budgetKiB.precache} KiB; os maiores:\n${table(files.slice(0, 10))}`,
    ).toBeLessThanOrEqual(budgetKiB.precache)
  })
})
