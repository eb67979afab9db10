import type { Page } from 'playwright-core'
import { beforeEach, expect, it } from 'vitest'
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser'
import { expectText, expectVisible } from '../helpers/expect'
import { showEveryInstalment } from '../helpers/instalments'
import { browserJourney, phone } from '../helpers/journey'
import { loginThroughScreens } from '../helpers/login'
import { latestMessage } from '../helpers/outbox'
import type { RunningServer } from '../helpers/server'

/**
 * Issue 27: each screen leads with what the person came to do, and says one thing. What is owed
 * and its "Pagar" open the profile; the public payment link masks the payer; a state and the
 * words around it never disagree; a refusal says what to do next.
 */
describeBrowser('screens that lead with what needs the person', () => {
  const journey = browserJourney({ noServiceWorker: true })
  let server: RunningServer
  let page: Page
  beforeEach(() => {
    ;({ server, page } = journey)
  })

  const toast = (text: string | RegExp) => page.locator('[data-sonner-toast]').getByText(text)

  it('ana’s profile opens with the overdue instalment, and its "Pagar" opens that link', async () => {
    await journey.loggedInPage('ana@exemplo.com.br')
    await page.waitForURL(`${server.url}/home`)
    const due = page.getByRole('region', { name: '1 parcela vencida' })
    await expectVisible(due)
    // What it costs today, its fine and interest said: the amount the payment link will charge.
    await expectVisible(due.getByText('R$ 194,33', { exact: true }))
    await expectVisible(due.getByText('R$ 189,90 + R$ 4,43 de multa e juros até hoje'))
    await expectVisible(due.getByText(/^Parcela 4 · venceu em \d{2}\/\d{2}\/\d{4} \(há 10 dias\)$/))
    await expectNoAxeViolations(page)

    await due.getByRole('button', { name: 'Pagar parcela 4' }).click()
    await page.waitForURL(/\/pagamento\?code=/)
    // The link says what is being paid before anything else: this instalment, its due date.
    const lead = page.getByRole('region', { name: 'Parcela 4' })
    await expectVisible(lead)
    await expectVisible(lead.getByText('Mensalidade Plano Família Clube 04/12'))
    await expectVisible(lead.getByText(/^Vencimento: \d{2}\/\d{2}\/\d{4}$/))
    // One amount from the profile to the link: its Total is what the profile said.
    await expectText(lead.locator('dt', { hasText: 'Total' }).locator('+ dd'), 'R$ 194,33')
    // The same two rows as every link's (audit 15): nothing off, and what lateness added with its
    // parts under it.
    await expectText(lead.locator('dt:text-is("Desconto da parcela") + dd'), 'Nenhum')
    const added = lead.locator('dt:text-is("Juros, multa e correção") + dd')
    await expectText(added, /^R\$\s4,43/)
    await expectText(added.locator('span'), /^juros\sR\$\s0,63 \+ multa\sR\$\s3,80$/)
    expect(await lead.locator('dt:text-is("Juros")').count()).toBe(0)
  })

  it('the payments list sums what is overdue and puts it first', async () => {
    await journey.loggedInPage('ana@exemplo.com.br', { path: '/search' })
    await expectVisible(page.getByText('1 vencida · R$ 194,33'))
    // One overdue: its own card's "Pagar" is the way; the summary adds no second button for it.
    expect(await page.getByRole('button', { name: /parcelas vencidas$/ }).count()).toBe(0)
    const rows = page.getByRole('tabpanel').getByRole('listitem')
    await expect.poll(() => rows.count()).toBe(5)
    await showEveryInstalment(page)
    expect(await rows.count()).toBe(12)
    // What needs action first: the overdue one, then the next to pay; the paid ones last.
    await expectText(rows.nth(0).getByRole('heading'), 'Parcela 4')
    // Under their names and counts: what is overdue, what is to pay, what is paid.
    const groups = page.getByRole('tabpanel').getByRole('heading', { level: 2 })
    expect((await groups.allTextContents()).map((text) => text.replace(/\s+/g, ' '))).toEqual([
      'Vencidos 1',
      'A pagar 8',
      'Pagos 3',
    ])
    // Its card leads with what it costs today, as the summary; under it the spec's price plus
    // what today adds, in the profile's words, then the spec's label, each under the other
    // (design audit: "Com multa e juros" over "Sujeito a acréscimos" read as a contradiction).
    await expectText(rows.nth(0).locator('strong'), 'R$ 194,33')
    const breakdown = rows.nth(0).getByText('R$ 189,90 + R$ 4,43 de multa e juros', { exact: true })
    const label = rows.nth(0).getByText('Sujeito a acréscimos', { exact: true })
    await expectVisible(breakdown)
    await expectVisible(label)
    const [today, plus, subject] = await Promise.all(
      [rows.nth(0).locator('strong'), breakdown, label].map((part) => part.boundingBox()),
    )
    if (!today || !plus || !subject) throw new Error('o valor da parcela vencida não aparece')
    expect(plus.y).toBeGreaterThanOrEqual(today.y + today.height - 1)
    expect(subject.y).toBeGreaterThanOrEqual(plus.y + plus.height - 1)
    expect(await page.getByText('Com multa e juros').count()).toBe(0)
    // A discounted one shows what it cost before the discount, struck through by its price.
    await expectText(rows.nth(1).locator('strong'), 'R$ 170,90')
    const original = rows.nth(1).locator('s')
    await expectText(original, 'R$ 189,90')
    expect(await original.evaluate((struck) => getComputedStyle(struck).textDecorationLine)).toBe(
      'line-through',
    )
    expect(await rows.nth(1).textContent()).toContain('Valor original R$ 189,90 · Com desconto')
    // No discount, nothing struck: its price alone.
    await expectText(rows.nth(3).getByRole('heading'), 'Parcela 7')
    expect(await rows.nth(3).locator('s').count()).toBe(0)
    await expectText(rows.nth(3).locator('strong'), 'R$ 189,90')
    await expectText(rows.nth(1).getByRole('heading'), 'Parcela 5')
    await expectText(rows.nth(11).getByRole('heading'), 'Parcela 1')
    // A paid one says when, under its amount.
    await expectVisible(rows.nth(11).getByText(/^em \d{2}\/\d{2}\/\d{4}$/))
    // One filled "Pagar", on what is owed now; the others are outlined.
    const fill = (name: string) =>
      page
        .getByRole('button', { name, exact: true })
        .evaluate((button) => getComputedStyle(button).backgroundColor)
    const owedNow = await fill('Pagar parcela 4')
    for (const later of ['Pagar parcela 5', 'Pagar parcela 12'])
      expect(await fill(later)).not.toBe(owedNow)
    // A first tick already offers to pay it, at what it costs today (the summary's amount);
    // "Pagar Débitos" comes at two (spec §5).
    await page.getByRole('checkbox', { name: 'Selecionar parcela 4' }).check()
    const bar = page.getByRole('region', { name: 'Parcelas selecionadas' })
    await expectVisible(
      bar.getByRole('button', { name: 'Pagar parcela 4 · R$ 194,33', exact: true }),
    )
    expect(await bar.getByRole('status').count()).toBe(0)
    const alone = await bar.boundingBox()
    expect(alone && Math.round(alone.width)).toBe(phone.width - 32)
    // The ticked row is tinted, so the list shows what the bar takes.
    const background = (row: number) =>
      rows.nth(row).evaluate((item) => getComputedStyle(item).backgroundColor)
    expect(await background(0)).not.toBe(await background(1))
    // The bar never covers the last card: the list ends above it.
    for (const viewport of [null, { width: 1366, height: 768 }]) {
      if (viewport) await page.setViewportSize(viewport)
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      const lastAtEnd = await rows.nth(11).boundingBox()
      const barAtEnd = await bar.boundingBox()
      if (!lastAtEnd || !barAtEnd) throw new Error('a última parcela ou a barra não aparecem')
      expect(lastAtEnd.y + lastAtEnd.height).toBeLessThanOrEqual(barAtEnd.y)
    }
    await page.setViewportSize(phone)
    expect(await page.getByRole('button', { name: /^Pagar Débitos/ }).count()).toBe(0)
    await page.getByRole('checkbox', { name: 'Selecionar parcela 5' }).check()
    await expectVisible(bar.getByRole('button', { name: /^Pagar Débitos \(2\)/ }))
    await bar.getByRole('button', { name: 'Limpar' }).click()
    await expect.poll(() => bar.count()).toBe(0)

    // Ticking May while April is overdue: the bar names the one left out, and ticks it on request.
    await page.getByRole('checkbox', { name: 'Selecionar parcela 5' }).check()
    await expectVisible(
      bar.getByRole('status').getByText('A parcela 4 está vencida e não foi marcada.'),
    )
    // Its note does not make it wider: the screen's width less the page's margins, as before it.
    const withNote = await bar.boundingBox()
    expect(withNote && Math.round(withNote.width)).toBe(phone.width - 32)
    await bar.getByRole('button', { name: 'Marcar também' }).click()
    expect(await page.getByRole('checkbox', { name: 'Selecionar parcela 4' }).isChecked()).toBe(
      true,
    )
    await expectVisible(
      bar.getByRole('button', { name: 'Pagar Débitos (2) · R$ 365,23', exact: true }),
    )
    await expect.poll(() => bar.getByRole('status').count()).toBe(0)
  })

  it('one tap from the profile shows the pass for the gate, its QR at least 240 px wide', async () => {
    await journey.loggedInPage('ana@exemplo.com.br')
    await page.getByRole('link', { name: 'Passe da portaria' }).click()
    const pass = page.getByRole('dialog', { name: 'Carteirinha de Ana Paula Souza' })
    await expectVisible(pass)
    const qr = pass.getByRole('img', { name: 'QR Code do passe da portaria de Ana Paula Souza' })
    await expectVisible(qr)
    expect((await qr.boundingBox())?.width).toBeGreaterThanOrEqual(240)
    // The card's text in the app's web font (the face names it as the app's CSS registers it).
    const name = pass
      .getByRole('region', { name: 'Frente da carteirinha' })
      .getByText('Ana Paula Souza')
    expect(
      await name.evaluate(async (element) => {
        await document.fonts.ready
        return getComputedStyle(element).fontFamily
      }),
    ).toMatch(/^"?Inter Variable"?,/)
    expect(
      await page.evaluate(() => document.fonts.check('700 16px "Inter Variable"', 'Ana')),
    ).toBe(true)
    await pass.getByRole('button', { name: 'Fechar' }).click()
    // Closed, it stays closed: the list, and a reload does not open it again.
    await expect.poll(() => new URL(page.url()).hash).toBe('')
    await expectVisible(page.getByRole('heading', { name: 'Carteirinhas' }))
  })

  it('a card is never valid past its contract’s end', async () => {
    await journey.loggedInPage('ana@exemplo.com.br')
    const ends = await page
      .locator('dt', { hasText: /^Data Vencimento$/ })
      .locator('xpath=following-sibling::dd[1]')
      .textContent()
    await page.getByRole('link', { name: 'Carteirinha' }).click()
    const first = page.getByRole('listitem').first()
    await expectVisible(first.getByText(/^Validade: /))
    const validity = (await first.getByText(/^Validade: /).textContent())?.replace('Validade: ', '')
    const day = (text: string | null | undefined) => (text ?? '').split('/').reverse().join('-')
    expect(day(validity) <= day(ends)).toBe(true)
  })

  it('the public link masks the payer, and explains its prices as a receipt does', async () => {
    await journey.loggedInPage('ana@exemplo.com.br', { path: '/search' })
    await page.getByRole('button', { name: 'Pagar parcela 5', exact: true }).click()
    await page.waitForURL(/\/pagamento\?code=/)
    const holder = page.getByRole('region', { name: 'Titular' })
    await expectVisible(holder.getByText('***.982.247-**'))
    await expectVisible(holder.getByText(/^an\*+@exemplo\.com\.br$/))
    await expectVisible(holder.getByText(/^\+55 \(11\) \*{5}-\d{4}$/))
    expect(await page.locator('body').textContent()).not.toContain('529.982.247-25')
    const lead = page.getByRole('region', { name: 'Parcela 5' })
    // On a phone too the lead reads as a receipt (audit 14): the instalment's price, what came
    // off, nothing added, the Total; the contract's rows wait behind 'Ver dados do contrato'.
    await expectText(lead.locator('dt:text-is("Total") + dd'), 'R$ 170,90')
    expect(await lead.locator('dt:text-is("Série")').isVisible()).toBe(false)
    await expectText(lead.locator('dt:text-is("Valor") + dd'), 'R$ 189,90')
    await page.getByRole('button', { name: 'Ver dados do contrato' }).click()
    await expectText(lead.locator('dt:text-is("Desconto da parcela") + dd'), '− R$ 19,00')
    await expectText(lead.locator('dt:has-text("Juros, multa e correção") + dd'), 'Nenhum')
    await expectText(lead.locator('dt:text-is("Série") + dd'), 'A')
    expect(await lead.getByText('R$ 0,00').count()).toBe(0)
    // The card's safety line where the card is typed, not beside Pix.
    const secure = page.getByText(/^Pagamento seguro: os dados do cartão/)
    expect(await secure.first().isVisible()).toBe(false)
    await page.getByRole('tab', { name: /^Cartão/ }).click()
    await expectVisible(secure)
    await expectNoAxeViolations(page)
  })

  it('carla’s contract waits for her terms: not ATIVO before she accepts them', async () => {
    await journey.loggedInPage('carla@exemplo.com.br')
    await page.waitForURL(`${server.url}/terms`)
    const contract = page.getByRole('article')
    await expectVisible(contract.getByText('AGUARDANDO ACEITE', { exact: true }))
    expect(await contract.getByText('ATIVO', { exact: true }).count()).toBe(0)
  })

  it('a wrong code takes the "code sent" toast away, and the e-mail can be changed', async () => {
    await page.goto(`${server.url}/login`)
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('bruno@exemplo.com.br')
    await page.getByRole('button', { name: 'Enviar Código' }).click()
    await page.waitForURL(/\/verify-code\?email=/)
    await expectVisible(toast(/você receberá o código/i))
    const { code } = await latestMessage(server.url, 'bruno@exemplo.com.br')
    await page
      .getByLabel('Código de entrada')
      .fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'))
    await expectText(page.getByRole('alert'), 'Código inválido ou expirado.')
    await expect.poll(() => toast(/você receberá o código/i).count()).toBe(0)

    await page.getByRole('link', { name: 'Usar outro e-mail' }).click()
    await page.waitForURL(/\/login/)
    expect(await page.getByRole('textbox', { name: 'E-mail', exact: true }).inputValue()).toBe(
      'bruno@exemplo.com.br',
    )
  })

  it('elisa, with no contract, is told so and whom to ask', async () => {
    await loginThroughScreens(page, server.url, 'elisa@exemplo.com.br')
    await expectVisible(page.getByText('Nenhum contrato ativo foi encontrado para este e-mail.'))
    // No "code sent" toast left beside it, saying the opposite.
    await expect.poll(() => page.locator('[data-sonner-toast]').count()).toBe(0)
    const ask = page.getByRole('link', { name: 'atendimento@exemplo.com.br' })
    await expectVisible(ask)
    expect(await ask.getAttribute('href')).toBe('mailto:atendimento@exemplo.com.br')
    await expectNoAxeViolations(page)
    // A new code would find no contract either: the way on is another e-mail, with an empty field.
    expect(await page.getByRole('button', { name: /^Reenviar código/ }).count()).toBe(0)
    expect(await page.getByLabel('Código de entrada').count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Usar outro e-mail' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Entrar com outro e-mail' }).click()
    await page.waitForURL(/\/login/)
    expect(await page.getByRole('textbox', { name: 'E-mail', exact: true }).inputValue()).toBe('')
  })
})
