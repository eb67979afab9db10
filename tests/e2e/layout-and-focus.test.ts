import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser'
import { animationsSettled } from '../helpers/chromium'
import { appIsLive } from '../helpers/device'
import { expectVisible } from '../helpers/expect'
import { browserJourney } from '../helpers/journey'
import { holdRequests } from '../helpers/network'

const phone = { width: 390, height: 844 }
const desktop = { width: 1366, height: 768 }

/** The screens inside the layout, with their headings. */
const screens = [
  ['/home', 'Perfil'],
  ['/search', 'Pagamentos'],
  ['/favorites', 'Carteirinhas'],
  ['/dependents', 'Seus Dependentes'],
  ['/holder', 'Meu cadastro'],
  ['/general-documents', 'Documentos Gerais'],
  ['/profile', 'Agendamentos'],
] as const

describeBrowser('layout, focus and keyboard everywhere', () => {
  const journey = browserJourney({ noServiceWorker: true, device: false })

  /** A person logged in on a device of that size, on their profile. */
  async function signIn(email: string, viewport: { width: number; height: number }) {
    const { page } = await journey.openDevice({ viewport })
    await journey.loggedInPage(email, { page })
    await page.waitForURL(`${journey.server.url}/home`)
    await expectVisible(page.getByRole('heading', { name: 'Perfil', level: 1 }))
    return page
  }

  async function open(page: Page, path: string, heading: string) {
    await page.goto(`${journey.server.url}${path}`)
    await expectVisible(page.getByRole('heading', { name: heading, level: 1 }))
    // These checks are on the app's own markup, not on the copy of the screen standing in for it.
    await appIsLive(page)
  }

  const activeElement = (page: Page) =>
    page.evaluate(() => {
      const active = document.activeElement
      return {
        tag: active?.tagName.toLowerCase(),
        text: active?.textContent?.trim(),
        role: active?.getAttribute('role'),
      }
    })

  const navigationBox = async (page: Page) => {
    const nav = page.getByRole('navigation', { name: 'Navegação principal' })
    await expectVisible(nav)
    const box = await nav.boundingBox()
    if (!box) throw new Error('navegação sem caixa')
    return box
  }

  const boxOf = async (locator: Locator) => {
    await expectVisible(locator)
    const box = await locator.boundingBox()
    if (!box) throw new Error('elemento sem caixa')
    return box
  }

  describe('on a desktop (1366×768)', () => {
    let page: Page
    beforeAll(async () => {
      page = await signIn('ana@exemplo.com.br', desktop)
    })

    it('stands the pass shortcut as tall as the amount due beside it, its way in level with "Pagar"', async () => {
      await open(page, '/home', 'Perfil')
      const link = page.getByRole('link', { name: /Passe da portaria/ })
      const pass = await boxOf(link)
      const due = page.getByRole('region', { name: '1 parcela vencida' })
      const panel = await boxOf(due)
      const icon = await boxOf(link.locator('svg').first())
      const title = await boxOf(link.getByText('Passe da portaria', { exact: true }))
      const openPass = await boxOf(link.getByText('Abrir passe', { exact: true }))
      const pay = await boxOf(due.getByRole('button').first())
      // Audit 16: one row centred in a 200 px card. The mark over the words, "Abrir passe" at
      // the foot, level with the panel's "Pagar"; the card at least 20rem wide.
      expect(title.y).toBeGreaterThan(icon.y + icon.height)
      expect(openPass.y).toBeGreaterThan(title.y + title.height)
      expect(Math.abs(openPass.y + openPass.height / 2 - (pay.y + pay.height / 2))).toBeLessThan(12)
      expect(Math.abs(pass.height - panel.height)).toBeLessThanOrEqual(1)
      expect(pass.width).toBeGreaterThanOrEqual(320)
    })

    it('puts "Novo Dependente" at the end of the places taken, on its row', async () => {
      await open(page, '/dependents', 'Seus Dependentes')
      const taken = await boxOf(page.getByText('1 de 3 dependentes inclusos'))
      const add = await boxOf(page.getByRole('link', { name: 'Novo Dependente' }))
      const column = await boxOf(page.getByRole('main'))
      expect(add.x).toBeGreaterThan(taken.x + taken.width)
      expect(add.y).toBeLessThan(taken.y + taken.height)
      expect(add.y + add.height).toBeGreaterThan(taken.y)
      expect(column.x + column.width - (add.x + add.width)).toBeLessThan(48)
    })

    it('navigates from a column on the left, with no bar at the bottom', async () => {
      const nav = await navigationBox(page)
      expect(nav.x).toBeLessThan(300)
      // Items one under the other, not side by side.
      const perfil = await page.getByRole('link', { name: 'Perfil' }).boundingBox()
      const pagamentos = await page.getByRole('link', { name: 'Pagamentos' }).boundingBox()
      expect(pagamentos?.x).toBe(perfil?.x)
      expect(pagamentos?.y).toBeGreaterThan((perfil?.y ?? 0) + (perfil?.height ?? 0) - 1)
      expect(nav.y + nav.height).toBeLessThan(desktop.height - 100)
      const main = await page.getByRole('main').boundingBox()
      expect(main?.x).toBeGreaterThan(nav.x + nav.width)
      // The page uses the width: far wider than a phone's column.
      expect(main?.width).toBeGreaterThan(800)
      await page.getByRole('link', { name: 'Pagamentos' }).click()
      await page.waitForURL(`${journey.server.url}/search`)
      expect(
        await page.getByRole('link', { name: 'Pagamentos' }).getAttribute('aria-current'),
      ).toBe('page')
    })

    it("lines the header's content up with the columns under it, not the screen's middle", async () => {
      await open(page, '/home', 'Perfil')
      const main = await boxOf(page.getByRole('main'))
      const nav = await boxOf(page.getByRole('navigation', { name: 'Navegação principal' }))
      const header = page.locator('header')
      // The logo over the navigation; the back arrow's glyph where the page's content starts.
      const logo = await boxOf(header.locator('img').first())
      expect(Math.abs(logo.x - nav.x)).toBeLessThanOrEqual(2)
      const back = await boxOf(header.getByRole('button', { name: 'Voltar' }).locator('svg'))
      expect(Math.abs(back.x - main.x)).toBeLessThanOrEqual(2)
      // The menu's glyph ends where the page ends.
      const menu = await boxOf(header.getByRole('button', { name: 'Menu' }).locator('svg'))
      expect(Math.abs(menu.x + menu.width - (main.x + main.width))).toBeLessThanOrEqual(2)
      // Without the navigation (a payment link opened from the profile) the logo starts where
      // the page does and the back arrow still follows it (audit 11 saw it jump before it).
      await page.getByRole('button', { name: /^Pagar parcela/ }).click()
      await page.waitForURL(/\/pagamento\?code=/)
      // Measured on the app's own screen, once it has taken over the server's rendered one
      // (which it replaces, header and all).
      await appIsLive(page)
      const page2 = await boxOf(page.getByRole('main'))
      const logo2 = await boxOf(header.locator('img').first())
      const back2 = await boxOf(header.getByRole('button', { name: 'Voltar' }).locator('svg'))
      expect(Math.abs(logo2.x - page2.x)).toBeLessThanOrEqual(2)
      expect(back2.x).toBeGreaterThan(logo2.x + logo2.width)
      // A page of one column in the screen's middle (Trocar Cartão): the logo starts where
      // that column does, not 200 px to its left (audit 12).
      await page.goto(`${journey.server.url}/pagamento?code=TROCA-CARTAO-ANA`)
      await appIsLive(page)
      const title = await boxOf(page.getByRole('heading', { name: 'Trocar Cartão', level: 1 }))
      const logo3 = await boxOf(header.locator('img').first())
      expect(Math.abs(logo3.x - title.x)).toBeLessThanOrEqual(2)
    })

    it('reads the profile card in two full columns: the person under the photo, then the contract', async () => {
      await open(page, '/home', 'Perfil')
      const card = page.getByRole('region', { name: 'Dados do contrato' })
      const term = (name: string) => boxOf(card.getByText(name, { exact: true }))
      const name = await boxOf(card.getByText('Ana Paula Souza'))
      const [cpf, celular, email, contrato, vencimento] = await Promise.all(
        ['CPF', 'Celular', 'Email', 'Contrato', 'Data Vencimento'].map(term),
      )
      // The person's data reads down under the photo and the name, with no hole under them…
      for (const field of [cpf, celular, email]) {
        expect(field?.x).toBeLessThan(name.x + name.width)
        expect(field?.y).toBeGreaterThan(name.y)
      }
      expect(celular?.x).toBeCloseTo(cpf?.x ?? 0, 0)
      expect(email?.x).toBeCloseTo(cpf?.x ?? 0, 0)
      // …then the contract, in its own column, with its actions under its fields.
      expect(contrato?.x).toBeGreaterThan((email?.x ?? 0) + 200)
      // Dependentes and Meus Dados are the rows of one list (audit 11): the list's box.
      const dependentes = await boxOf(
        card.getByRole('link', { name: 'Dependentes' }).locator('xpath=..'),
      )
      expect(dependentes.x).toBeCloseTo(contrato?.x ?? 0, 0)
      expect(dependentes.y).toBeGreaterThan((vencimento?.y ?? 0) + (vencimento?.height ?? 0))
    })

    it('gives a lone card the width of the page, or the centred column, not half of it beside a void', async () => {
      await open(page, '/dependents', 'Seus Dependentes')
      const main = await boxOf(page.getByRole('main'))
      const pedro = await boxOf(page.getByRole('listitem').filter({ hasText: 'Pedro Souza' }))
      expect(pedro.width).toBeGreaterThan(main.width * 0.95)
      // A link that cannot be paid: one card in the middle, its way out as wide as its words.
      await page.goto(`${journey.server.url}/pagamento?code=NAO-EXISTE`)
      const heading = page.getByRole('heading', { name: 'Este link não pode ser pago' })
      await expectVisible(heading)
      await appIsLive(page)
      const card = await boxOf(heading.locator('xpath=..'))
      const column = await boxOf(page.getByRole('main'))
      const left = card.x - column.x
      const right = column.x + column.width - (card.x + card.width)
      expect(Math.abs(left - right)).toBeLessThanOrEqual(2)
      expect(card.width).toBeLessThan(column.width * 0.7)
      const way = await boxOf(page.getByRole('link', { name: 'Ir para Pagamentos' }))
      expect(way.width).toBeLessThan(card.width / 2)
    })

    it('centres the bar of ticked instalments on the list it acts on; the action under it is as wide as its words', async () => {
      await open(page, '/search', 'Pagamentos')
      await page.getByRole('checkbox', { name: 'Selecionar parcela 5' }).check()
      const bar = await boxOf(page.getByRole('region', { name: 'Parcelas selecionadas' }))
      const main = await boxOf(page.getByRole('main'))
      expect(Math.abs(bar.x + bar.width / 2 - (main.x + main.width / 2))).toBeLessThanOrEqual(2)
      await page.getByRole('checkbox', { name: 'Selecionar parcela 5' }).uncheck()
      // Under the table, Pix Automático's action is as wide as its words, not the page's width.
      const ativar = await boxOf(page.getByRole('button', { name: 'Ativar Pix Automático' }))
      expect(ativar.width).toBeLessThan(main.width / 2)
      expect(Math.abs(ativar.x - (main.x + 16))).toBeLessThanOrEqual(2)
    })

    it('reads the instalments as a table: each description on one line, the receipt in the action column', async () => {
      await open(page, '/search', 'Pagamentos')
      const lineOf = async (locator: Locator) => {
        const { height } = await boxOf(locator)
        const line = await locator.evaluate((element) =>
          Number.parseFloat(getComputedStyle(element).lineHeight),
        )
        return height / line
      }
      // Where a cell's first line of text sits: its top plus the font's ascent, measured by the
      // browser on an empty inline box put before the text.
      const baselineOf = (locator: Locator) =>
        locator.evaluate((element) => {
          const probe = document.createElement('span')
          probe.style.display = 'inline-block'
          element.prepend(probe)
          const { bottom } = probe.getBoundingClientRect()
          probe.remove()
          return bottom
        })
      const rowOf = (number: number) =>
        page.getByRole('listitem').filter({ hasText: `Parcela ${number}` })
      // Audit 12: the number's column was 136 px, and every description took two lines; audit
      // 13: the overdue one still did. Each row Todos shows: overdue, the next three, a paid one.
      for (const number of [4, 5, 6, 7, 3]) {
        const description = rowOf(number).getByText(/^Mensalidade/)
        const { height } = await boxOf(description)
        const lineHeight = await description.evaluate((element) =>
          Number.parseFloat(getComputedStyle(element).lineHeight),
        )
        expect(height, `parcela ${number}`).toBeLessThan(lineHeight * 1.5)
      }
      // Audit 16: the column's name on one line, and each row's first line on one baseline:
      // the number, its status (in its own column beside it), the due date, the amount.
      const late = page.getByText('Dias Atrasados', { exact: true }).first()
      expect(await lineOf(late)).toBeLessThan(1.5)
      for (const number of [4, 5, 3]) {
        const row = rowOf(number)
        const baselines = await Promise.all(
          [
            row.getByRole('heading', { name: `Parcela ${number}` }),
            row.getByText(/^(VENCIDO|A PAGAR|PAGO)$/),
            row.getByText(/^\d{2}\/\d{2}\/\d{4}$/).first(),
            row.locator('strong'),
          ].map((cell) => baselineOf(cell)),
        )
        for (const baseline of baselines)
          expect(Math.abs(baseline - (baselines[0] ?? 0)), `parcela ${number}`).toBeLessThan(1.5)
      }
      const [number, status, date] = await Promise.all([
        boxOf(rowOf(5).getByRole('heading', { name: 'Parcela 5' })),
        boxOf(rowOf(5).getByText('A PAGAR', { exact: true })),
        boxOf(
          rowOf(5)
            .getByText(/^\d{2}\/\d{2}\/\d{4}$/)
            .first(),
        ),
      ])
      expect(status.x).toBeGreaterThan(number.x + number.width)
      expect(date.x).toBeGreaterThan(status.x + status.width)
      // In the Valor column the amount leads and its caption follows, as on a phone.
      const below = async (number: number, caption: string) => {
        const row = rowOf(number)
        // The row's first amount: what it costs (today, when overdue), before the spec's price.
        const amount = await boxOf(row.getByText(/^R\$\s[\d.]+,\d{2}$/).first())
        const under = await boxOf(row.getByText(caption, { exact: true }))
        expect(under.y, `${caption} (parcela ${number})`).toBeGreaterThanOrEqual(
          amount.y + amount.height - 1,
        )
      }
      await below(3, 'Valor Pago')
      // A discount under its price: the price before it struck through, then 'Com desconto',
      // on one line (design audit: "R$ 170,90 Com desconto" said nothing of what it was).
      const note = rowOf(5).getByText(/R\$ 189,90 · Com desconto$/)
      await below(5, 'R$ 189,90')
      expect(await rowOf(5).locator('s').textContent()).toBe('R$ 189,90')
      expect(await lineOf(note)).toBeLessThan(1.5)
      // The overdue one: what it costs today, then the spec's price plus today's fine and
      // interest, then the spec's label; three lines in all, each under the other, the
      // breakdown on one line and clear of the status beside the amount.
      const overdue = rowOf(4)
      const today = await boxOf(overdue.locator('strong'))
      const breakdown = overdue.getByText('R$ 189,90 + R$ 4,43 de multa e juros', { exact: true })
      const label = overdue.getByText('Sujeito a acréscimos', { exact: true })
      const [plus, subject] = [await boxOf(breakdown), await boxOf(label)]
      expect(plus.y).toBeGreaterThanOrEqual(today.y + today.height - 1)
      expect(subject.y).toBeGreaterThanOrEqual(plus.y + plus.height - 1)
      expect(await lineOf(breakdown)).toBeLessThan(1.5)
      expect(await lineOf(label)).toBeLessThan(1.5)
      // Two lines under the amount (the second line the description's height), not a third.
      expect(subject.y + subject.height - today.y).toBeLessThan(today.height + 3 * plus.height)
      const chip = await boxOf(overdue.getByText('VENCIDO', { exact: true }))
      expect(plus.y).toBeGreaterThanOrEqual(chip.y + chip.height - 1)
      expect(await overdue.getByText('Com multa e juros').count()).toBe(0)
      // A paid row's "Comprovante" sits over its "Pago", where the others have "Pagar".
      const paid = rowOf(3)
      const receipt = await boxOf(paid.getByRole('button', { name: 'Comprovante da parcela 3' }))
      const done = await boxOf(paid.getByRole('button', { name: 'Pago (parcela 3)' }))
      const pay = await boxOf(rowOf(5).getByRole('button', { name: 'Pagar parcela 5' }))
      expect(Math.abs(receipt.x + receipt.width - (pay.x + pay.width))).toBeLessThanOrEqual(2)
      expect(done.y).toBeGreaterThanOrEqual(receipt.y + receipt.height - 1)
    })

    it('keeps every action of the table inside it on a narrow desktop (1,024 px)', async () => {
      await open(page, '/search', 'Pagamentos')
      await page.setViewportSize({ width: 1024, height: 768 })
      try {
        // Before: the action column ran 40 px past the rows and cut "Pagar" and "Comprovante".
        // The rows' surface clips what runs past it: each button ends inside the table.
        const table = await boxOf(page.getByRole('tabpanel'))
        const buttons = await page
          .getByRole('tabpanel')
          .getByRole('listitem')
          .getByRole('button')
          .all()
        expect(buttons.length).toBeGreaterThan(0)
        for (const button of buttons) {
          const { x, width } = await boxOf(button)
          expect(x + width, (await button.getAttribute('aria-label')) ?? '').toBeLessThanOrEqual(
            table.x + table.width,
          )
        }
      } finally {
        await page.setViewportSize(desktop)
      }
    })

    it('sizes the address and contact fields to what they take; the phone keeps a field a row', async () => {
      await open(page, '/holder', 'Meu cadastro')
      const width = async (label: string) =>
        (await boxOf(page.getByLabel(label, { exact: true }))).width
      const [estado = 0, rua = 0, cep = 0, ddi = 0, email = 0] = await Promise.all(
        ['Estado', 'Rua', 'CEP', 'DDI', 'E-mail'].map(width),
      )
      expect(estado).toBeLessThan(rua / 3)
      expect(cep).toBeLessThan(rua / 2)
      expect(ddi).toBeLessThan(email / 2)
      // CEP and Rua share a row, as do Cidade, Estado and País.
      const row = async (label: string) => (await boxOf(page.getByLabel(label, { exact: true }))).y
      expect(await row('Rua')).toBeCloseTo(await row('CEP'), 0)
      expect(await row('Estado')).toBeCloseTo(await row('Cidade'), 0)
      expect(await row('País')).toBeCloseTo(await row('Cidade'), 0)
    })

    it("keeps a row's fields on one line when a neighbour shows its error", async () => {
      await open(page, '/dependent/new', 'Novo Dependente')
      await page.getByRole('button', { name: 'Salvar' }).click()
      await expectVisible(page.locator('[aria-invalid="true"]').first())
      const field = (label: string) => boxOf(page.getByLabel(label, { exact: true }))
      const email = await field('E-mail')
      const ddi = await field('DDI')
      const telefone = await field('Telefone')
      // DDI has a value and no error; E-mail and Telefone have theirs under them.
      expect(ddi.y).toBeCloseTo(email.y, 0)
      expect(ddi.height).toBeCloseTo(email.height, 0)
      expect(telefone.y).toBeCloseTo(email.y, 0)
    })

    it("keeps the pass's card in one place when it turns, with its buttons right under it", async () => {
      await open(page, '/favorites', 'Carteirinhas')
      await page.getByRole('button', { name: 'Visualizar carteirinha de Ana Paula Souza' }).click()
      const dialog = page.getByRole('dialog', { name: 'Carteirinha de Ana Paula Souza' })
      await animationsSettled(page)
      const front = await boxOf(dialog.getByRole('region', { name: 'Frente da carteirinha' }))
      const verso = await boxOf(dialog.getByRole('button', { name: 'Ver Verso' }))
      expect(verso.y - (front.y + front.height)).toBeLessThan(80)
      await dialog.getByRole('button', { name: 'Ver Verso' }).click()
      await expectVisible(dialog.getByRole('button', { name: 'Ver Frente' }))
      await animationsSettled(page)
      const back = await boxOf(dialog.getByRole('region', { name: 'Verso da carteirinha' }))
      for (const side of ['x', 'y', 'width', 'height'] as const)
        expect(Math.abs(back[side] - front[side])).toBeLessThanOrEqual(1)
      // The pass stays beside the card on both sides: the gate reads it whichever side shows,
      // its QR nearly the card's height (audit 12 saw 240 px beside a 350 px card).
      const qr = await boxOf(
        dialog.getByRole('img', { name: 'QR Code do passe da portaria de Ana Paula Souza' }),
      )
      expect(qr.x).toBeGreaterThan(back.x + back.width)
      expect(qr.height).toBeGreaterThan(back.height * 0.85)
      await dialog.getByRole('button', { name: 'Fechar' }).click()
      await dialog.waitFor({ state: 'detached' })
    })

    it.each(screens)('%s passes axe at desktop width', async (path, heading) => {
      await open(page, path, heading)
      await expectNoAxeViolations(page)
    })
  })

  describe('on a phone (390×844)', () => {
    let page: Page
    beforeAll(async () => {
      page = await signIn('ana@exemplo.com.br', phone)
    })

    it('navigates from a bar along the bottom', async () => {
      await open(page, '/home', 'Perfil')
      const nav = await navigationBox(page)
      expect(nav.width).toBe(phone.width)
      expect(Math.round(nav.y + nav.height)).toBe(phone.height)
    })

    it("draws the list's small controls at 24 px or more, and takes a tap beside them", async () => {
      await open(page, '/search', 'Pagamentos')
      // Audit 16: 22 px boxes and a 26 px "Comprovante" on a phone.
      const box = page.getByRole('checkbox', { name: 'Selecionar parcela 6' })
      // In the middle of the screen: not under the navigation's bar.
      await box.evaluate((element) => element.scrollIntoView({ block: 'center' }))
      const drawn = await boxOf(box)
      expect(drawn.width).toBeGreaterThanOrEqual(24)
      const receipt = await boxOf(page.getByRole('button', { name: 'Comprovante da parcela 3' }))
      expect(receipt.height).toBeGreaterThanOrEqual(32)
      // A thumb 8 px off the box still ticks it, and again unticks it.
      await page.mouse.click(drawn.x - 8, drawn.y + drawn.height + 6)
      await expect.poll(() => box.isChecked()).toBe(true)
      await page.mouse.click(drawn.x + drawn.width + 8, drawn.y - 6)
      await expect.poll(() => box.isChecked()).toBe(false)
    })

    it.each(screens)('%s never scrolls sideways', async (path, heading) => {
      await open(page, path, heading)
      // Avatars and photos from the device may still be arriving: judge the settled screen.
      await page.waitForLoadState('networkidle')
      const overflow = await page.evaluate(() => {
        const root = document.documentElement
        const wider = [...document.querySelectorAll<HTMLElement>('main *')]
          .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5)
          .map((element) => element.outerHTML.slice(0, 120))
        return { scroll: root.scrollWidth, client: root.clientWidth, wider: wider.slice(0, 3) }
      })
      expect(overflow.wider).toEqual([])
      expect(overflow.scroll).toBeLessThanOrEqual(overflow.client)
    })

    it('reads a paid card as the others: its receipt a button with its icon, apart from "Pago"', async () => {
      await open(page, '/search', 'Pagamentos')
      const paid = page.getByRole('listitem').filter({ hasText: 'Parcela 3' })
      const unpaid = page.getByRole('listitem').filter({ hasText: 'Parcela 5' })
      // Audit 13: a 13 px "Comprovante" link 5 px from "Pago" read as "Comprovante Pago".
      const receiptButton = paid.getByRole('button', { name: 'Comprovante da parcela 3' })
      const receipt = await boxOf(receiptButton)
      const done = await boxOf(paid.getByRole('button', { name: 'Pago (parcela 3)' }))
      const look = await receiptButton.evaluate((button) => {
        const style = getComputedStyle(button)
        const icon = button.querySelector('svg')
        return {
          border: `${style.borderTopStyle} ${style.borderTopWidth}`,
          icon: icon?.getBoundingClientRect().width ?? 0,
          iconHidden: icon?.getAttribute('aria-hidden'),
        }
      })
      expect(look).toEqual({ border: 'solid 1px', icon: 16, iconHidden: 'true' })
      const apart =
        done.y >= receipt.y + receipt.height + 1 ||
        receipt.y >= done.y + done.height + 1 ||
        done.x >= receipt.x + receipt.width + 1 ||
        receipt.x >= done.x + done.width + 1
      expect(apart).toBe(true)
      // The spec's cut of the description ("…Club...") reads whole, not cut again by the card.
      const description = paid.getByText(/^Mensalidade/)
      expect(await description.textContent()).toBe('Mensalidade Plano Família Club...')
      expect(
        await description.evaluate((element) => element.scrollWidth <= element.clientWidth),
      ).toBe(true)
      // No taller than a card to pay.
      const [paidCard, unpaidCard] = [await boxOf(paid), await boxOf(unpaid)]
      expect(paidCard.height).toBeLessThanOrEqual(unpaidCard.height + 1)
    })

    it('keeps the address one field a row (its pairs aside), as wide as the screen allows', async () => {
      await open(page, '/holder', 'Meu cadastro')
      const box = async (label: string) => {
        const field = page.getByLabel(label, { exact: true })
        await field.scrollIntoViewIfNeeded()
        const found = await field.boundingBox()
        if (!found) throw new Error(`${label} sem caixa`)
        return found
      }
      const [cep, rua, bairro] = await Promise.all(['CEP', 'Rua', 'Bairro'].map(box))
      expect(rua?.width).toBeCloseTo(cep?.width ?? 0, 0)
      expect(bairro?.width).toBeCloseTo(cep?.width ?? 0, 0)
      expect(rua?.y).toBeGreaterThan((cep?.y ?? 0) + (cep?.height ?? 0))
      expect(rua?.width).toBeGreaterThan(phone.width - 100)
    })

    it('shows links styled as buttons without an underline', async () => {
      const decoration = (name: string) =>
        page
          .getByRole('link', { name, exact: true })
          .evaluate((link) => getComputedStyle(link).textDecorationLine)
      await open(page, '/home', 'Perfil')
      expect(await decoration('Dependentes')).toBe('none')
      expect(await decoration('Meus Dados')).toBe('none')
      await open(page, '/dependents', 'Seus Dependentes')
      expect(await decoration('Novo Dependente')).toBe('none')
    })

    it("shows a form's messages above its Salvar bar, never over the button", async () => {
      await open(page, '/dependent/new', 'Novo Dependente')
      const salvar = page.getByRole('button', { name: 'Salvar' })
      await salvar.click()
      // The form's toast is up and has slid into its place: it ends above the bar holding Salvar,
      // and a tap on Salvar's middle reaches the button.
      const place = await page.waitForFunction(
        () => {
          const toast = document.querySelector<HTMLElement>(
            '[data-sonner-toast][data-mounted="true"]',
          )
          const button = [...document.querySelectorAll('button')].find(
            (candidate) => candidate.textContent?.trim() === 'Salvar',
          )
          if (!toast || toast.getAnimations().length > 0 || !button) return null
          const { x, y, width, height } = button.getBoundingClientRect()
          const hit = document.elementFromPoint(x + width / 2, y + height / 2)
          return {
            toastEnd: toast.getBoundingClientRect().bottom,
            buttonTop: y,
            buttonReached: hit !== null && button.contains(hit),
          }
        },
        undefined,
        { timeout: 10_000 },
      )
      const { toastEnd, buttonTop, buttonReached } = (await place.jsonValue()) ?? {}
      expect(toastEnd).toBeLessThanOrEqual(buttonTop ?? 0)
      expect(buttonReached).toBe(true)
    })

    it('moves the focus to the new heading after a navigation, not on the first load', async () => {
      await open(page, '/home', 'Perfil')
      expect((await activeElement(page)).tag).toBe('body')

      const focusedHeading = async (text: string) => {
        await page.waitForFunction(
          (expected) =>
            document.activeElement?.tagName === 'H1' &&
            document.activeElement.textContent?.trim() === expected,
          text,
          { timeout: 10_000 },
        )
      }
      await page.getByRole('link', { name: 'Pagamentos' }).click()
      await focusedHeading('Pagamentos')
      await page.getByRole('link', { name: 'Perfil' }).click()
      await focusedHeading('Perfil')
      await page.getByRole('link', { name: 'Dependentes', exact: true }).click()
      await focusedHeading('Seus Dependentes')
      // The keyboard gets there too, and Tab goes on from the heading, not from the top.
      await page.keyboard.press('Tab')
      expect((await activeElement(page)).text).toBe('Novo Dependente')
    })

    it('works the overflow menu with the keyboard (WAI-ARIA menu button)', async () => {
      await open(page, '/home', 'Perfil')
      const button = page.getByRole('button', { name: 'Mais opções' })
      const menu = page.getByRole('menu', { name: 'Mais opções' })
      const focused = async () => (await activeElement(page)).text

      await button.focus()
      await page.keyboard.press('Enter')
      await expectVisible(menu)
      expect(await button.getAttribute('aria-expanded')).toBe('true')
      expect(await focused()).toBe('Baixar Contrato')
      await page.keyboard.press('ArrowDown')
      expect(await focused()).toBe('Documentos Gerais')
      await page.keyboard.press('End')
      expect(await focused()).toBe('Convite')
      await page.keyboard.press('ArrowDown')
      expect(await focused()).toBe('Baixar Contrato')
      await page.keyboard.press('ArrowUp')
      expect(await focused()).toBe('Convite')
      await page.keyboard.press('Home')
      expect(await focused()).toBe('Baixar Contrato')
      await page.keyboard.press('Escape')
      expect(await menu.count()).toBe(0)
      expect(await focused()).toBe('Mais')
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true)

      await page.keyboard.press('ArrowUp')
      await expectVisible(menu)
      expect(await focused()).toBe('Convite')
      await page.keyboard.press('Tab')
      expect(await menu.count()).toBe(0)
      expect(await button.getAttribute('aria-expanded')).toBe('false')

      await button.click()
      await expectVisible(menu)
      await page.getByRole('heading', { name: 'Perfil', level: 1 }).click()
      expect(await menu.count()).toBe(0)

      // The header's menu ('Suas passkeys', 'Sair') behaves the same way.
      const header = page.getByRole('button', { name: 'Menu', exact: true })
      await header.focus()
      await page.keyboard.press('ArrowDown')
      expect(await focused()).toBe('Suas passkeys')
      await page.keyboard.press('Escape')
      expect(await header.evaluate((element) => element === document.activeElement)).toBe(true)
    })

    it('works the scheduling tabs with the keyboard (WAI-ARIA tabs)', async () => {
      await open(page, '/profile', 'Agendamentos')
      const selected = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('[role="tab"]')].map(
            (tab) =>
              `${tab.textContent}:${tab.getAttribute('aria-selected')}:${tab.getAttribute('tabindex')}`,
          ),
        )
      const focusedTab = async () => (await activeElement(page)).text
      await page.getByRole('tab', { name: 'Agendados' }).focus()
      await page.keyboard.press('ArrowRight')
      expect(await focusedTab()).toBe('Cancelados')
      expect(await selected()).toEqual([
        'Agendados:false:-1',
        'Cancelados:true:0',
        'Agendar:false:-1',
      ])
      await expectVisible(page.getByText('Salão de festas'))
      await page.keyboard.press('End')
      expect(await focusedTab()).toBe('Agendar')
      await page.keyboard.press('ArrowRight')
      expect(await focusedTab()).toBe('Agendados')
      await page.keyboard.press('ArrowLeft')
      expect(await focusedTab()).toBe('Agendar')
      await page.keyboard.press('Home')
      expect(await focusedTab()).toBe('Agendados')
      expect(await selected()).toEqual([
        'Agendados:true:0',
        'Cancelados:false:-1',
        'Agendar:false:-1',
      ])
      // One stop in the Tab order for the whole tab list.
      await page.keyboard.press('Tab')
      expect((await activeElement(page)).role).not.toBe('tab')
    })

    it('draws the text in the web font, Inter', async () => {
      await open(page, '/home', 'Perfil')
      const font = await page.evaluate(async () => {
        await document.fonts.ready
        return {
          family: getComputedStyle(document.body).fontFamily,
          loaded: [...document.fonts]
            .filter((face) => face.status === 'loaded')
            .map((face) => face.family.replace(/"/g, '')),
          check: document.fonts.check('600 16px "Inter Variable"', 'Perfil'),
        }
      })
      expect(font.family).toMatch(/^"?Inter Variable"?,/)
      expect(font.loaded).toContain('Inter Variable')
      expect(font.check).toBe(true)
    })
  })

  it('says so when a contract has no dependents yet', async () => {
    const { page } = await journey.openDevice({ viewport: phone })
    // His first visit: the instalments' first answer (asked by the profile) is held meanwhile.
    const release = await holdRequests(page, '**/client/contract/payment-orders/**')
    await journey.loggedInPage('davi@exemplo.com.br', { page })
    await page.waitForURL(`${journey.server.url}/home`)
    await expectVisible(page.getByRole('heading', { name: 'Perfil', level: 1 }))
    await expectVisible(page.getByRole('region', { name: 'Parcelas' }))
    await page.getByRole('link', { name: 'Dependentes', exact: true }).click()
    await expectVisible(page.getByRole('heading', { name: 'Seus Dependentes', level: 1 }))
    await expectVisible(page.getByText('Nenhum dependente cadastrado neste contrato.'))
    await expectVisible(page.getByText('0 de 2 dependentes inclusos'))
    await expectNoAxeViolations(page)

    // Placeholders on the payments until that first answer, then the list.
    await page.getByRole('link', { name: 'Pagamentos' }).click()
    await expectVisible(page.getByRole('heading', { name: 'Pagamentos', level: 1 }))
    const skeleton = page.locator('[data-skeleton]')
    await skeleton.first().waitFor({ state: 'attached', timeout: 10_000 })
    expect(await skeleton.getByText('Carregando parcelas…').count()).toBe(1)
    release()
    await skeleton.first().waitFor({ state: 'detached', timeout: 10_000 })
  })

  it('keeps "Nenhuma parcela" and the pass short side by side on a desktop', async () => {
    const { page } = await journey.openDevice({ viewport: desktop })
    await journey.loggedInPage('davi@exemplo.com.br', { page })
    await page.waitForURL(`${journey.server.url}/home`)
    const none = page.getByRole('region', { name: 'Nenhuma parcela' })
    await expectVisible(none)
    // Audit 12: two lines in a card as tall as the pass beside it stood (190 px).
    const box = await none.boundingBox()
    const pass = await page.getByRole('link', { name: /Passe da portaria/ }).boundingBox()
    if (!box || !pass) throw new Error('o painel ou o passe sem caixa')
    expect(box.height).toBeLessThan(120)
    expect(pass.x).toBeGreaterThan(box.x + box.width)
    // As a row it ends in a chevron, a way in as the profile's others (audit 14).
    const chevron = await page
      .getByRole('link', { name: /Passe da portaria/ })
      .locator('svg')
      .last()
      .boundingBox()
    expect(chevron && chevron.x + chevron.width).toBeGreaterThan(pass.x + pass.width - 48)
    await expectNoAxeViolations(page)
  })

  it('says so when a contract model has no documents', async () => {
    const { page } = await journey.openDevice({ viewport: desktop })
    await journey.loggedInPage('bruno@exemplo.com.br', { page })
    await page.waitForURL(`${journey.server.url}/selected-contract`)
    await page
      .getByRole('button', { name: 'Selecionar Contrato Passaporte Parque Aquático' })
      .click()
    await expectVisible(page.getByRole('heading', { name: 'Perfil', level: 1 }))
    await page.getByRole('button', { name: 'Mais opções' }).click()
    await page.getByRole('menuitem', { name: 'Documentos Gerais' }).click()
    await expectVisible(page.getByText('Nenhum documento disponível para este contrato.'))
    await expectNoAxeViolations(page)
  })

  it('opens the terms as a styled, readable document', async () => {
    const { context, page } = await journey.openDevice({ viewport: phone })
    await journey.loggedInPage('carla@exemplo.com.br', { page })
    await page.waitForURL(`${journey.server.url}/terms`)
    const [term] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Visualizar Termos de Compra' }).click(),
    ])
    await term.waitForURL(/^blob:/)
    await term.waitForLoadState()
    const look = await term.evaluate(async () => {
      await document.fonts.ready
      const heading = document.querySelector('h1')
      return {
        font: getComputedStyle(document.body).fontFamily,
        heading: heading ? getComputedStyle(heading).color : '',
        column: getComputedStyle(document.querySelector('main') ?? document.body).maxWidth,
        scripts: document.querySelectorAll('script').length,
      }
    })
    expect(look.font).toMatch(/^"?Inter Variable"?,/)
    expect(look.heading).toBe('rgb(11, 79, 168)')
    expect(look.column).not.toBe('none')
    expect(look.scripts).toBe(0)
    await term.close()
  })
})
