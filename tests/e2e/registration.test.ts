import type { Page } from 'playwright-core'
import { beforeEach, expect, it } from 'vitest'
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser'
import { expectText, expectVisible } from '../helpers/expect'
import { browserJourney } from '../helpers/journey'
import { clearField, field as fieldOf, fillDependent } from '../helpers/registration'
import type { RunningServer } from '../helpers/server'

describeBrowser('registration of holder and dependents', () => {
  const journey = browserJourney({
    noServiceWorker: true,
    // Chromium's fake camera: a test pattern stands in for the person.
    browserArgs: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
    device: { permissions: ['camera'] },
  })
  let server: RunningServer
  let page: Page
  beforeEach(() => {
    ;({ server, page } = journey)
  })

  const field = (label: string) => fieldOf(page, label)
  const clear = (label: string) => clearField(page, label)
  const profileValue = (label: string) =>
    page
      .locator('dt', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd[1]')

  async function login(email: string) {
    await journey.loggedInPage(email)
    await page.waitForURL(`${server.url}/home`)
  }

  /** What the server now says about ana's contract, straight from the API. */
  async function anaContract() {
    const token = await page.evaluate(() => localStorage.getItem('authToken'))
    const id = await page.evaluate(() => localStorage.getItem('contractId'))
    const response = await fetch(`${server.url}/socios-api/client/contract/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    return (await response.json()) as {
      dependents: Array<{ person: { first_name: string } }>
      holder: { person: { phone: { number: string } } }
    }
  }

  it('ana edits her phone: toast, back to the profile, new value shown', async () => {
    await login('ana@exemplo.com.br')
    await page.getByRole('link', { name: 'Meus Dados' }).click()
    await page.waitForURL(`${server.url}/holder`)
    await expectVisible(page.getByRole('heading', { name: 'Meu cadastro' }))
    // Fields filled at load are locked for the holder (spec §4).
    expect(await field('Primeiro Nome').getAttribute('readonly')).toBe('')
    expect(await field('CPF').getAttribute('readonly')).toBe('')
    // Read as text, not as a greyed box (audit 12); the field she can change keeps its box.
    const look = (label: string) =>
      field(label).evaluate((input) => {
        const style = getComputedStyle(input)
        return { fill: style.backgroundColor, edge: style.borderTopColor }
      })
    expect(await look('CPF')).toEqual({ fill: 'rgba(0, 0, 0, 0)', edge: 'rgba(0, 0, 0, 0)' })
    expect(await look('Telefone')).not.toEqual(await look('CPF'))
    // Everything required is there: said in words, with no bar to fill (audit 13).
    const complete = page.getByText('Todos os campos obrigatórios preenchidos', { exact: true })
    await expectVisible(complete)
    expect(await page.getByRole('progressbar').count()).toBe(0)
    await expectNoAxeViolations(page)

    await clear('Telefone')
    await expectVisible(page.getByRole('progressbar', { name: 'Falta 1 campo obrigatório' }))
    await field('Telefone').pressSequentially('11955554444')
    await expectVisible(complete)
    expect(await page.getByRole('progressbar').count()).toBe(0)
    await page.getByRole('button', { name: 'Salvar' }).click()
    await expectVisible(page.getByText('Cadastro realizado com sucesso!'))
    await page.waitForURL(`${server.url}/home`)
    await expectText(profileValue('Celular'), '+55 (11) 95555-4444')
    expect((await anaContract()).holder.person.phone.number).toBe('11955554444')
  })

  it('mandatory-field and birth-date messages', async () => {
    await login('ana@exemplo.com.br')
    await page.goto(`${server.url}/holder`)
    await clear('Telefone')
    await page.getByRole('button', { name: 'Salvar' }).click()
    await expectVisible(page.getByText('Preencha o campo obrigatório: Telefone'))
    // At the top, what is left by section, each leading to its first field.
    const summary = page.locator('form').getByText('1 campo precisa de correção.')
    await expectVisible(summary)
    await field('E-mail').focus()
    await page.getByRole('button', { name: 'Contato', exact: true }).click()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(
      await field('Telefone').getAttribute('id'),
    )
    await field('Telefone').pressSequentially('11987654321')
    expect(await summary.count()).toBe(0)
    await clear('Data de Nascimento')
    await field('Data de Nascimento').pressSequentially('3102')
    await expectVisible(page.getByText('Preencha a data corretamente no formato DD/MM/AAAA'))
    await field('Data de Nascimento').pressSequentially('1990')
    await page.getByRole('button', { name: 'Salvar' }).click()
    await expectVisible(
      page.getByText('Preencha a data de nascimento corretamente no formato DD/MM/AAAA!'),
    )
  })

  it('davi’s holder form is read-only while his contract is in review', async () => {
    await login('davi@exemplo.com.br')
    // Said on Perfil already, before the form is opened.
    await expectVisible(page.getByText(/^Cadastro em análise: seus dados podem ser consultados/))
    await page.goto(`${server.url}/holder`)
    await expectVisible(page.getByText(/^Cadastro em análise/))
    // Read-only data reads as text, not as a page of disabled inputs (issue 27).
    const phone = page.getByText('Telefone', { exact: true })
    await expectVisible(phone)
    expect(await phone.locator('xpath=following-sibling::*[1]').textContent()).toMatch(
      /^\(\d{2}\) \d{4,5}-\d{4}$/,
    )
    // Digits read as the field would show them, not as stored.
    await expectVisible(page.getByText('845.120.396-51', { exact: true }))
    expect(await page.getByRole('textbox').count()).toBe(0)
    // Nothing to cancel or save: one way back.
    expect(await page.getByRole('button', { name: /^(Salvar|Cancelar)$/ }).count()).toBe(0)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Voltar', exact: true }).last().click()
    await page.waitForURL(`${server.url}/home`)
  })

  it('davi’s read-only page on a desktop lays contact and address out as the form does', async () => {
    await journey.newDevice({ viewport: { width: 1366, height: 768 } })
    ;({ page } = journey)
    await login('davi@exemplo.com.br')
    await page.goto(`${server.url}/holder`)
    await expectVisible(page.getByText(/^Cadastro em análise/))
    const box = async (label: string) => {
      const found = await page.getByText(label, { exact: true }).locator('..').boundingBox()
      if (!found) throw new Error(`${label} has no box`)
      return found
    }
    // DDI beside Telefone, the number it belongs to, not beside the e-mail (audit).
    const [email, ddi, phone] = [await box('E-mail'), await box('DDI'), await box('Telefone')]
    expect(Math.abs(ddi.y - phone.y)).toBeLessThanOrEqual(1)
    expect(phone.x).toBeGreaterThan(ddi.x + ddi.width - 1)
    expect(ddi.x).toBeGreaterThan(email.x + email.width - 1)
    // The city with its state, as an address is said.
    const [city, state] = [await box('Cidade'), await box('Estado')]
    expect(Math.abs(city.y - state.y)).toBeLessThanOrEqual(1)
  })

  it('ana adds a dependent with a camera photo and a CEP lookup', async () => {
    await login('ana@exemplo.com.br')
    await page.goto(`${server.url}/dependents`)
    await expectVisible(page.getByText('1 de 3 dependentes inclusos'))
    await expectNoAxeViolations(page)
    await page.getByRole('link', { name: 'Novo Dependente' }).click()
    await page.waitForURL(`${server.url}/dependent/new`)
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Novo Dependente' }))
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: 'FOTO' }).click()
    const capture = page.getByRole('button', { name: 'Capturar' })
    await capture.waitFor()
    await page.waitForFunction(
      () =>
        !(
          document.querySelector('[aria-label="Tirar foto"] button:last-child') as HTMLButtonElement
        )?.disabled,
    )
    await capture.click()
    await expectVisible(page.getByRole('img', { name: /^Foto de/ }))

    await fillDependent(page, 'Lia')
    await expect.poll(() => field('Rua').inputValue()).toBe('Avenida Paulista')
    expect(await field('Bairro').inputValue()).toBe('Bela Vista')
    expect(await field('Cidade').inputValue()).toBe('São Paulo')
    // Filled by the lookup: read-only once filled.
    expect(await field('Rua').getAttribute('readonly')).toBe('')

    await page.getByRole('button', { name: 'Salvar' }).click()
    await expectVisible(page.getByText('Cadastro realizado com sucesso!'))
    await page.waitForURL(`${server.url}/dependents`)
    await expectVisible(page.getByRole('heading', { name: 'Lia Souza' }))
    // Who she is to the holder and when she was born, under her name.
    await expectVisible(page.getByText('Filho(a) · Nascimento: 10/05/2015'))
    await expectVisible(page.getByText('2 de 3 dependentes inclusos'))
  })

  it('an existing dependent opens from the eye button, with locked names, CEP errors and documents', async () => {
    await login('ana@exemplo.com.br')
    await page.goto(`${server.url}/dependents`)
    await page.getByRole('link', { name: 'Ver cadastro de Pedro Souza' }).click()
    await page.waitForURL(/\/dependent\/[0-9a-f-]{36}\?dependent=/)
    expect(
      JSON.parse(new URL(page.url()).searchParams.get('dependent') ?? '{}').person.first_name,
    ).toBe('Pedro')
    await expectVisible(page.getByRole('heading', { name: 'Dados do dependente' }))
    // Spec §4: an existing dependent's names are disabled.
    expect(await field('Primeiro Nome').getAttribute('readonly')).toBe('')
    expect(await field('Sobrenome').getAttribute('readonly')).toBe('')
    await expectNoAxeViolations(page)

    // Pedro lives with Ana: his address is hers, in one line, until the box is unticked.
    const same = page.getByRole('checkbox', { name: 'Mesmo endereço do titular' })
    expect(await same.isChecked()).toBe(true)
    expect(await page.getByLabel('CEP', { exact: true }).count()).toBe(0)
    await same.uncheck()
    await field('CEP').pressSequentially('99999999')
    await field('Número do endereço').click()
    await expectText(page.getByRole('alert').filter({ hasText: 'CEP' }), 'CEP não encontrado')

    await page.locator('input[type="file"]').setInputFiles({
      name: 'comprovante-de-residencia-2026.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    })
    // Spec §5: names are cut to 18 characters on small screens.
    await expectVisible(page.getByText('comprovante-de-res…'))
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'foto.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
    await expectVisible(page.getByText(/^Tipo de arquivo não permitido \(foto\.gif\)/))
    await page.getByRole('button', { name: 'Remover comprovante-de-residencia-2026.pdf' }).click()
    await page.getByText('comprovante-de-res…').waitFor({ state: 'detached' })
  })
})
