/**
 * Lighthouse with its mobile defaults (simulated Slow 4G, 4× CPU) on the system Chromium, for the
 * logged-in demo holder. Each run gets a fresh browser profile, so every load is cold (nothing
 * cached, no service worker) but already holds the session in localStorage, as a returning user's
 * first visit on a new device would; Lighthouse's own storage reset would log the user out.
 * Lantern simulates the network, but times the CPU work as it ran here: on a busy machine TBT and
 * the performance score come out worse than on an idle one.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import { chromium } from 'playwright-core'
import { chromePath } from '../../tests/helpers/browser'

export const lighthouseRuns = 3

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]

export interface LighthouseFigures {
  performance: number
  accessibility: number
  bestPractices: number
  lcpMs: number
  fcpMs: number
  tbtMs: number
  cls: number
  /** All main-thread work of the load (Lighthouse's breakdown), and the part that is script. */
  mainThreadMs: number
  scriptMs: number
}

export interface PageResult {
  path: string
  median: LighthouseFigures
  runs: LighthouseFigures[]
  /** Audits that kept a category below 100 in any run: id, title and what Lighthouse saw. */
  failing: FailingAudit[]
}

export interface FailingAudit {
  id: string
  category: string
  title: string
  score: number | null
  displayValue?: string
  /** The first few items of the audit's details (URLs, nodes), to say what to fix. */
  items: string[]
}

/** Writes `storage` into the origin's localStorage of a running Chrome, via the DevTools port. */
async function seedLocalStorage(port: number, origin: string, storage: Record<string, string>) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const context = browser.contexts()[0]
    if (!context) throw new Error('Chromium sem contexto padrão')
    const page = await context.newPage()
    await page.goto(`${origin}/robots.txt`)
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
    }, storage)
    await page.close()
  } finally {
    // Only disconnects: the browser and its default profile stay for Lighthouse.
    await browser.close()
  }
}

async function runOnce(url: string, storage: Record<string, string>) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'silent' })
  try {
    if (Object.keys(storage).length > 0)
      await seedLocalStorage(chrome.port, new URL(url).origin, storage)
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // The session lives in localStorage; the fresh profile already makes the load cold.
      disableStorageReset: true,
    })
    if (!result) throw new Error(`Lighthouse não devolveu resultado para ${url}`)
    return result.lhr
  } finally {
    chrome.kill()
  }
}

/**
 * A run whose trace Lighthouse could not record (NO_NAVSTART and the like happen on a busy
 * machine) is run again, up to twice; a page that fails three times in a row fails the bench.
 */
async function measuredRun(url: string, storage: Record<string, string>) {
  for (let attempt = 1; ; attempt++) {
    const lhr = await runOnce(url, storage)
    if (!lhr.runtimeError) return lhr
    if (attempt === 3) throw new Error(`Lighthouse falhou em ${url}: ${lhr.runtimeError.message}`)
    console.warn(`[bench] Lighthouse em ${url}: ${lhr.runtimeError.code}; repetindo`)
  }
}

const score = (lhr: Result, category: string) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100)
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN

function figures(lhr: Result): LighthouseFigures {
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    mainThreadMs: numeric(lhr, 'mainthread-work-breakdown'),
    scriptMs: numeric(lhr, 'bootup-time'),
  }
}

/** What an audit item points at (a URL, a DOM node), or nothing for nested insight tables. */
function describeItem(item: Record<string, unknown>): string | undefined {
  const node = item.node as { snippet?: string; nodeLabel?: string } | undefined
  const parts = [item.url, node?.nodeLabel, node?.snippet]
  const text = parts.filter((part) => typeof part === 'string' && part).join(' ')
  if (!text) return undefined
  const saving =
    typeof item.wastedBytes === 'number' ? ` (−${Math.round(item.wastedBytes / 1024)} KiB)` : ''
  return `${text}${saving}`
}

/** Scored audits below 1 (performance: only opportunities and diagnostics that cost time). */
function failingAudits(lhr: Result): FailingAudit[] {
  const failing: FailingAudit[] = []
  for (const [category, entry] of Object.entries(lhr.categories)) {
    for (const ref of entry.auditRefs) {
      const audit = lhr.audits[ref.id]
      if (!audit || audit.score === null || audit.score >= 1) continue
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable')
        continue
      // A metric below 1 is a symptom; the opportunities below it name the cause.
      if (category === 'performance' && ref.weight === 0 && audit.score >= 0.9) continue
      const details = audit.details as { items?: Record<string, unknown>[] } | undefined
      failing.push({
        id: ref.id,
        category,
        title: audit.title,
        score: audit.score,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        items: (Array.isArray(details?.items) ? details.items : [])
          .map(describeItem)
          .filter((item): item is string => item !== undefined)
          .slice(0, 4),
      })
    }
  }
  return failing
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

export async function lighthousePage(
  baseUrl: string,
  path: string,
  storage: Record<string, string>,
): Promise<PageResult> {
  const runs: LighthouseFigures[] = []
  const failing = new Map<string, FailingAudit>()
  for (let i = 0; i < lighthouseRuns; i++) {
    const lhr = await measuredRun(`${baseUrl}${path}`, storage)
    runs.push(figures(lhr))
    for (const audit of failingAudits(lhr)) failing.set(`${audit.category}/${audit.id}`, audit)
  }
  const pick = (key: keyof LighthouseFigures) => median(runs.map((run) => run[key]))
  return {
    path,
    median: {
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      bestPractices: pick('bestPractices'),
      lcpMs: pick('lcpMs'),
      fcpMs: pick('fcpMs'),
      tbtMs: pick('tbtMs'),
      cls: pick('cls'),
      mainThreadMs: pick('mainThreadMs'),
      scriptMs: pick('scriptMs'),
    },
    runs,
    failing: [...failing.values()],
  }
}
