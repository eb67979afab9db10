/**
 * `npm run screenshots`: every screen of the built app, as a phone (390×844) and a desktop
 * (1366×768) see it, written to screenshots/ (git-ignored) with stable names such as
 * `desktop-ana-home.png` — logged out, as each demo person, offline and in error states. It
 * starts its own server on a free port with a fresh DATA_DIR, as the browser journeys do, and
 * drives the system Chromium (CHROME_PATH). Not part of `npm test`: it judges nothing, it is for
 * people to look at. Needs `npm run build` first.
 *
 * With `BRAND_FILE` (decision 023), it first builds the app with that brand into a folder of its
 * own (dist/ stays as it is), serves it with a server started with the same brand, and writes
 * to screenshots/<the brand file's folder>/, e.g. `BRAND_FILE=docs/brand-example/brand.json`
 * → screenshots/brand-example/.
 */
import { mkdirSync, rmSync } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { buildBrandedApp } from '../tests/helpers/branded-app'
import { animationsSettled, launchBrowser } from '../tests/helpers/chromium'
import { latestMessage } from '../tests/helpers/outbox'
import { type RunningServer, startServer } from '../tests/helpers/server'

const brandFile = process.env.BRAND_FILE
const out = resolve(
  import.meta.dirname,
  '../screenshots',
  brandFile ? basename(dirname(resolve(brandFile))) : '',
)
const devices = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 768 },
} as const
type Device = keyof typeof devices

const failures: string[] = []
let written = 0

/** Waits for the screen to settle: its heading, the network, the font, running animations. */
async function settle(page: Page, heading?: string) {
  if (heading)
    await page
      .getByRole('heading', { name: heading, level: 1 })
      .first()
      .waitFor({ state: 'visible', timeout: 15_000 })
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined)
  await page.evaluate(() => document.fonts.ready)
  await animationsSettled(page).catch(() => undefined)
}

/**
 * One picture of `page`, or of the page `reach` answers (a new tab); a screen that cannot be
 * reached is reported at the end, the rest still taken.
 */
async function shoot(
  start: Page,
  name: string,
  reach: () => Promise<unknown>,
  { firstScreen = false } = {},
) {
  try {
    const reached = await reach()
    const page =
      reached && typeof reached === 'object' && 'screenshot' in reached ? (reached as Page) : start
    // The whole page, taken with a window as tall as the page: a bar fixed to the bottom of the
    // screen then sits at the bottom of the picture, not across the middle as fullPage puts it.
    // `firstScreen`: only what the window shows, as a person first sees it (a sticky button).
    // The pointer off the page: a hover left by the last click is no state of the screen.
    await page.mouse.move(0, 0)
    const viewport = page.viewportSize()
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    if (viewport && height > viewport.height && !firstScreen) {
      await page.setViewportSize({ width: viewport.width, height })
      // What the page does about its new height (a sticky button's band, observed) lands in the
      // next frames: the picture is of the page after them.
      await page.evaluate(
        () =>
          new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(0)))),
      )
    }
    await page.screenshot({ path: resolve(out, `${name}.png`) })
    if (viewport) await page.setViewportSize(viewport)
    written += 1
    console.log(`  ${name}.png`)
  } catch (error) {
    failures.push(`${name}: ${error instanceof Error ? error.message.split('\n')[0] : error}`)
    console.warn(`  ${name}: falhou`)
  }
}

async function newPage(browser: Browser, device: Device) {
  const context = await browser.newContext({
    locale: 'pt-BR',
    // The people this serves read Brazil's clock: the machine's (often UTC) would show times
    // three hours ahead and dates a day apart from the server's São Paulo calendar.
    timezoneId: 'America/Sao_Paulo',
    viewport: devices[device],
    // Toasts and transitions sit still for a picture.
    reducedMotion: 'reduce',
  })
  return { context, page: await context.newPage() }
}

/** Logs in through the screens, reading the code from the demo outbox; returns the code. */
async function requestCode(page: Page, base: string, email: string) {
  await page.goto(`${base}/login`)
  await page.getByRole('radio', { name: 'E-mail' }).check()
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
  const before = await latestMessage(base, email).catch(() => null)
  await page.getByRole('button', { name: 'Enviar Código' }).click()
  await page.waitForURL(/\/verify-code\?email=/)
  for (let tries = 0; tries < 50; tries++) {
    const message = await latestMessage(base, email).catch(() => null)
    if (message && message.sent_at !== before?.sent_at) return message.code
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`nenhum código para ${email}`)
}

/** The last Pix generated on Ana's B2B link: paid at the end, once every screen is taken. */
let pixTxid = ''

/** The link paid by Pix at the sandbox bank, then its /success screen (the receipt) on each device. */
async function paidByPix(browser: Browser, server: RunningServer) {
  for (const device of Object.keys(devices) as Device[]) {
    const { context, page } = await newPage(browser, device)
    await shoot(page, `${device}-logged-out-pagamento-pago`, async () => {
      if (!pixTxid) throw new Error('nenhum Pix gerado')
      if (device === 'phone') {
        const paid = await fetch(`${server.url}/sandbox/pix/${pixTxid}/pay`, { method: 'POST' })
        if (!paid.ok) throw new Error(`o banco de testes recusou o pagamento: ${paid.status}`)
      }
      const message = encodeURIComponent('PIX realizado com sucesso!')
      await page.goto(`${server.url}/success?message=${message}&code=B2B-ANA-0005`)
      await settle(page)
      await page.getByText('PIX realizado com sucesso!').first().waitFor({ timeout: 15_000 })
    })
    await context.close()
  }
}

async function loggedOut(browser: Browser, server: RunningServer, device: Device) {
  const { context, page } = await newPage(browser, device)
  const base = server.url
  const name = (screen: string) => `${device}-logged-out-${screen}`
  await shoot(page, name('login'), async () => {
    await page.goto(`${base}/login`)
    await settle(page, 'Receber código de entrada')
  })
  await shoot(page, name('login-errors'), async () => {
    await page.getByRole('button', { name: 'Enviar Código' }).click()
    await settle(page)
  })
  await shoot(page, name('verify-code-wrong'), async () => {
    const code = await requestCode(page, base, 'ana@exemplo.com.br')
    const wrong = code.replace(/\d/g, (digit) => String((Number(digit) + 1) % 10))
    await page.getByLabel('Código de entrada').fill(wrong)
    await page
      .getByText(/Código inválido|Erro ao validar/)
      .first()
      .waitFor({ timeout: 10_000 })
    await settle(page)
  })
  await shoot(page, name('verificar'), async () => {
    await page.goto(`${base}/verificar`)
    await settle(page, 'Verificar carteirinha')
  })
  await shoot(page, name('pagamento'), async () => {
    await page.goto(`${base}/pagamento?code=B2B-ANA-0005`)
    await settle(page, 'Pagamento')
  })
  // Each method's panel, then a Pix generated and paid at the sandbox bank: the QR and the
  // receipt screen the holder sees.
  for (const [screen, tab] of [
    ['pagamento-cartao', /^Cartão/],
    ['pagamento-recorrencia', /^Recorrência/],
    ['pagamento-boleto', /^Boleto/],
  ] as const)
    await shoot(page, name(screen), async () => {
      await page.goto(`${base}/pagamento?code=B2B-ANA-0005`)
      await settle(page, 'Pagamento')
      await page.getByRole('tab', { name: tab }).click()
      // Recorrência also offers Pix Automático, known when the tab first shows.
      // (An authorization asked for in an earlier capture would open it: the card's, here.)
      if (screen === 'pagamento-recorrencia')
        await page.getByRole('radio', { name: /^Cartão de crédito/ }).check()
      await settle(page)
    })
  await shoot(page, name('pagamento-recorrencia-pix'), async () => {
    await page.goto(`${base}/pagamento?code=B2B-ANA-0005`)
    await settle(page, 'Pagamento')
    await page.getByRole('tab', { name: /^Recorrência/ }).click()
    await page.getByRole('radio', { name: /^Pix Automático/ }).check()
    await page.getByRole('region', { name: 'Pix Automático' }).waitFor()
    await settle(page)
  })
  // The card tab as it first shows: its pay button at the screen's foot on a phone.
  await shoot(
    page,
    name('pagamento-cartao-primeira-tela'),
    async () => {
      await page.goto(`${base}/pagamento?code=B2B-ANA-0005`)
      await settle(page, 'Pagamento')
      await page.getByRole('tab', { name: /^Cartão/ }).click()
      await page.evaluate(() => window.scrollTo(0, 0))
      await settle(page)
    },
    { firstScreen: true },
  )
  await shoot(page, name('pagamento-pix-qr'), async () => {
    await page.goto(`${base}/pagamento?code=B2B-ANA-0005`)
    await settle(page, 'Pagamento')
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/checkout/payment-link-pix')),
      page.getByRole('button', { name: 'Gerar Pix' }).click(),
    ])
    const { data: entries } = (await answer.json()) as {
      data: Array<{ key: string; value: string }>
    }
    pixTxid = entries.find((entry) => entry.key === 'txid')?.value ?? pixTxid
    await page.getByRole('img', { name: /QR/ }).first().waitFor({ timeout: 15_000 })
    await settle(page)
  })
  await shoot(page, name('pagamento-trocar-cartao'), async () => {
    await page.goto(`${base}/pagamento?code=TROCA-CARTAO-ANA`)
    await settle(page, 'Trocar Cartão')
  })
  await shoot(page, name('pagamento-codigo-errado'), async () => {
    await page.goto(`${base}/pagamento?code=NAO-EXISTE`)
    await settle(page)
  })
  await context.close()
}

/** Where a person lands after the code, and (optionally) the text that says it has settled. */
type Landing = { path: string; heading: string; screen: string; ready?: string }

/** Logs a demo person in and pictures the screens that person reaches. */
async function person(
  browser: Browser,
  server: RunningServer,
  device: Device,
  who: string,
  landing: Landing,
  screens: Array<[screen: string, path: string, heading: string]>,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, device)
  const base = server.url
  const code = await requestCode(page, base, `${who}@exemplo.com.br`)
  await page.getByLabel('Código de entrada').fill(code)
  await shoot(page, `${device}-${who}-${landing.screen}`, async () => {
    await page.waitForURL((url) => url.pathname === landing.path, { timeout: 15_000 })
    await settle(page, landing.heading)
    // A screen whose state comes after its heading (Elisa's notice after "Entrando…").
    if (landing.ready) {
      await page.getByText(landing.ready).first().waitFor({ timeout: 15_000 })
      await settle(page)
    }
  })
  for (const [screen, path, heading] of screens)
    await shoot(page, `${device}-${who}-${screen}`, async () => {
      await page.goto(`${base}${path}`)
      await settle(page, heading)
    })
  return { context, page }
}

const anaScreens: Array<[string, string, string]> = [
  ['home', '/home', 'Perfil'],
  ['payments', '/search', 'Pagamentos'],
  ['cards', '/favorites', 'Carteirinhas'],
  ['dependents', '/dependents', 'Seus Dependentes'],
  ['dependent-new', '/dependent/new', 'Novo Dependente'],
  ['holder', '/holder', 'Meu cadastro'],
  ['documents', '/general-documents', 'Documentos Gerais'],
  ['scheduling', '/profile', 'Agendamentos'],
]

async function ana(browser: Browser, server: RunningServer, device: Device) {
  const landing = { path: '/home', heading: 'Perfil', screen: 'after-login' }
  const { context, page } = await person(browser, server, device, 'ana', landing, anaScreens)
  const name = (screen: string) => `${device}-ana-${screen}`
  await shoot(page, name('home-menu'), async () => {
    await page.goto(`${server.url}/home`)
    await settle(page, 'Perfil')
    await page.getByRole('button', { name: 'Mais opções' }).click()
    await page.getByRole('menu').waitFor()
  })
  await shoot(page, name('dependent-new-errors'), async () => {
    await page.goto(`${server.url}/dependent/new`)
    await settle(page, 'Novo Dependente')
    await page.getByRole('button', { name: 'Salvar' }).click()
    await settle(page)
  })
  await shoot(page, name('payments-one-ticked'), async () => {
    await page.goto(`${server.url}/search`)
    await settle(page, 'Pagamentos')
    await page.getByRole('checkbox', { name: 'Selecionar parcela 4' }).check()
    await settle(page)
  })
  // A later one ticked while one is overdue: the bar names the one left out.
  await shoot(page, name('payments-later-ticked'), async () => {
    await page.goto(`${server.url}/search`)
    await settle(page, 'Pagamentos')
    await page.getByRole('checkbox', { name: 'Selecionar parcela 5' }).check()
    await settle(page)
  })
  await shoot(page, name('payments-two-ticked'), async () => {
    await page.getByRole('button', { name: 'Marcar também' }).click()
    await settle(page)
  })
  // Pix Automático: the QR (it pays her overdue instalment too), then the request
  // sent to her bank's app instead (journey 1), in the sheet over the list (audit 11): as the
  // window shows it. Left waiting: the other device's run starts from that request, so it takes
  // the QR from the "Ler um QR Code" choice.
  const automatic = page.getByRole('region', { name: 'Pix Automático' })
  const sheet = page.getByRole('dialog', { name: 'Pix Automático' })
  await shoot(
    page,
    name('pix-automatico-qr'),
    async () => {
      await page.goto(`${server.url}/search`)
      await settle(page, 'Pagamentos')
      const ask = automatic.getByRole('button', { name: 'Ativar Pix Automático' })
      // Left waiting by the other device's run: said atop the list, which opens it.
      const folded = page
        .getByRole('status')
        .filter({ hasText: 'aguardando você' })
        .getByRole('button', { name: /^Ver o (pedido|QR Code)$/ })
      await ask.or(folded).first().waitFor()
      await ((await folded.isVisible()) ? folded : ask).click()
      const prefer = sheet.getByRole('button', { name: /^Ler um QR Code/ })
      const qr = sheet.getByRole('img', { name: /QR Code/ })
      await prefer.or(qr).first().waitFor()
      if ((await prefer.isVisible()) && (await prefer.getAttribute('aria-pressed')) !== 'true')
        await prefer.click()
      await qr.waitFor()
      await settle(page)
    },
    { firstScreen: true },
  )
  await shoot(
    page,
    name('pix-automatico-banco'),
    async () => {
      await sheet.getByRole('button', { name: /^Pedido no app do/ }).click()
      await sheet.getByText(/^Enviamos o pedido/).waitFor()
      await settle(page)
    },
    { firstScreen: true },
  )
  for (const [screen, tab] of [
    ['payments-overdue-tab', 'vencidos'],
    ['payments-paid-tab', 'pagos'],
  ] as const)
    await shoot(page, name(screen), async () => {
      await page.goto(`${server.url}/search?aba=${tab}`)
      await settle(page, 'Pagamentos')
    })
  await shoot(page, name('pass-from-home'), async () => {
    await page.goto(`${server.url}/home`)
    await settle(page, 'Perfil')
    await page.getByRole('link', { name: 'Passe da portaria' }).click()
    await page.getByRole('dialog').waitFor()
    await settle(page)
  })
  await shoot(page, name('pagamento-from-home'), async () => {
    await page.goto(`${server.url}/home`)
    await settle(page, 'Perfil')
    await page.getByRole('button', { name: 'Pagar parcela 4' }).click()
    await page.waitForURL(/\/pagamento\?code=/)
    await settle(page, 'Pagamento')
  })
  await shoot(page, name('card-flip'), async () => {
    await page.goto(`${server.url}/favorites`)
    await settle(page, 'Carteirinhas')
    await page
      .getByRole('button', { name: /Visualizar/ })
      .first()
      .click()
    await settle(page)
  })
  await shoot(page, name('card-back'), async () => {
    await page.getByRole('button', { name: 'Ver Verso' }).click()
    await settle(page)
  })
  // No signal: the installed app on the precached shell, with the server stopped.
  await page.goto(`${server.url}/home`)
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)
  await settle(page, 'Perfil')
  await server.stop()
  try {
    for (const [screen, path, heading] of [
      ['offline-home', '/home', 'Perfil'],
      ['offline-cards', '/favorites', 'Carteirinhas'],
      ['offline-payments', '/search', 'Pagamentos'],
    ] as const)
      await shoot(page, name(screen), async () => {
        await page.goto(`${server.url}${path}`)
        await settle(page, heading)
        await page.getByText('Sem conexão').first().waitFor({ timeout: 15_000 })
      })
  } finally {
    await server.ensureRunning()
  }
  await context.close()
}

/** The purchase terms, as the tab 'Visualizar Termos de Compra' opens them. */
async function termsTab(context: BrowserContext, page: Page, device: Device) {
  await shoot(page, `${device}-carla-terms-document`, async () => {
    const [term] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Visualizar Termos de Compra' }).first().click(),
    ])
    await term.setViewportSize(devices[device])
    await term.waitForURL(/^blob:/)
    await settle(term, 'Termos de Compra')
    return term
  })
}

/** Bruno's overdue contract: the card screen's warning that the gate will refuse it. */
async function brunoOverdue(browser: Browser, server: RunningServer, device: Device) {
  const landing = {
    path: '/selected-contract',
    heading: 'Selecione o contrato',
    screen: 'selected-contract',
  }
  const { context, page } = await person(browser, server, device, 'bruno', landing, [])
  await shoot(page, `${device}-bruno-cards-overdue-warning`, async () => {
    await page
      .getByRole('button', { name: 'Selecionar Contrato Passaporte Parque Aquático' })
      .click()
    await page.waitForURL(`${server.url}/home`)
    await page.goto(`${server.url}/favorites`)
    await settle(page, 'Carteirinhas')
  })
  await context.close()
}

async function main() {
  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  // The server takes BRAND_FILE from this process's environment; the app is built with it.
  const branded = brandFile ? buildBrandedApp(brandFile) : undefined
  const [server, browser] = await Promise.all([
    startServer(branded ? { STATIC_DIR: branded } : {}),
    launchBrowser(),
  ])
  try {
    for (const device of Object.keys(devices) as Device[]) {
      console.log(`${device} (${devices[device].width}×${devices[device].height})`)
      await loggedOut(browser, server, device)
      await ana(browser, server, device)
      await brunoOverdue(browser, server, device)
      // Bruno's contract chooser is pictured once, by brunoOverdue.
      const people: Array<[string, Landing, Array<[string, string, string]>]> = [
        ['carla', { path: '/terms', heading: 'Termos do contrato', screen: 'terms' }, []],
        [
          'davi',
          { path: '/home', heading: 'Perfil', screen: 'home' },
          [
            ['holder-read-only', '/holder', 'Meu cadastro'],
            ['dependents-empty', '/dependents', 'Seus Dependentes'],
          ],
        ],
        // No contracts: the verify screen is where the spec leaves her.
        [
          'elisa',
          {
            path: '/verify-code',
            heading: 'Nenhum contrato encontrado',
            screen: 'no-contracts',
            ready: 'Nenhum contrato ativo foi encontrado para este e-mail.',
          },
          [],
        ],
      ]
      for (const [who, landing, screens] of people) {
        const { context, page } = await person(browser, server, device, who, landing, screens)
        if (who === 'carla') await termsTab(context, page, device)
        await context.close()
      }
    }
    // Last, as it pays Ana's instalment 5 for good.
    await paidByPix(browser, server)
  } finally {
    await browser.close()
    await server.close()
    if (branded) rmSync(branded, { recursive: true, force: true })
  }
  console.log(`${written} imagens em ${out}`)
  if (failures.length > 0) {
    console.error(`Não foi possível fotografar:\n  ${failures.join('\n  ')}`)
    process.exitCode = 1
  }
}

await main()
