import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { freshForMs } from '../../src/api/query-client'
import { describeBrowser, launchBrowser } from '../helpers/browser'
import { appIsLive } from '../helpers/device'
import { expectText, expectVisible } from '../helpers/expect'
import { loginThroughScreens } from '../helpers/login'
import { holdRequests } from '../helpers/network'
import { clearField, field as fieldOf } from '../helpers/registration'
import { type RunningServer, startServer } from '../helpers/server'

/** What a read of the API is for, by its path (spec §7); null for anything else. */
function readOf(url: string): 'contracts' | 'contract' | 'payment-orders' | null {
  const { pathname } = new URL(url)
  if (pathname === '/socios-api/client/contracts') return 'contracts'
  if (pathname.startsWith('/socios-api/client/contract/payment-orders/')) return 'payment-orders'
  if (/^\/socios-api\/client\/contract\/[^/]+$/.test(pathname)) return 'contract'
  return null
}

type Reads = { contracts: number; contract: number; 'payment-orders': number }

/**
 * One read per need (issue 15): the list carries every contract whole, so after login the chosen
 * contract is not read again; a save reads it once; a tab switch or a move between screens with
 * fresh data reads nothing. Requests are counted by path as the page sends them.
 */
describeBrowser('reads of the contract: one per need', () => {
  let server: RunningServer
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let reads: Reads
  /** What each read was answered with, in order (200 whole, 304 "the copy you hold is current"). */
  let answers: Record<keyof Reads, number[]>
  /** Whether each read named the device's copy (sent `If-None-Match`), in order. */
  let conditional: Record<keyof Reads, boolean[]>
  /** When each read of the instalments was sent, since the test emptied the list. */
  let instalmentReadTimes: number[]
  let inFlight: number
  let lastActivity: number

  beforeAll(async () => {
    ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })
  beforeEach(async () => {
    await context?.close()
    context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 390, height: 844 } })
    page = await context.newPage()
    reads = { contracts: 0, contract: 0, 'payment-orders': 0 }
    answers = { contracts: [], contract: [], 'payment-orders': [] }
    conditional = { contracts: [], contract: [], 'payment-orders': [] }
    instalmentReadTimes = []
    inFlight = 0
    lastActivity = Date.now()
    page.on('request', (request) => {
      if (!request.url().includes('/socios-api/')) return
      inFlight += 1
      lastActivity = Date.now()
      const read = request.method() === 'GET' ? readOf(request.url()) : null
      if (read) {
        reads[read] += 1
        if (read === 'payment-orders') instalmentReadTimes.push(Date.now())
        conditional[read].push(request.headers()['if-none-match'] !== undefined)
      }
    })
    page.on('response', (response) => {
      const read = response.request().method() === 'GET' ? readOf(response.url()) : null
      if (read) answers[read].push(response.status())
    })
    const done = (request: { url: () => string }) => {
      if (!request.url().includes('/socios-api/')) return
      inFlight -= 1
      lastActivity = Date.now()
    }
    page.on('requestfinished', done)
    page.on('requestfailed', done)
  })

  /** The API has been quiet for a while: every read the last step caused has been counted. */
  async function settled() {
    await expect
      .poll(() => inFlight === 0 && Date.now() - lastActivity > 1500, { timeout: 15_000 })
      .toBe(true)
  }

  /** The reads since the last call, then counting starts again from zero. */
  async function readsSince() {
    await settled()
    const seen = reads
    reads = { contracts: 0, contract: 0, 'payment-orders': 0 }
    return seen
  }

  /** The answers (and whether the read named a copy) since the last call, then from zero. */
  async function answersSince() {
    await settled()
    const seen = { answers, conditional }
    answers = { contracts: [], contract: [], 'payment-orders': [] }
    conditional = { contracts: [], contract: [], 'payment-orders': [] }
    return seen
  }

  const none: Reads = { contracts: 0, contract: 0, 'payment-orders': 0 }
  const profileValue = (label: string) =>
    page
      .locator('dt', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]')

  /** From the profile: "Meus Dados", a new phone, "Salvar", and the success the person reads. */
  async function savePhone(on: Page, digits: string) {
    await on.getByRole('link', { name: 'Meus Dados' }).click()
    await on.waitForURL(`${server.url}/holder`)
    await expectVisible(on.getByRole('heading', { name: 'Meu cadastro' }))
    await clearField(on, 'Telefone')
    await fieldOf(on, 'Telefone').pressSequentially(digits)
    await on.getByRole('button', { name: 'Salvar' }).click()
    await expectVisible(on.getByText('Cadastro realizado com sucesso!'))
  }

  /** Another tab comes to the front, then this one again: the page goes hidden and visible. */
  async function switchTabAndBack() {
    const other = await context.newPage()
    await other.goto('about:blank')
    await other.bringToFront()
    await page.bringToFront()
    await other.close()
    // Headless Chromium may keep every tab 'visible': tell the page as a real switch would.
    await page.evaluate(() => {
      const show = (state: DocumentVisibilityState) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
        // Bubbles, as the browser's does: Query listens on window.
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
      }
      show('hidden')
      window.dispatchEvent(new Event('blur'))
      show('visible')
      window.dispatchEvent(new Event('focus'))
      Reflect.deleteProperty(document, 'visibilityState')
    })
  }

  it('ana: one read at login, none between screens or tabs, one per save', async () => {
    await loginThroughScreens(page, server.url, 'ana@exemplo.com.br')
    await page.waitForURL(`${server.url}/home`)
    await expectText(profileValue('Nome'), 'Ana Paula Souza')
    // The list's answer is the read of her one contract: the layout does not read it again. The
    // profile reads the instalments once, for what she owes (issue 27).
    expect.soft(await readsSince()).toEqual({ ...none, contracts: 1, 'payment-orders': 1 })

    // Fresh data: going away to another tab and coming back reads nothing.
    await switchTabAndBack()
    expect.soft(await readsSince()).toEqual(none)

    // Moving between screens reads the contract from the device, and the instalments only when
    // the copy has gone stale.
    await page.getByRole('link', { name: 'Pagamentos' }).click()
    await page.waitForURL(`${server.url}/search`)
    await expectVisible(page.getByRole('tab', { name: 'Todos' }))
    await page.getByRole('link', { name: 'Perfil' }).click()
    await page.waitForURL(`${server.url}/home`)
    await page.getByRole('link', { name: 'Pagamentos' }).click()
    await page.waitForURL(`${server.url}/search`)
    await page.getByRole('link', { name: 'Perfil' }).click()
    await page.waitForURL(`${server.url}/home`)
    await page.getByRole('link', { name: 'Dependentes' }).click()
    await page.waitForURL(`${server.url}/dependents`)
    await expectVisible(page.getByText('1 de 3 dependentes inclusos'))
    await page.getByRole('link', { name: 'Perfil' }).click()
    await page.waitForURL(`${server.url}/home`)
    // The instalments: read at login, and again only once that read is older than its freshness
    // (a busy machine can take longer than that between the visits).
    await settled()
    const times = [...instalmentReadTimes]
    expect.soft(await readsSince()).toEqual({ ...none, 'payment-orders': times.length - 1 })
    expect.soft(times.length).toBeGreaterThanOrEqual(1)
    for (const [index, time] of times.entries())
      if (index > 0) expect.soft(time - (times[index - 1] ?? 0)).toBeGreaterThanOrEqual(freshForMs)

    // A save of 'Meus Dados': exactly one read of the contract brings the server's version back.
    await savePhone(page, '11955553333')
    await page.waitForURL(`${server.url}/home`)
    await expectText(profileValue('Celular'), '+55 (11) 95555-3333')
    expect.soft(await readsSince()).toEqual({ ...none, contract: 1 })

    // Just read: another tab switch still reads nothing.
    await switchTabAndBack()
    expect.soft(await readsSince()).toEqual(none)
  })

  it('a read still on its way when the person leaves the screen is finished, not asked again', async () => {
    // A slow network: the instalments' answer, asked by the profile at login, is held until she
    // has been to Pagamentos, back, and to Pagamentos again.
    const release = await holdRequests(page, '**/socios-api/client/contract/payment-orders/**')
    await loginThroughScreens(page, server.url, 'ana@exemplo.com.br')
    await page.waitForURL(`${server.url}/home`)
    await expectText(profileValue('Nome'), 'Ana Paula Souza')
    await expect.poll(() => reads['payment-orders']).toBe(1)
    await page.getByRole('link', { name: 'Pagamentos' }).click()
    await page.waitForURL(`${server.url}/search`)
    await page.getByRole('link', { name: 'Perfil' }).click()
    await page.waitForURL(`${server.url}/home`)
    await expectText(profileValue('Nome'), 'Ana Paula Souza')
    await page.getByRole('link', { name: 'Pagamentos' }).click()
    await page.waitForURL(`${server.url}/search`)
    await expectVisible(page.getByRole('tab', { name: 'Todos' }))
    release()
    await expectVisible(page.getByRole('button', { name: 'Pagar parcela 5' }))
    expect.soft(await readsSince()).toEqual({ ...none, contracts: 1, 'payment-orders': 1 })
  })

  it('the same tab switch does read what has gone stale (the check above can see reads)', async () => {
    await page.clock.install()
    await loginThroughScreens(page, server.url, 'ana@exemplo.com.br')
    await page.waitForURL(`${server.url}/home`)
    await page.getByRole('link', { name: 'Pagamentos' }).click()
    await page.waitForURL(`${server.url}/search`)
    await expectVisible(page.getByRole('tab', { name: 'Todos' }))
    expect.soft(await readsSince()).toEqual({ ...none, contracts: 1, 'payment-orders': 1 })
    // Past the contract's five minutes (and the instalments' 30 s): coming back refreshes both.
    await page.clock.fastForward('05:01')
    await switchTabAndBack()
    expect.soft(await readsSince()).toEqual({ ...none, contract: 1, 'payment-orders': 1 })
  })

  it('a stale read names the copy the device holds: 304 while unchanged, whole after a change elsewhere', async () => {
    await page.clock.install()
    await loginThroughScreens(page, server.url, 'ana@exemplo.com.br')
    await page.waitForURL(`${server.url}/home`)
    await page.getByRole('link', { name: 'Pagamentos' }).click()
    await page.waitForURL(`${server.url}/search`)
    await expectVisible(page.getByRole('tab', { name: 'Todos' }))
    await page.getByRole('link', { name: 'Perfil' }).click()
    await page.waitForURL(`${server.url}/home`)
    // The list brought the contract without a version of its own; the instalments came whole.
    expect.soft((await answersSince()).answers).toEqual({
      contracts: [200],
      contract: [],
      'payment-orders': [200],
    })

    // Stale: the contract is read whole once (its copy came from the list, with no ETag)…
    await page.clock.fastForward('05:01')
    await switchTabAndBack()
    expect.soft((await answersSince()).answers.contract).toEqual([200])
    // …and from then on the device names its copy, and nothing changed: 304s, no bodies.
    await page.clock.fastForward('05:01')
    await switchTabAndBack()
    await page.getByRole('link', { name: 'Pagamentos' }).click()
    await page.waitForURL(`${server.url}/search`)
    await expectVisible(page.getByRole('tab', { name: 'Todos' }))
    const unchanged = await answersSince()
    expect.soft(unchanged.conditional.contract).toEqual([true])
    expect.soft(unchanged.answers.contract).toEqual([304])
    expect.soft(unchanged.answers['payment-orders']).toEqual([304])
    await page.getByRole('link', { name: 'Perfil' }).click()
    await page.waitForURL(`${server.url}/home`)
    await expectText(profileValue('Nome'), 'Ana Paula Souza')

    // A cold start (the app opened again): the early read already names the copy and keeps it.
    await page.reload()
    await expectText(profileValue('Nome'), 'Ana Paula Souza')
    // The name may be the device's painted copy (decision 021), shown before any script runs and
    // before the early read is sent: wait for the live app and for that read's answer.
    await appIsLive(page)
    await expect.poll(() => answers.contract.length, { timeout: 15_000 }).toBeGreaterThan(0)
    const cold = await answersSince()
    expect.soft(cold.conditional.contract).toEqual([true])
    expect.soft(cold.answers.contract).toEqual([304])

    // Ana changes her phone on another device: the next stale read brings the new copy whole.
    const otherDevice = await browser.newContext({ locale: 'pt-BR' })
    try {
      const other = await otherDevice.newPage()
      await loginThroughScreens(other, server.url, 'ana@exemplo.com.br')
      await other.waitForURL(`${server.url}/home`)
      await savePhone(other, '11944442222')
    } finally {
      await otherDevice.close()
    }
    await page.clock.fastForward('05:01')
    await switchTabAndBack()
    await expectText(profileValue('Celular'), '+55 (11) 94444-2222')
    const changed = await answersSince()
    expect.soft(changed.conditional.contract).toEqual([true])
    expect.soft(changed.answers.contract).toEqual([200])
  })

  it('bruno: the contract he picks is not read again after the list', async () => {
    await loginThroughScreens(page, server.url, 'bruno@exemplo.com.br')
    await page.waitForURL(`${server.url}/selected-contract`)
    const choices = page.getByRole('button', { name: /^Selecionar Contrato/ })
    await expectVisible(choices)
    await choices.first().click()
    await page.waitForURL(`${server.url}/home`)
    await expectVisible(page.getByRole('heading', { name: 'Perfil' }))
    // The picker reads each contract's instalments (what each asks of him, issue 27); the
    // profile reuses the chosen one's, and never reads the contract again.
    expect.soft(await readsSince()).toEqual({ ...none, contracts: 1, 'payment-orders': 2 })
  })

  it('carla: accepting the terms reads the list once more, not the contract', async () => {
    await loginThroughScreens(page, server.url, 'carla@exemplo.com.br')
    await page.waitForURL(`${server.url}/terms`)
    await page.getByRole('button', { name: 'Li e aceito' }).click()
    await page.waitForURL(`${server.url}/home`)
    await expectVisible(page.getByRole('heading', { name: 'Perfil' }))
    expect.soft(await readsSince()).toEqual({ ...none, contracts: 2, 'payment-orders': 1 })
  })
})
