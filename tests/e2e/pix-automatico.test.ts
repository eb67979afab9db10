/**
 * "Débito automático via Pix" on Pagamentos (Pix Automático, decision 025): Ana asks for it, sees
 * the QR, the copia e cola and what she authorizes; her bank (the demo's sandbox) approves, and
 * the screen says it is active by itself; she cancels it (asked first). And the bank refusing
 * it: the screen says so and offers it again. With nothing due and her bank known to her club,
 * the request goes to her bank's app instead of a QR (journey 1). A contract with nothing left
 * for it to charge offers nothing. axe on every state. The journeys share one server, in order:
 * the first pays her overdue instalment with the QR.
 */
import type { Page } from 'playwright-core'
import { beforeEach, expect, it } from 'vitest'
import { demoIds } from '../../server/demo/data/ids'
import { apiToken } from '../helpers/api'
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser'
import { expectText, expectVisible } from '../helpers/expect'
import { showEveryInstalment } from '../helpers/instalments'
import { browserJourney } from '../helpers/journey'
import type { RunningServer } from '../helpers/server'

const ana = 'ana@exemplo.com.br'

describeBrowser('Pix Automático: débito automático via Pix on Pagamentos', () => {
  // Online screens only: no service worker on the devices.
  const journey = browserJourney({ noServiceWorker: true })
  let server: RunningServer
  let page: Page
  beforeEach(() => {
    ;({ server, page } = journey)
  })

  const section = () => page.getByRole('region', { name: 'Pix Automático' })
  /** Its whole, opened over Pagamentos' list (audit 11): a sheet on a phone. */
  const sheet = () => page.getByRole('dialog', { name: 'Pix Automático' })

  /**
   * Ana on Pagamentos, then "Ativar Pix Automático". With her overdue instalment, the QR to
   * authorize it (it pays that one too); once nothing is due, the request goes to her bank.
   */
  async function askForIt(way: 'QR' | 'BANCO' = 'QR') {
    await journey.loggedInPage(ana, { path: '/search' })
    await expectVisible(page.getByRole('button', { name: 'Pagar parcela 5' }))
    const ask = section().getByRole('button', { name: 'Ativar Pix Automático' })
    await expectVisible(ask)
    await ask.click()
    await expectVisible(sheet().getByRole('heading', { name: 'Autorize no app do seu banco' }))
    if (way === 'BANCO') return expectRequestSent()
    await expectQr()
  }

  /** Journey 1: the request went to her bank's app (Itaú, as her club knows it); no QR. */
  async function expectRequestSent() {
    await expectVisible(sheet().getByText(/^Enviamos o pedido para o app do Itaú\./))
    // What the screen waits for, as one line above it (audit 12).
    await expectText(
      sheet().locator('p', { hasText: /^Aguardando/ }),
      /^Aguardando o app do Itaú · até \d{2}\/\d{2}\/\d{4}$/,
    )
    await expect.poll(() => sheet().getByRole('img').count()).toBe(0)
    expect(await sheet().getByLabel('Pix copia e cola').count()).toBe(0)
    await expectNoAxeViolations(page)
  }

  /** The QR, its copia e cola and what she authorizes. */
  async function expectQr() {
    await expectVisible(
      sheet().getByRole('img', { name: 'QR Code da autorização do Pix Automático' }),
    )
    expect(await sheet().getByLabel('Pix copia e cola').inputValue()).toMatch(/^000201/)
    // On a phone "Copiar código" is in reach as the sheet opens, whatever is above it: it keeps
    // to the sheet's foot (audit 12 found it under the fold).
    const copy = await sheet()
      .getByRole('button', { name: 'Copiar código', exact: true })
      .boundingBox()
    const viewport = page.viewportSize()
    expect(copy && viewport && copy.y + copy.height <= viewport.height).toBe(true)
    // What she authorizes, as the server answered it.
    const terms = sheet().getByRole('definition')
    await expectText(terms.nth(0), /^(até )?R\$ \d/)
    await expectText(terms.nth(1), 'Mensal')
    await expectText(terms.nth(5), /^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/)
    await expectNoAxeViolations(page)
  }

  /** Her bank answers the authorization (the sandbox's payer helpers), its idRec from the API. */
  async function atHerBank(answer: 'approve' | 'reject') {
    const token = await apiToken(server.url, ana)
    const read = await fetch(
      `${server.url}/socios-api/client/contract/${demoIds.ana.contract}/pix-automatico`,
      { headers: { authorization: `Bearer ${token}` } },
    )
    expect(read.status).toBe(200)
    const { idRec, status } = (await read.json()) as { idRec: string; status: string }
    expect(status).toBe('CRIADA')
    const answered = await fetch(`${server.url}/sandbox/pix/rec/${idRec}/${answer}`, {
      method: 'POST',
    })
    expect(answered.status).toBe(200)
  }

  it('asked, approved at the bank (the screen follows by itself), then cancelled', async () => {
    await askForIt()
    await atHerBank('approve')
    await expectVisible(sheet().getByRole('heading', { name: 'Pix Automático ativo' }), 20_000)
    await expectNoAxeViolations(page)

    await sheet().getByRole('button', { name: 'Cancelar Pix Automático' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cancelar o Pix Automático?' })
    await expectVisible(dialog)
    await expectNoAxeViolations(page)
    await dialog.getByRole('button', { name: 'Cancelar Pix Automático' }).click()
    await expectVisible(
      sheet().getByText(
        'Pix Automático cancelado. As próximas parcelas não serão cobradas sozinhas.',
      ),
    )
    await expectVisible(sheet().getByRole('button', { name: 'Ativar Pix Automático' }))
    await expectNoAxeViolations(page)
    // Closed, the list is where she left it, and the line under it says the same.
    await sheet().getByRole('button', { name: 'Fechar' }).click()
    await expect.poll(() => sheet().count()).toBe(0)
    await expectVisible(
      section().getByText(
        'Pix Automático cancelado. As próximas parcelas não serão cobradas sozinhas.',
      ),
    )
    await expectVisible(section().getByRole('button', { name: 'Ativar Pix Automático' }))
  })

  it('nothing due now and her bank known: the request goes to her bank app (journey 1); the QR if she prefers', async () => {
    // The journey before paid her overdue instalment with its QR.
    await askForIt('BANCO')
    // The sheet rises from the phone's bottom edge, over the list.
    const box = await sheet().boundingBox()
    expect(box && Math.round(box.y + box.height)).toBe(844)
    const qrWay = sheet().getByRole('button', { name: /^Ler um QR Code/ })
    const bankWay = sheet().getByRole('button', { name: /^Pedido no app do Itaú/ })
    expect(await bankWay.getAttribute('aria-pressed')).toBe('true')
    await qrWay.click()
    await expectQr()
    expect(await qrWay.getAttribute('aria-pressed')).toBe('true')
    // And back: the request to her bank, the other choice beside the code.
    await bankWay.click()
    await expectRequestSent()
    // Its head, dragged down a little and let go, puts it back; dragged further, it is let go.
    const head = await sheet().getByRole('heading', { name: 'Pix Automático' }).boundingBox()
    if (!head) throw new Error('o título da folha não está na tela')
    const dragDown = async (by: number) => {
      await page.mouse.move(head.x + 10, head.y + head.height / 2)
      await page.mouse.down()
      await page.mouse.move(head.x + 10, head.y + head.height / 2 + by, { steps: 4 })
      await page.mouse.up()
    }
    await dragDown(30)
    await expect.poll(async () => (await sheet().boundingBox())?.y).toBe(box?.y)
    await dragDown(140)
    await expect.poll(() => sheet().count()).toBe(0)
    // Atop the list: it waits for her, where and until when, and the way back to it.
    const pending = page.getByRole('status').filter({ hasText: 'aguardando você' })
    await expectText(
      pending,
      /^Pix Automático aguardando você\. Confirme o pedido no app do Itaú até \d{2}\/\d{2}\/\d{4}\./,
    )
    const listTop = await page.getByRole('tablist', { name: 'Filtrar parcelas' }).boundingBox()
    const pendingBox = await pending.boundingBox()
    expect(pendingBox && listTop && pendingBox.y < listTop.y).toBe(true)
    await pending.getByRole('button', { name: 'Ver o pedido' }).click()
    // Opened where she is, the focus on what it says.
    await expectVisible(sheet().getByText(/^Enviamos o pedido para o app do Itaú\./))
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Autorize no app do seu banco')

    await atHerBank('approve')
    await expectVisible(sheet().getByRole('heading', { name: 'Pix Automático ativo' }), 20_000)
    expect(await pending.count()).toBe(0)
    // Cancelled again, for the journeys after this one on the same server.
    await sheet().getByRole('button', { name: 'Cancelar Pix Automático' }).click()
    await page
      .getByRole('dialog', { name: 'Cancelar o Pix Automático?' })
      .getByRole('button', { name: 'Cancelar Pix Automático' })
      .click()
    await expectVisible(sheet().getByRole('button', { name: 'Ativar Pix Automático' }))
    // A tap on the list dimmed above the sheet lets it go.
    await page.mouse.click(195, 20)
    await expect.poll(() => sheet().count()).toBe(0)
  })

  it('nothing left for it to charge (every instalment already due): no offer at all', async () => {
    // Bruno's water park: paid or overdue, none falls due late enough for a /cobr.
    const read = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/contract/${demoIds.bruno.overdue.contract}/pix-automatico`) &&
        response.request().method() === 'GET',
    )
    await journey.loggedInPage('bruno@exemplo.com.br', {
      contractId: demoIds.bruno.overdue.contract,
      path: '/search',
    })
    await expectVisible(page.getByRole('button', { name: 'Pagar parcela 3' }))
    const answered = await read
    expect(answered.status()).toBe(404)
    expect(await answered.json()).toMatchObject({ canEnrol: false })
    await expect.poll(() => section().count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Ativar Pix Automático' }).count()).toBe(0)
    await expectNoAxeViolations(page)
  })

  it('refused at the bank: the screen says so and offers it again', async () => {
    // A request to her bank (nothing is due since the first journey), refused in its app.
    await askForIt('BANCO')
    await atHerBank('reject')
    await expectVisible(sheet().getByText(/A autorização foi recusada no app do seu banco/), 20_000)
    await expectVisible(sheet().getByRole('button', { name: 'Ativar Pix Automático' }))
    await expectNoAxeViolations(page)
    // Escape lets the sheet go; the line under the list says the same.
    await page.keyboard.press('Escape')
    await expect.poll(() => sheet().count()).toBe(0)
    await expectVisible(section().getByText(/A autorização foi recusada no app do seu banco/))
  })

  it('from the payment link, in the Recorrência tab: authorized at the bank, the screen says it is on', async () => {
    await journey.loggedInPage(ana, { path: '/search' })
    await expectVisible(page.getByRole('button', { name: 'Pagar parcela 5' }))
    await showEveryInstalment(page)
    await page.getByRole('button', { name: 'Pagar parcela 12', exact: true }).click()
    await page.waitForURL(/\/pagamento\?code=/)
    const code = new URL(page.url()).searchParams.get('code') ?? ''
    await page.getByRole('tab', { name: /Recorrência/ }).click()
    // The tab's two ways are a choice: the card's form first; Pix Automático instead of it.
    const way = page.getByRole('group', { name: 'Como cobrar as próximas parcelas' })
    expect(await way.getByRole('radio', { name: /^Cartão de crédito/ }).isChecked()).toBe(true)
    await expectVisible(page.getByLabel('Número do cartão'))
    expect(await section().count()).toBe(0)
    await way.getByRole('radio', { name: /^Pix Automático/ }).check()
    expect(await page.getByLabel('Número do cartão').count()).toBe(0)
    // The summary's "Você paga" says this way's: instalment 12 is debited at its due date,
    // at the link's Total (the card's recurrence took 6% off).
    const youPay = page.locator('[aria-live="polite"]', { hasText: 'Você paga' })
    await expectText(youPay, /^Você paga no Pix Automático/)
    await expectText(youPay, /debitada na sua conta no vencimento/)
    // The card's recurrence gives a discount this way does not: said on both (audit 15).
    await expectText(youPay, /, sem os \d+% de desconto do cartão/)
    await expectText(
      way.getByText(/^Cobrado no cartão a cada vencimento/),
      /^Cobrado no cartão a cada vencimento, com \d+% de desconto\.$/,
    )
    expect(await youPay.textContent()).toContain(
      (await page.locator('dt:text-is("Total") + dd').textContent()) ?? 'missing',
    )
    // Named once, by the way's choice: the panel's own heading is for a screen reader only.
    const panelHeading = await section()
      .getByRole('heading', { name: 'Pix Automático' })
      .boundingBox()
    expect(panelHeading && panelHeading.width <= 1 && panelHeading.height <= 1).toBe(true)
    // The same authorization as on Pagamentos, with no card; its action under its panel.
    await page.getByRole('button', { name: 'Ativar Pix Automático' }).click()
    await expectVisible(section().getByRole('heading', { name: 'Autorize no app do seu banco' }))
    await expectVisible(
      section().getByRole('img', { name: 'QR Code da autorização do Pix Automático' }),
    )
    await expectNoAxeViolations(page)
    const read = await fetch(`${server.url}/socios-api/checkout/pix-automatico?code=${code}`)
    expect(read.status).toBe(200)
    const { idRec } = (await read.json()) as { idRec: string }
    expect(
      (await fetch(`${server.url}/sandbox/pix/rec/${idRec}/approve`, { method: 'POST' })).status,
    ).toBe(200)
    await page.waitForURL(/\/success\?/, { timeout: 20_000 })
    await expectVisible(page.getByText('Pix Automático ativado!'))
    await expectNoAxeViolations(page)
    // Pagamentos shows it on, where she may cancel it.
    await page.goto(`${server.url}/search`)
    await expectVisible(section().getByRole('heading', { name: 'Pix Automático ativo' }))
    // Under the list it is one line and a way in (audit 9): the terms and Cancelar behind it.
    expect(await section().getByRole('button', { name: 'Cancelar Pix Automático' }).count()).toBe(0)
    await section().getByRole('button', { name: 'Ver detalhes' }).click()
    await expectVisible(sheet().getByRole('button', { name: 'Cancelar Pix Automático' }))
  })
})
