import { rmSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { buildBrandedApp } from '../helpers/branded-app'
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser'
import { expectVisible } from '../helpers/expect'
import { browserJourney } from '../helpers/journey'
import { latestMessage } from '../helpers/outbox'
import type { RunningServer } from '../helpers/server'

const brandFile = 'docs/brand-example/brand.json'

/**
 * Another provider's brand (docs/brand-example, decision 023): the app built with it, served by
 * a server started with it. Its names, colours and logo are what the page, the manifest, the
 * header and the login e-mail carry, and the screens stay free of axe violations in its colours.
 * The server is the run's own bundle (tests/global-setup.ts), started with BRAND_FILE.
 */
describeBrowser('another provider’s brand, built and served', () => {
  // The server's environment: STATIC_DIR is set once the app is built (before the server starts).
  const serverEnv = { BRAND_FILE: brandFile, STATIC_DIR: '' }
  let outDir = ''
  beforeAll(() => {
    outDir = buildBrandedApp(brandFile)
    serverEnv.STATIC_DIR = outDir
  })
  afterAll(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true })
  })

  const journey = browserJourney({
    env: serverEnv,
    noServiceWorker: true,
  })
  let server: RunningServer
  let page: Page
  beforeEach(() => {
    ;({ server, page } = journey)
  })

  it('/login carries the name, colour and logo; the manifest and the icons too', async () => {
    await page.goto(`${server.url}/login`)
    expect(await page.title()).toBe('Sócio Vila Nova')
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#146b3a')
    const logo = page.getByRole('img', { name: 'Sócio Vila Nova' })
    await expectVisible(logo)
    expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
    await expectNoAxeViolations(page)

    const manifest = await (await fetch(`${server.url}/manifest.webmanifest`)).json()
    expect(manifest).toMatchObject({
      name: 'Sócio Vila Nova',
      short_name: 'Vila Nova',
      theme_color: '#146b3a',
      background_color: '#f2f7f3',
    })
    expect(await (await fetch(`${server.url}/icons/icon.svg`)).text()).toContain(
      '<title>Associação Atlética Vila Nova</title>',
    )
    const icon = await fetch(`${server.url}/icons/icon-maskable-512.png`)
    expect(icon.headers.get('content-type')).toBe('image/png')

    // The privacy page names the provider, its contact and its own policy.
    await page.getByRole('link', { name: 'Privacidade' }).click()
    await expectVisible(page.getByText(/secretaria@vilanova\.example ou WhatsApp \(31\) 3000-0000/))
    const policy = page.getByRole('link', {
      name: 'Política de privacidade de Associação Atlética Vila Nova',
    })
    expect(await policy.getAttribute('href')).toBe('https://vilanova.example/privacidade')
  })

  it("the header's name and gradient, axe-clean inside; the login e-mail names the portal", async () => {
    await journey.loggedInPage('ana@exemplo.com.br')
    await page.waitForURL(`${server.url}/home`)
    await expectVisible(page.getByRole('heading', { name: 'Perfil', level: 1 }))
    const header = page.getByRole('banner')
    await expectVisible(header.getByText('Sócio Vila Nova'))
    const background = await header.evaluate((element) => getComputedStyle(element).backgroundImage)
    expect(background).toBe(
      'linear-gradient(135deg, rgb(12, 74, 39) 0%, rgb(20, 107, 58) 55%, rgb(46, 139, 87) 100%)',
    )
    await expectNoAxeViolations(page)

    const message = await latestMessage(server.url, 'ana@exemplo.com.br')
    expect(message.text).toMatch(/^Seu código de acesso ao Sócio Vila Nova é \d{6}\./)
  })
})
