/**
 * How fast the app learns the truth about the network (docs/design.md §5), with the server really
 * stopped and the device saying "online" (lie-fi), median of a few runs:
 * - a cold open with no server → the header says "Sem conexão";
 * - the server back with the page open → the pill goes, and a 'pendente' save is delivered;
 * - the server back with no page open → the worker delivers when the browser wakes it to sync
 *   (dispatched here through the DevTools protocol), and the next open shows no mark at once.
 */
import { type BrowserContext, chromium, type Page } from 'playwright-core'
import { chromePath, chromiumArgs } from '../../tests/helpers/browser'
import { clearField, field } from '../../tests/helpers/registration'
import { type RunningServer, startServer } from '../../tests/helpers/server'
import { demoSession } from './demo-session'

export type ConnectivityFigures = {
  runs: number
  /** Cold open of /home with the server stopped → "Sem conexão" shown. */
  pillShownMs: number
  /** Server answering again, page open → the pill gone. */
  pillGoneMs: number
  /** Server answering again, page open → the 'pendente' mark gone (save delivered). */
  pendingClearedMs: number
  /** No page open: the browser's sync event → the save on the server. */
  syncDeliveredMs: number
  /** No page open, delivered: next open → profile shown without a 'pendente' mark. */
  nextOpenClearMs: number
}

const pill = (page: Page) => page.getByText('Sem conexão — mostrando dados salvos')
const pending = (page: Page) => page.getByText('pendente', { exact: true })
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

async function loggedInDevice(context: BrowserContext, server: RunningServer) {
  const session = await demoSession(server.url)
  const page = await context.newPage()
  await page.goto(`${server.url}/robots.txt`)
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
  }, session.localStorage)
  await page.goto(`${server.url}/home`)
  await page.getByText('Ana Paula Souza').first().waitFor()
  await page.evaluate(() => navigator.serviceWorker.ready)
  return page
}

/** A holder save made with no server: it waits on the device as 'pendente'. */
async function pendingSave(page: Page, server: RunningServer, phone: string) {
  await page.goto(`${server.url}/holder`)
  await page.getByRole('heading', { name: 'Meu cadastro' }).waitFor()
  await server.stop()
  await clearField(page, 'Telefone')
  await field(page, 'Telefone').pressSequentially(phone)
  await page.getByRole('button', { name: 'Salvar' }).click()
  await page.waitForURL(`${server.url}/home`)
  await pending(page).waitFor()
}

async function restartTimed(server: RunningServer) {
  await server.restart()
  return performance.now()
}

async function oneRun(run: number) {
  const server = await startServer()
  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs })
  try {
    const context = await browser.newContext({ locale: 'pt-BR' })
    let page = await loggedInDevice(context, server)

    await server.stop()
    await page.close()
    page = await context.newPage()
    const opened = performance.now()
    await page.goto(`${server.url}/home`)
    await pill(page).waitFor()
    const pillShownMs = performance.now() - opened
    const back = await restartTimed(server)
    await pill(page).waitFor({ state: 'detached', timeout: 60_000 })
    const pillGoneMs = performance.now() - back

    await pendingSave(page, server, `1193333${String(run).padStart(4, '0')}`)
    const backForSave = await restartTimed(server)
    await pending(page).waitFor({ state: 'detached', timeout: 60_000 })
    const pendingClearedMs = performance.now() - backForSave

    await pendingSave(page, server, `1194444${String(run).padStart(4, '0')}`)
    const blank = await context.newPage()
    await page.close()
    await server.restart()
    const cdp = await context.newCDPSession(blank)
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((item) => item.scopeURL.startsWith(server.url))
        if (ours) resolve(ours.registrationId)
      }),
    )
    await cdp.send('ServiceWorker.enable')
    const synced = performance.now()
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: server.url,
      registrationId: await registrationId,
      tag: 'workbox-background-sync:portal-titular-outbox',
      lastChance: false,
    })
    const session = await demoSession(server.url)
    for (;;) {
      const contract = (await (
        await fetch(`${server.url}/socios-api/client/contract/${session.contractId}`, {
          headers: { authorization: `Bearer ${session.token}` },
        })
      ).json()) as { holder: { person: { phone: { number: string } } } }
      if (contract.holder.person.phone.number.startsWith('1194444')) break
      if (performance.now() - synced > 60_000) throw new Error('o service worker não entregou')
      await new Promise((done) => setTimeout(done, 50))
    }
    const syncDeliveredMs = performance.now() - synced
    const next = performance.now()
    await blank.goto(`${server.url}/home`)
    await blank.getByText('Ana Paula Souza').first().waitFor()
    if (await pending(blank).count()) throw new Error("a marca 'pendente' ficou após a entrega")
    const nextOpenClearMs = performance.now() - next
    return { pillShownMs, pillGoneMs, pendingClearedMs, syncDeliveredMs, nextOpenClearMs }
  } finally {
    await browser.close()
    await server.close()
  }
}

export async function connectivityBench(runs = 3): Promise<ConnectivityFigures> {
  const all: Array<Awaited<ReturnType<typeof oneRun>>> = []
  for (let run = 0; run < runs; run++) all.push(await oneRun(run))
  const of = (key: keyof (typeof all)[number]) => median(all.map((figures) => figures[key]))
  return {
    runs,
    pillShownMs: of('pillShownMs'),
    pillGoneMs: of('pillGoneMs'),
    pendingClearedMs: of('pendingClearedMs'),
    syncDeliveredMs: of('syncDeliveredMs'),
    nextOpenClearMs: of('nextOpenClearMs'),
  }
}
