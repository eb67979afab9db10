/**
 * The frame every browser journey shares: one server and one Chromium per file, a fresh device
 * (browser context and page) per test, the signal restored and the devices closed after each
 * test. Call `browserJourney()` inside `describeBrowser`; it registers the hooks.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { routeAfterLogin } from '../../src/features/contracts/logic/after-login'
import { apiToken } from './api'
import { launchBrowser } from './chromium'
import { describePage, watchRequests } from './failure-report'
import { resetSignal } from './network'
import { type RunningServer, startServer } from './server'

export const phone = { width: 390, height: 844 }

export type JourneyOptions = {
  /** Environment of the server on top of the journeys' defaults (see startServer). */
  env?: Record<string, string>
  /** A server of its own for every test (journeys that use up the demo data). */
  serverPerTest?: boolean
  /**
   * The host name the browser reaches the server by (and its PUBLIC_URL): 127.0.0.1 by default;
   * 'localhost' for passkeys, whose relying party must be a domain, never an IP address.
   */
  hostname?: string
  /** Extra Chromium switches (e.g. the fake camera). */
  browserArgs?: string[]
  /** Options of every device on top of pt-BR on a phone; false: no device per test. */
  device?: BrowserContextOptions | false
  /**
   * Devices that never register the app's service worker: for journeys of the online app that
   * neither cut the signal nor read what the worker serves. Each fresh device otherwise installs
   * the worker and precaches the whole app (111 files) while the journey runs, costing the
   * browser and the server CPU the journey does not test (what-needs-you and layout-and-focus:
   * 130 → 108 s, 2026-11-27). The offline journeys keep it, and test it. In a file of both
   * kinds, the file has none and a journey that loses the signal opens its own device with it:
   * `newDevice({ serviceWorkers: 'allow' })` (decision 017).
   */
  noServiceWorker?: boolean
  /** Runs on every device as it opens (e.g. to listen to its requests). */
  onDevice?: (context: BrowserContext) => void
}

export type Device = { context: BrowserContext; page: Page; requests: () => string[] }

export type LoginOptions = {
  /** The page to log in (the test's own by default). */
  page?: Page
  /** The contract to make current, when the person has several. */
  contractId?: string
  /** Where the journey starts; by default where the app goes after login (spec §2 screen 2). */
  path?: string
}

export interface Journey {
  readonly server: RunningServer
  readonly browser: Browser
  /** The test's device. */
  readonly context: BrowserContext
  readonly page: Page
  /** Closes the test's device and gives it a fresh one, with `options` on top of the file's. */
  newDevice(options?: BrowserContextOptions): Promise<Device>
  /**
   * Another device beside the test's: closed after the test when opened inside one, after the
   * file when opened in a `beforeAll`.
   */
  openDevice(options?: BrowserContextOptions): Promise<Device>
  /**
   * Logs `email` in through the API (code from the demo outbox, POST login) and opens the app
   * with the session where it keeps it, so the journey starts on a logged-in screen.
   * Journeys that cut the signal log in through the screens instead: started this way, the
   * lie-fi ones (payments-list's 'Pagar', offline-profile's 'Baixar Contrato') still reached
   * the stopped server in several of a dozen runs each, and none did after a screen login (4
   * and 5 runs); the cause is not pinned down yet. login.test.ts and login-edges.test.ts test
   * the screens themselves.
   */
  loggedInPage(email: string, options?: LoginOptions): Promise<Page>
}

export function browserJourney(options: JourneyOptions = {}): Journey {
  let server: RunningServer | undefined
  let browser: Browser | undefined
  let current: Device | undefined
  let inTest = false
  const testDevices = new Set<BrowserContext>()
  const fileDevices = new Set<BrowserContext>()

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} ainda não existe: use-o dentro de um teste.`)
    return value
  }

  async function openDevice(extra: BrowserContextOptions = {}): Promise<Device> {
    const context = await started(browser, 'O navegador').newContext({
      locale: 'pt-BR',
      ...(options.noServiceWorker && { serviceWorkers: 'block' as const }),
      viewport: phone,
      ...(options.device || {}),
      ...extra,
    })
    ;(inTest ? testDevices : fileDevices).add(context)
    const requests = watchRequests(context)
    options.onDevice?.(context)
    return { context, page: await context.newPage(), requests }
  }

  const closeAll = async (devices: Set<BrowserContext>) => {
    for (const context of devices) await context.close().catch(() => undefined)
    devices.clear()
  }

  beforeAll(async () => {
    ;[server, browser] = await Promise.all([
      options.serverPerTest ? undefined : startServer(options.env, options.hostname),
      launchBrowser(options.browserArgs),
    ])
  })
  afterAll(async () => {
    await closeAll(fileDevices)
    await browser?.close()
    await server?.close()
  })
  beforeEach(async () => {
    inTest = true
    if (options.serverPerTest) server = await startServer(options.env, options.hostname)
    if (options.device !== false) current = await openDevice()
  })
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && current)
      console.error(await describePage(current.page, current.requests()))
    // Whatever a failed journey left behind (a stopped server, an offline device) is undone.
    await resetSignal(options.serverPerTest ? undefined : server, current?.context)
    await closeAll(testDevices)
    current = undefined
    inTest = false
    if (options.serverPerTest) await server?.close()
  })

  const journey: Journey = {
    get server() {
      return started(server, 'O servidor')
    },
    get browser() {
      return started(browser, 'O navegador')
    },
    get context() {
      return started(current, 'O aparelho do teste').context
    },
    get page() {
      return started(current, 'O aparelho do teste').page
    },
    async newDevice(extra = {}) {
      if (current) {
        testDevices.delete(current.context)
        await current.context.close()
      }
      current = await openDevice(extra)
      return current
    },
    openDevice,
    async loggedInPage(email, { page = journey.page, contractId, path } = {}) {
      const url = journey.server.url
      const token = await apiToken(url, email)
      const listed = await fetch(`${url}/socios-api/client/contracts`, {
        headers: { authorization: `Bearer ${token}` },
      })
      if (!listed.ok) throw new Error(`contracts: ${listed.status}`)
      const next = routeAfterLogin((await listed.json()) as Array<{ id: string; terms: boolean }>)
      if (!next) throw new Error(`${email} não tem contrato.`)
      const chosen = contractId ?? (next.to === '/home' ? next.contractId : undefined)
      const start = path ?? (contractId ? '/home' : next.to)
      // The storage is written from the login screen, where a person's first visit starts (and
      // the app registers its worker). Written from a page outside the app (the API's health
      // answer), the two-tabs registration journey sometimes lost its edits (2 runs in 6); from
      // the login screen it did not in 5 runs.
      await page.goto(`${url}/login`)
      // The keys of src/api/session.ts: the token and, once chosen, the current contract.
      await page.evaluate(
        ([authToken, id]) => {
          localStorage.setItem('authToken', authToken)
          if (id) localStorage.setItem('contractId', id)
        },
        [token, chosen] as const,
      )
      await page.goto(`${url}${start}`)
      await page.waitForURL(`${url}${start}`)
      return page
    },
  }
  return journey
}
