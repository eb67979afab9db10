import { readFileSync } from 'node:fs'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { beforeEach, expect, it } from 'vitest'
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser'
import { storedRows, waitForServiceWorker } from '../helpers/device'
import { expectText, expectVisible } from '../helpers/expect'
import { browserJourney } from '../helpers/journey'
import { loginThroughScreens } from '../helpers/login'
import { cutSignal, type NoSignal, noSignalModes } from '../helpers/network'
import { pngSize } from '../helpers/png'
import type { RunningServer } from '../helpers/server'

const activeNames = ['Ana Paula Souza', 'Pedro Souza']

// These journeys cut the signal, so they log in through the screens (see loggedInPage).
describeBrowser('member cards', () => {
  const journey = browserJourney({ device: { acceptDownloads: true } })
  let server: RunningServer
  let context: BrowserContext
  let page: Page
  beforeEach(() => {
    ;({ server, context, page } = journey)
  })

  async function openCardsOnline() {
    await loginThroughScreens(page, server.url, 'ana@exemplo.com.br')
    await page.waitForURL(`${server.url}/home`)
    await page.getByRole('link', { name: 'Carteirinha' }).click()
    await page.waitForURL(`${server.url}/favorites`)
    for (const name of activeNames) await expectVisible(page.getByRole('heading', { name }))
  }

  async function goOffline(mode: NoSignal = 'offline') {
    await waitForServiceWorker(page)
    await cutSignal(server, context, mode)
  }

  async function flipAndDownload(name: string) {
    await page.getByRole('button', { name: `Visualizar carteirinha de ${name}` }).click()
    const dialog = page.getByRole('dialog', { name: `Carteirinha de ${name}` })
    await expectVisible(dialog)
    await expectVisible(
      dialog.getByRole('region', { name: 'Frente da carteirinha' }).getByText(name),
    )
    await expectVisible(
      dialog.getByRole('img', { name: `QR Code do passe da portaria de ${name}` }),
    )
    await dialog.getByRole('button', { name: 'Ver Verso' }).click()
    await expectVisible(dialog.getByRole('button', { name: 'Ver Frente' }))
    // A real 3-D flip: the card turns around the Y axis.
    const transform = await dialog
      .locator('[aria-label="Verso da carteirinha"]')
      .evaluate((back) => getComputedStyle(back.parentElement as Element).transform)
    expect(transform).not.toBe('none')
    await dialog.getByRole('button', { name: 'Fechar' }).click()
    await dialog.waitFor({ state: 'detached' })

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Baixar carteirinha de ${name}` }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`${name}.png`)
    const { width, height } = pngSize(readFileSync(await download.path()))
    // Laid out 512 px wide and saved at 3× scale (spec §9), in the card's landscape proportions.
    expect(width).toBe(512 * 3)
    expect(height).toBeGreaterThan(width / 1.8)
    expect(height).toBeLessThan(width / 1.4)
  }

  /** For the journeys that stay online: a device without the worker (journey.ts). */
  async function withoutWorker() {
    ;({ context, page } = await journey.newDevice({ serviceWorkers: 'block' }))
  }

  it('ana sees her two active cards (not the inactive one), flips one and downloads a PNG', async () => {
    await withoutWorker()
    await openCardsOnline()
    expect(await page.getByText('Maria Souza').count()).toBe(0)
    await expectVisible(page.getByText('Plano Família Clube'))
    // One ATIVO chip per card (the contract's own status chip sits above the list).
    expect(await page.getByRole('listitem').getByText('ATIVO', { exact: true }).count()).toBe(2)
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: 'Visualizar carteirinha de Ana Paula Souza' }).click()
    await expectVisible(page.getByRole('dialog'))
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Fechar' }).click()

    await flipAndDownload('Ana Paula Souza')
  })

  it("a first visit never says 'Nenhuma carteirinha' to a holder whose cards are still loading", async () => {
    await withoutWorker()
    // Records every text the screen ever showed, however briefly.
    await page.addInitScript(() => {
      const seen: string[] = []
      Object.assign(window, { seenTexts: seen })
      new MutationObserver(() => seen.push(document.body?.textContent ?? '')).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
      })
    })
    await openCardsOnline()
    const seen = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts)
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.filter((text) => text.includes('Nenhuma carteirinha'))).toEqual([])
  })

  it.each(noSignalModes)('%s: the same from a cold start with no network', async (mode) => {
    await openCardsOnline()
    await goOffline(mode)
    await page.close()
    page = await context.newPage()
    await page.goto(`${server.url}/favorites`)
    for (const name of activeNames) await expectVisible(page.getByRole('heading', { name }))
    await expectVisible(page.getByText(/^Sem conexão/))
    await flipAndDownload('Pedro Souza')
  })

  const snapshotStored = () =>
    page.evaluate(async () =>
      Boolean(
        await caches.match('/card-snapshot.json', { cacheName: 'portal-titular-card-snapshot' }),
      ),
    )
  const cardTop = async (root: Page | Locator) =>
    (await root.locator('h3', { hasText: 'Pedro Souza' }).first().boundingBox())?.y

  /** A page where none of the app's scripts run; the service worker still answers for it. */
  async function pageWithoutScripts() {
    const fresh = await context.newPage()
    const cdp = await context.newCDPSession(fresh)
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true })
    return {
      fresh,
      allowScripts: () => cdp.send('Emulation.setScriptExecutionDisabled', { value: false }),
    }
  }

  it('offline, the last card list shows before the app runs, the app takes its place without a jump, and Sair removes it', async () => {
    await openCardsOnline()
    const onlineTop = await cardTop(page)
    await expect.poll(snapshotStored).toBe(true)
    await goOffline()
    await page.close()

    // What shows with no script at all is what the service worker painted from the last visit.
    const cold = await pageWithoutScripts()
    page = cold.fresh
    await page.goto(`${server.url}/favorites`)
    const snapshot = page.locator('#card-snapshot')
    for (const name of activeNames) await expectVisible(snapshot.locator('h3', { hasText: name }))
    await expectVisible(snapshot.getByText('Plano Família Clube'))
    expect(await snapshot.locator('li').getByText('ATIVO', { exact: true }).count()).toBe(2)
    expect(await snapshot.getByText('Maria Souza').count()).toBe(0)
    expect(await snapshot.locator('img[alt="Foto de Ana Paula Souza"]').count()).toBe(1)
    expect(await cardTop(page)).toBe(onlineTop)

    // With scripts, the app replaces it in place: one list, the live one, at the same spot.
    await cold.allowScripts()
    await page.reload()
    await snapshot.waitFor({ state: 'detached' })
    for (const name of activeNames) await expectVisible(page.getByRole('heading', { name }))
    expect(await page.locator('h3', { hasText: 'Pedro Souza' }).count()).toBe(1)
    expect(await cardTop(page)).toBe(onlineTop)
    await flipAndDownload('Ana Paula Souza')

    // Sair, still with no signal: the copy goes with the rest of the personal data.
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('menuitem', { name: 'Sair' }).click()
    await page.waitForURL(`${server.url}/login`)
    expect(await snapshotStored()).toBe(false)
    await page.close()
    page = (await pageWithoutScripts()).fresh
    await page.goto(`${server.url}/favorites`)
    expect(await page.locator('#card-snapshot').count()).toBe(0)
    expect(await page.content()).not.toContain('Ana Paula Souza')
  })

  it.each(noSignalModes)(
    '%s: with the session expired while offline the cards still show, read-only with a note',
    async (mode) => {
      await openCardsOnline()
      await goOffline(mode)
      const expired = await page.evaluate(() => {
        const encode = (value: unknown) =>
          btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
        return `${encode({ alg: 'HS256' })}.${encode({ sub: 'x', exp: Math.floor(Date.now() / 1000) - 60 })}.sig`
      })
      await page.evaluate((token) => localStorage.setItem('authToken', token), expired)
      await page.close()
      page = await context.newPage()
      await page.goto(`${server.url}/favorites`)
      for (const name of activeNames) await expectVisible(page.getByRole('heading', { name }))
      await expectVisible(
        page.getByText(/^Sua sessão expirou\. As carteirinhas salvas continuam aqui/),
      )
      // Every other protected screen keeps the spec's redirect.
      await page.goto(`${server.url}/home`)
      await page.waitForURL(`${server.url}/login`)
    },
  )

  it('/verificar says VÁLIDO for a pass from ana’s card and rejects tampered, expired and inactive ones', async () => {
    await openCardsOnline()
    const cards = await storedRows(page, 'cards')
    const anaPass = String(
      cards.find((card) => (card.person as { name: string }).name === 'Ana Paula Souza')?.pass,
    )
    const mariaPass = String(cards.find((card) => card.status !== 'ACTIVE')?.pass)
    expect(anaPass).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)

    const staff = await context.newPage()
    await staff.goto(`${server.url}/verificar`)
    await expectVisible(staff.getByRole('heading', { name: 'Verificar carteirinha' }))
    await expectNoAxeViolations(staff)
    const check = async (pass: string) => {
      await staff.getByLabel('Ou cole o código do passe').fill(pass)
      await staff.getByRole('button', { name: 'Verificar' }).click()
      return staff.getByRole('region', { name: 'Resultado da verificação' })
    }

    let result = await check(anaPass)
    await expectText(result.locator('p').first(), 'VÁLIDO')
    await expectVisible(result.getByText('Ana Paula Souza'))
    await expectNoAxeViolations(staff)

    const [header, payload, signature] = anaPass.split('.')
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, name: 'Outra Pessoa' })).toString('base64url')}.${signature}`
    result = await check(tampered)
    await expectText(result.locator('p').first(), 'INVÁLIDO')
    await expectVisible(result.getByText(/^Assinatura inválida/))

    result = await check(mariaPass)
    await expectText(result.locator('p').first(), 'INVÁLIDO')
    await expectVisible(result.getByText('Carteirinha inativa.'))

    // The QR decoder is not precached: the worker keeps it when /verificar opens with signal
    // (or, on the visit that installed the worker, as it activates), as its own fetch ends.
    await waitForServiceWorker(staff)
    const keptDecoder = () =>
      staff.evaluate(async () => {
        const kept = await caches.open('portal-titular-on-first-use-v1')
        return (await kept.keys()).map((request) => request.url).find((u) => /jsQR-/.test(u))
      })
    await expect.poll(keptDecoder, { timeout: 15_000 }).toMatch(/jsQR-/)
    // Offline, eight days later: the gate still verifies, the pass's window has closed, and the
    // decoder still loads, so scanning works too.
    await cutSignal(server, context, 'offline')
    const decoder = String(await keptDecoder())
    expect(await staff.evaluate(async (url) => (await fetch(url)).status, decoder)).toBe(200)
    await staff.clock.install({ time: new Date(Date.now() + 8 * 24 * 3600_000) })
    await staff.reload()
    result = await check(anaPass)
    await expectText(result.locator('p').first(), 'INVÁLIDO')
    await expectVisible(result.getByText(/^Passe expirado/))
  })
})
