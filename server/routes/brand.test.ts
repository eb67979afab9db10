/**
 * Another provider's brand (docs/brand-example/brand.json, decision 023) in what the server
 * writes: the login e-mail, the passkey's relying party, the calendar, the member card, both
 * term documents and the holder's copy of their data. Every text the default brand fixes is
 * tested in its own suite; here, that none of it still says "Portal do Titular".
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { adhesionTermPdf } from '../../contract/contracts'
import { pdfText } from '../../tests/helpers/pdf'
import { loadConfig } from '../config'
import { demoEmails, demoIds } from '../demo/seed'
import { backends, bearer, requestCode, settle } from '../testing'
import { useTestServer } from '../testing/hooks'
import { registerOptions } from '../testing/passkeys'

const client = '/socios-api/client'
// What the server reads at start with BRAND_FILE set (and MAIL_FROM not).
const { brand, mailFrom } = loadConfig({ BRAND_FILE: 'docs/brand-example/brand.json' })

describe.each(backends)("another provider's brand in the server's output (%s)", (backend) => {
  const { server, tokens } = useTestServer(backend, {
    logins: ['ana'],
    overrides: { brand, mailFrom },
  })
  const get = (path: string) => server.app.request(`${client}${path}`, bearer(tokens.ana))

  it('names the portal in the login e-mail, its sender and the passkey', async () => {
    expect(server.config.mailFrom).toBe('Sócio Vila Nova <nao-responda@portal.local>')
    await requestCode(server.app, demoEmails.carla, 'email')
    await settle()
    const message = server.sent.find((sent) => sent.to === demoEmails.carla)
    if (message?.channel !== 'email') throw new Error('o código não foi por e-mail')
    expect(message.subject).toBe('Seu código de acesso ao Sócio Vila Nova')
    expect(message.text).toMatch(/^Seu código de acesso ao Sócio Vila Nova é \d{6}\./)
    expect((await registerOptions(server.app, tokens.ana)).rp.name).toBe('Sócio Vila Nova')
  })

  it("draws the member card in the brand's colours, logo and name", async () => {
    const response = await get(`/card-visualize/${demoIds.ana.cards.ana}`)
    const { frontLayout, backLayout } = (await response.json()) as Record<string, string>
    const logo = `data:image/svg+xml;base64,${Buffer.from(brand.logoSvg).toString('base64')}`
    // The card names its provider (whom the gate's staff know), with the brand's logo.
    expect(frontLayout).toContain(`<img src="${logo}" alt="${brand.provider.name}"`)
    expect(frontLayout).toContain(`>${brand.provider.name}<`)
    expect(frontLayout).toContain('linear-gradient(135deg,#0c4a27 0%,#146b3a 48%,#2e8b57 100%)')
    expect(backLayout).toContain(
      'Dúvidas e 2ª via: WhatsApp (31) 3000-0000 · secretaria@vilanova.example',
    )
    expect(`${frontLayout}${backLayout}`).not.toMatch(/Portal do Titular|#0b4fa8/)
  })

  it('names the portal in the calendar and in both term documents', async () => {
    const calendar = await (
      await get(`/contract/payment-orders/${demoIds.ana.contract}/calendar`)
    ).text()
    expect(calendar).toContain('X-WR-CALNAME:Parcelas do Sócio Vila Nova')
    expect(calendar.replace(/\r\n /g, '')).toContain('Pague pelo Sócio Vila Nova')

    const html = await (await get(`/term/contract?id=${demoIds.ana.contract}`)).text()
    expect(html).toContain('registrado no Sócio Vila Nova')
    expect(html).toContain('color: #146b3a')

    const base64 = v.parse(
      adhesionTermPdf,
      await (await get(`/view-contract/${demoIds.ana.contract}`)).text(),
    )
    const pdf = (await pdfText(new Uint8Array(Buffer.from(base64, 'base64')))).replace(/\s+/g, ' ')
    expect(pdf).toContain('aceite dos termos em')
    expect(pdf).toContain('no Sócio Vila Nova.')
    expect(`${calendar}${html}${pdf}`).not.toContain('Portal do Titular')
  })

  it("names the provider and its contact in the holder's copy of their data", async () => {
    const copy = (await (await get('/personal-data')).json()) as {
      sobre: { controlador: unknown }
    }
    expect(copy.sobre.controlador).toEqual({
      nome: 'Associação Atlética Vila Nova',
      contato: { email: 'secretaria@vilanova.example', whatsapp: '(31) 3000-0000' },
    })
  })
})
