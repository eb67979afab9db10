import type { BrowserContext, Page } from 'playwright-core'
import { beforeEach, expect, it } from 'vitest'
import { describeBrowser } from '../helpers/browser'
import { storedRows, waitForServiceWorker } from '../helpers/device'
import { expectText, expectVisible } from '../helpers/expect'
import { browserJourney } from '../helpers/journey'
import { loginThroughScreens } from '../helpers/login'
import { cutSignal, noSignalModes, restoreSignal } from '../helpers/network'
import type { RunningServer } from '../helpers/server'

// These journeys cut the signal, so they log in through the screens (see loggedInPage).
describeBrowser('profile without signal', () => {
  const journey = browserJourney()
  let server: RunningServer
  let context: BrowserContext
  let page: Page
  beforeEach(() => {
    ;({ server, context, page } = journey)
  })

  const field = (label: string) =>
    page
      .locator('dt', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]')
  const syncedAt = async () => Number((await storedRows(page, 'contracts'))[0]?.syncedAt ?? 0)

  it.each(noSignalModes)(
    '%s: after one online visit the profile opens with no network, and refreshes when it returns',
    async (mode) => {
      await loginThroughScreens(page, server.url, 'ana@exemplo.com.br')
      await page.waitForURL(`${server.url}/home`)
      await expectText(field('Nome'), 'Ana Paula Souza')
      await waitForServiceWorker(page)
      const firstSync = await syncedAt()
      expect(firstSync).toBeGreaterThan(0)

      await cutSignal(server, context, mode)
      await page.close()
      page = await context.newPage()
      await page.goto(`${server.url}/home`)
      await expectText(field('Nome'), 'Ana Paula Souza')
      await expectText(field('Status'), 'ATIVO')
      await expectVisible(page.getByText(/^Última sincronização: \d{2}\/\d{2}\/\d{4}/))
      await expectVisible(page.getByText(/^Sem conexão/))
      expect(await syncedAt()).toBe(firstSync)

      // The signal comes back: the profile refreshes from the server by itself.
      await restoreSignal(server, context)
      await expect.poll(syncedAt, { timeout: 30_000 }).toBeGreaterThan(firstSync)
      await page.getByText(/^Sem conexão/).waitFor({ state: 'detached', timeout: 30_000 })
    },
  )

  /** The device's copies of app screens (sw/screen-snapshot.ts): path → whether `text` is in it. */
  const screenCopy = (path: string, text: string) =>
    page.evaluate(
      async ({ path, text }) => {
        const copy = await caches.match(`/screen-snapshot${path}`, {
          cacheName: 'portal-titular-card-snapshot',
        })
        return copy ? ((await copy.json()) as { html: string }).html.includes(text) : null
      },
      { path, text },
    )

  it('the installed app opens /home painted from its copy, before its code runs, and takes it over', async () => {
    await loginThroughScreens(page, server.url, 'ana@exemplo.com.br')
    await page.waitForURL(`${server.url}/home`)
    await expectText(field('Nome'), 'Ana Paula Souza')
    await waitForServiceWorker(page)
    await expect.poll(() => screenCopy('/home', 'Ana Paula Souza'), { timeout: 15_000 }).toBe(true)

    await cutSignal(server, context, 'offline')
    await page.close()
    page = await context.newPage()
    // The page the worker answers already holds the profile: nothing waits for the app's code.
    const answer = await page.goto(`${server.url}/home`)
    const html = (await answer?.text()) ?? ''
    expect(html).toMatch(/<div id="root" data-painted="device">.*Ana Paula Souza/s)
    expect(html).toContain('<template id="screen-code">')
    // Its styles are in the page, its code named for after the first paint.
    expect(html.split('<template id="screen-code">')[0]).not.toContain('<link rel="stylesheet"')
    // Then the app takes its place, and it is the live app: it knows there is no signal.
    await expectVisible(page.getByText(/^Sem conexão/))
    await expect
      .poll(() =>
        page.evaluate(() => document.getElementById('root')?.hasAttribute('data-painted')),
      )
      .toBe(false)
    await expectText(field('Nome'), 'Ana Paula Souza')
    // Its links are the app's: the next screen opens in the same document, no reload.
    await page.evaluate(() => {
      ;(window as { sameDocument?: boolean }).sameDocument = true
    })
    await page.getByRole('link', { name: 'Carteirinha' }).click()
    await page.waitForURL(`${server.url}/favorites`)
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    )
  })

  it("lie-fi: 'Baixar Contrato' says it could not reach the server instead of doing nothing", async () => {
    await loginThroughScreens(page, server.url, 'ana@exemplo.com.br')
    await page.waitForURL(`${server.url}/home`)
    await expectText(field('Nome'), 'Ana Paula Souza')
    await cutSignal(server, context, 'lie-fi')
    await page.getByRole('button', { name: 'Mais opções' }).click()
    await page.getByRole('menuitem', { name: 'Baixar Contrato' }).click()
    await expectVisible(page.getByText('Não foi possível baixar o contrato.'))
    await expectVisible(
      page.getByText('Não foi possível falar com o servidor. Verifique sua conexão.'),
    )
    await expectVisible(page.getByText('Sem conexão — mostrando dados salvos'))
  })

  it('after "Sair" no personal data is left on the device, even offline', async () => {
    await loginThroughScreens(page, server.url, 'ana@exemplo.com.br')
    await page.waitForURL(`${server.url}/home`)
    await waitForServiceWorker(page)
    // The profile and the card screen leave copies of themselves for the next start: they must
    // go too.
    await expect.poll(() => screenCopy('/home', 'Ana Paula Souza'), { timeout: 15_000 }).toBe(true)
    await page.getByRole('link', { name: 'Carteirinha' }).click()
    await expectVisible(page.getByRole('heading', { name: 'Ana Paula Souza' }))
    await expect
      .poll(() => page.evaluate(() => caches.has('portal-titular-card-snapshot')))
      .toBe(true)
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('menuitem', { name: 'Sair' }).click()
    await page.waitForURL(`${server.url}/login`)

    await cutSignal(server, context, 'offline')
    for (const table of ['contracts', 'cards', 'instalments', 'documents', 'meta', 'outbox'])
      expect(await storedRows(page, table)).toEqual([])
    const storage: Record<string, string> = await page.evaluate(() => ({ ...localStorage }))
    expect(storage.authToken).toBeUndefined()
    expect(storage.contractId).toBeUndefined()
    // The Query persister may write the (now empty) cache back after its throttle: it must hold
    // no query at all.
    const persisted = storage['portal-titular-query-cache']
    if (persisted) expect(JSON.parse(persisted).clientState.queries).toEqual([])
    expect(
      Object.keys(storage).filter(
        (key) => !['pwa-installed', 'portal-titular-query-cache'].includes(key),
      ),
    ).toEqual([])
    expect(JSON.stringify(storage)).not.toContain('Ana')
    // Caches hold the app's files only (the shell, and chunks kept on first use): no API answer,
    // no card snapshot, nothing about Ana.
    const cached = await page.evaluate(async () => {
      const urls: string[] = []
      for (const name of await caches.keys()) {
        const cache = await caches.open(name)
        for (const request of await cache.keys())
          urls.push(`${name} ${new URL(request.url).pathname}`)
      }
      return urls
    })
    expect(cached.length).toBeGreaterThan(0)
    for (const entry of cached) {
      expect(entry).toMatch(/^portal-titular-(precache-\S+ |on-first-use-\S+ \/assets\/)/)
      expect(entry).not.toMatch(/socios-api/)
    }
    // And the app still opens offline, on the login screen.
    await page.goto(`${server.url}/home`)
    await page.waitForURL(`${server.url}/login`)
    await expectVisible(page.getByRole('heading', { name: 'Receber código de entrada' }))
  })
})
