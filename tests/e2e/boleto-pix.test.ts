/**
 * The boleto's Pix with a due date (decision 025): Ana picks Boleto on a payment link, and
 * /success shows, under the boleto, the Pix with its due date (QR, copia e cola, "Copiar
 * código", the amount due today and the late terms). Her bank pays it days after the due date:
 * the paid summary of the link says the fine and interest the bank added, and so does the
 * receipt. axe on each screen.
 */
import type { BrowserContext, Page } from 'playwright-core'
import { beforeEach, expect, it } from 'vitest'
import { lateChargesText } from '../../contract/late-charges'
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser'
import { expectText, expectVisible } from '../helpers/expect'
import { showEveryInstalment } from '../helpers/instalments'
import { browserJourney } from '../helpers/journey'
import type { RunningServer } from '../helpers/server'

const ana = 'ana@exemplo.com.br'
const DAY = 86_400_000

describeBrowser("the boleto's Pix with a due date", () => {
  // Online screens only: no service worker on the devices.
  const journey = browserJourney({ noServiceWorker: true })
  let server: RunningServer
  let context: BrowserContext
  let page: Page
  beforeEach(() => {
    ;({ server, context, page } = journey)
  })

  const toast = (text: string) =>
    page.locator('[data-sonner-toast]').getByText(text, { exact: true })

  it('boleto → its Pix on /success → paid late at the bank → the fine and interest said', async () => {
    await journey.loggedInPage(ana, { path: '/search' })
    await expectVisible(page.getByRole('button', { name: 'Pagar parcela 5' }))
    await showEveryInstalment(page)
    await page.getByRole('button', { name: 'Pagar parcela 10', exact: true }).click()
    await page.waitForURL(/\/pagamento\?code=/)
    const code = new URL(page.url()).searchParams.get('code') ?? ''
    await page.getByRole('tab', { name: /^Boleto/ }).click()
    await page.getByRole('button', { name: 'Gerar Boleto' }).click()
    await page.waitForURL(/\/success\?/)
    // The spec's text stays; the boleto and its Pix are under it.
    await expectVisible(page.getByText('Seu boleto será enviado via WhatsApp e E-mail!'))
    const boleto = page.getByRole('region', { name: 'Boletos gerados' })
    const amount = await boleto.locator('dt:has-text("Valor") + dd').textContent()
    const due = await boleto.locator('dt:has-text("Vencimento") + dd').textContent()

    const pix = page.getByRole('region', { name: 'Pix com vencimento' })
    await expectVisible(pix.getByRole('img', { name: 'QR Code do Pix com vencimento' }))
    await expectText(pix.locator('dt:has-text("Valor hoje") + dd'), amount ?? '')
    await expectText(pix.locator('dt:has-text("Vencimento") + dd'), due ?? '')
    await expectVisible(
      pix.getByText(
        /^Após o vencimento, o banco acrescenta multa de 2,00% e juros de 1,00% ao mês, e aceita o Pix até \d{2}\/\d{2}\/\d{4}\.$/,
      ),
    )
    const copiaECola = await pix.getByLabel('Pix copia e cola').inputValue()
    expect(copiaECola).toMatch(/^000201.*6304[0-9A-F]{4}$/)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    await pix.getByRole('button', { name: 'Copiar código' }).click()
    await expectVisible(toast('Código Pix copiado!'))
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(copiaECola)
    await expectNoAxeViolations(page)

    // Her bank pays it 10 days after the due date (the sandbox's payer helper).
    const stored = await page.evaluate(() => sessionStorage.getItem('portal-titular-boletos'))
    const { pix: issued } = JSON.parse(stored ?? '{}') as {
      pix: { txid: string; due_date: string }
    }
    const late = new Date(Date.parse(issued.due_date) + 10 * DAY).toISOString().slice(0, 10)
    const paid = await fetch(`${server.url}/sandbox/pix/cobv/${issued.txid}/pay?data=${late}`, {
      method: 'POST',
    })
    expect(paid.status).toBe(200)
    const { componentesValor: parts, endToEndId } = (await paid.json()) as {
      componentesValor: Record<string, { valor: string }>
      endToEndId: string
    }
    const added = Number(parts.multa?.valor ?? 0) + Number(parts.juros?.valor ?? 0)
    expect(added).toBeGreaterThan(0)

    // The paid link's summary says what the bank added.
    await page.goto(`${server.url}/success?code=${code}`)
    const summary = page.getByRole('region', { name: 'Resumo do pagamento' })
    await expectVisible(summary)
    await expectText(
      summary.locator('dt:has-text("Forma de pagamento") + dd'),
      'Pix com vencimento (boleto)',
    )
    await expectVisible(
      summary.getByText(lateChargesText(`R$ ${added.toFixed(2).replace('.', ',')}`)),
    )
    // The Pix's end-to-end id, what her bank's statement knows the payment by (audit 11).
    await expectText(summary.locator('dt:has-text("Autenticação") + dd'), endToEndId)
    await expectNoAxeViolations(page)
  })
})
