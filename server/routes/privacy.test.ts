/**
 * "Cópia dos meus dados" (LGPD art. 18; issue 28): the logged-in holder downloads everything the
 * portal holds about them and their contracts' dependents (their Pix Automático authorizations
 * too), as JSON and as PDF; nobody else's, whatever the request names; limited per day; refused
 * without a session.
 */
import { describe, expect, it } from 'vitest'
import { pdfText } from '../../tests/helpers/pdf'
import { demoEmails, demoIds } from '../demo/seed'
import { backends, bearer } from '../testing'
import { useTestServer } from '../testing/hooks'
import { personalDataLimit, privacyMessages } from './privacy'

const path = '/socios-api/client/personal-data'

describe.each(backends)('GET /client/personal-data (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, {
    logins: ['ana', 'bruno'],
    resetEachTest: true,
  })

  const download = (token: string, suffix = '') =>
    server.app.request(`${path}${suffix}`, bearer(token))

  it("gives Ana everything the portal holds about her and her contract's dependents", async () => {
    const response = await download(tokens.ana)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="meus-dados-\d{4}-\d{2}-\d{2}\.json"$/,
    )
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    // biome-ignore lint/suspicious/noExplicitAny: the test reads the document as a person would
    const data: any = await response.json()
    expect(data.titular).toMatchObject({
      nome: 'Ana Paula',
      email: demoEmails.ana,
      cpf: '52998224725',
    })
    expect(data.titular.foto).toEqual(expect.any(String))
    const [contract] = data.contratos
    expect(contract.plano).toBe('Plano Família Clube')
    expect(
      contract.dependentes.map((dependent: { nome: string }) => dependent.nome).sort(),
    ).toEqual(['Maria', 'Pedro'])
    expect(contract.dependentes[0].cpf).toMatch(/^\d{11}$/)
    expect(contract.parcelas).toHaveLength(12)
    expect(
      contract.parcelas.filter((row: { situacao: string }) => row.situacao === 'PAID'),
    ).toHaveLength(3)
    expect(data.consentimentos).toEqual([
      expect.objectContaining({ documento: 'Termo de adesão — Plano Família Clube', aceito: true }),
    ])
    expect(data.lembretes).toMatchObject({ por_email: true, por_whatsapp: true })
    // The session this request came with is among her sessions, active.
    expect(data.sessoes.some((session: { ativa: boolean }) => session.ativa)).toBe(true)
    // No secret that is not hers to read: passkeys' keys, tokens, login codes.
    const text = JSON.stringify(data)
    expect(text).not.toMatch(/public_?key|credential|token|codigo_de_acesso/i)
  })

  it('includes her Pix Automático authorizations: state, who cancelled, amount, dates, receiver', async () => {
    const pixAutomatico = `/socios-api/client/contract/${demoIds.ana.contract}/pix-automatico`
    const enrolled = await server.app.request(pixAutomatico, {
      method: 'POST',
      ...bearer(tokens.ana),
    })
    expect(enrolled.status).toBe(201)
    const view = (await enrolled.json()) as {
      idRec: string
      firstDate: string
      lastDate: string
      receiver: { name: string; cnpj: string }
    }
    const approved = await server.app.request(`/sandbox/pix/rec/${view.idRec}/approve`, {
      method: 'POST',
    })
    expect(approved.status).toBe(200)
    const cancelled = await server.app.request(pixAutomatico, {
      method: 'DELETE',
      ...bearer(tokens.ana),
    })
    expect(cancelled.status).toBe(200)

    // biome-ignore lint/suspicious/noExplicitAny: the test reads the document as a person would
    const data: any = await (await download(tokens.ana)).json()
    // The account her club gave for Pix Automático's requests is hers too.
    expect(data.titular.conta_bancaria).toEqual({
      banco_ispb: '60701190',
      banco: 'Itaú',
      agencia: '1234',
      conta: '567890',
    })
    expect(data.contratos[0].debito_automatico_pix).toEqual([
      {
        id_rec: view.idRec,
        situacao: 'CANCELADA',
        valor: null,
        valor_maximo: 189.9,
        frequencia: 'MENSAL',
        primeira_cobranca: view.firstDate,
        ultima_cobranca: view.lastDate,
        recebedor: { nome: view.receiver.name, cnpj: view.receiver.cnpj },
        cancelado_por: 'USUARIO_RECEBEDOR',
        motivo: expect.stringMatching(/^SLCR: /),
        // Asked by a QR (journey 3), not sent to her bank.
        pedido_ao_banco: null,
        pedido_em: expect.any(String),
        atualizado_em: expect.any(String),
      },
    ])
    const pdf = await pdfText(
      Uint8Array.from(Buffer.from(await (await download(tokens.ana, '/pdf')).text(), 'base64')),
    )
    expect(pdf).toContain('Débito automático via Pix')
    expect(pdf).toContain(view.idRec)
    expect(pdf).toContain('Conta para o débito automático via Pix')
    // Bruno's copy has none of it.
    const his = await (await download(tokens.bruno)).text()
    expect(his).not.toContain(view.idRec)
  })

  it('the same, readable, as a PDF', async () => {
    const response = await download(tokens.ana, '/pdf')
    expect(response.status).toBe(200)
    // Base64 text, as the portal's other PDFs.
    const text = await pdfText(Uint8Array.from(Buffer.from(await response.text(), 'base64')))
    for (const expected of [
      'Cópia dos meus dados',
      'Ana Paula Souza',
      '52998224725',
      'Plano Família Clube',
      'Dependente: Pedro',
      'Parcela 4',
      'Consentimentos',
      'Sessões',
    ])
      expect(text).toContain(expected)
  })

  it("never gives one holder another's data, whatever the request names (IDOR)", async () => {
    const anaPerson = demoIds.ana.person
    // A path naming Ana does not exist.
    for (const suffix of [`/${anaPerson}`, `/${anaPerson}/pdf`, '/../personal-data/ana'])
      expect((await download(tokens.bruno, suffix)).status).toBe(404)
    // A query naming her is ignored: Bruno gets his own, and nothing of hers.
    const response = await download(tokens.bruno, `?person_id=${anaPerson}&email=${demoEmails.ana}`)
    expect(response.status).toBe(200)
    const text = await response.text()
    expect((JSON.parse(text) as { titular: { email: string } }).titular.email).toBe(
      demoEmails.bruno,
    )
    for (const hers of [demoEmails.ana, '52998224725', 'Ana Paula', 'Plano Família Clube'])
      expect(text).not.toContain(hers)
  })

  it('answers 401 without a session', async () => {
    const response = await server.app.request(path)
    expect(response.status).toBe(401)
  })

  it(`answers 429 after ${personalDataLimit.limit} downloads a day, with Retry-After`, async () => {
    for (let done = 0; done < personalDataLimit.limit; done++)
      expect((await download(tokens.ana, done % 2 ? '/pdf' : '')).status).toBe(200)
    const refused = await download(tokens.ana)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ message: privacyMessages.tooMany })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another holder's count is their own.
    expect((await download(tokens.bruno)).status).toBe(200)
  })
})
