import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { beforeEach, expect, it } from 'vitest'
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser'
import { expectVisible } from '../helpers/expect'
import { browserJourney } from '../helpers/journey'
import { pdfText } from '../helpers/pdf'
import type { RunningServer } from '../helpers/server'

/**
 * The holder's data rights (issue 28): the privacy page from /login, for anyone; "Meus dados
 * pessoais" from the profile's menu, where the logged-in holder downloads everything the portal
 * holds about them, as a PDF to read and a JSON for another service.
 */
describeBrowser('privacy and the copy of one’s data', () => {
  const journey = browserJourney({ noServiceWorker: true, device: { acceptDownloads: true } })
  let server: RunningServer
  let page: Page
  beforeEach(() => {
    ;({ server, page } = journey)
  })

  it('the login links to the privacy page, which says what is kept and whom to ask', async () => {
    await page.goto(`${server.url}/login`)
    await page.getByRole('link', { name: 'Privacidade' }).click()
    await page.waitForURL(`${server.url}/privacidade`)
    await expectVisible(page.getByRole('heading', { name: 'Privacidade', level: 1 }))
    for (const heading of ['O que guardamos', 'Para quê', 'Por quanto tempo', 'Seus direitos'])
      await expectVisible(page.getByRole('heading', { name: heading }))
    await expectVisible(page.getByText(/atendimento@exemplo\.com\.br ou WhatsApp \(11\) 4000-0000/))
    // Nobody is logged in: nothing to download here.
    expect(await page.getByRole('button', { name: /^Baixar em/ }).count()).toBe(0)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Voltar' }).click()
    await page.waitForURL(`${server.url}/login`)
  })

  it('ana downloads her data from the profile menu, as PDF and as JSON', async () => {
    await journey.loggedInPage('ana@exemplo.com.br')
    await page.waitForURL(`${server.url}/home`)
    await page.getByRole('button', { name: 'Mais opções' }).click()
    await page.getByRole('menuitem', { name: 'Cópia dos meus dados' }).click()
    await page.waitForURL(`${server.url}/privacidade#meus-dados`)
    const section = page.getByRole('region', { name: 'Cópia dos meus dados' })
    await expectVisible(section)
    await expectNoAxeViolations(page)

    const [pdfFile] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Baixar em PDF' }).click(),
    ])
    expect(pdfFile.suggestedFilename()).toMatch(/^meus-dados-\d{4}-\d{2}-\d{2}\.pdf$/)
    const pdf = readFileSync(await pdfFile.path())
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const text = await pdfText(pdf)
    for (const expected of ['Cópia dos meus dados', 'Ana Paula Souza', 'Plano Família Clube'])
      expect(text).toContain(expected)
    await expectVisible(page.getByText('Seus dados foram baixados.'))

    const [jsonFile] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Baixar em JSON' }).click(),
    ])
    expect(jsonFile.suggestedFilename()).toMatch(/^meus-dados-\d{4}-\d{2}-\d{2}\.json$/)
    const data = JSON.parse(readFileSync(await jsonFile.path(), 'utf8'))
    expect(data.titular).toMatchObject({ nome: 'Ana Paula', cpf: '52998224725' })
    expect(data.contratos[0].dependentes).toHaveLength(2)
  })
})
