/**
 * The sandbox PSP's Pix Automático and cobv routes for the fuzz (issue 29): a recurrence still
 * CRIADA with its request to the payer's bank, two approved ones with a recurring charge, a cobv,
 * and the payer's helpers on them.
 */

import { addDays } from '../adapters/pix-api/due-amount'
import type { App } from '../app'
import { sandboxPix } from '../config'
import { bankDay } from '../demo/routes/sandbox-pix-records'
import type { Endpoint } from './endpoints'

const bank = '/sandbox/pix-api/v2'

export async function pixRecurrenceFixtures(app: App): Promise<Endpoint[]> {
  const basic = Buffer.from(`${sandboxPix.clientId}:${sandboxPix.clientSecret}`).toString('base64')
  const token = await app.request('/sandbox/pix-api/oauth/token', {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    // No scope: every one this client may have.
    body: 'grant_type=client_credentials',
  })
  const { access_token: accessToken } = (await token.json()) as { access_token: string }
  const auth = { authorization: `Bearer ${accessToken}` }
  async function call<T>(method: string, path: string, body?: unknown) {
    const answer = await app.request(path, {
      method,
      headers: { ...auth, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status}`)
    return (await answer.json()) as T
  }

  const loc = await call<{ id: number; criacao: string }>('POST', `${bank}/locrec`)
  // The bank's day, by the server's clock.
  const today = bankDay(new Date(loc.criacao))
  const rec = {
    vinculo: { contrato: 'CT-FUZZ', devedor: { cpf: '52998224725', nome: 'Ana Paula Souza' } },
    calendario: { dataInicial: addDays(today, 3), periodicidade: 'MENSAL' },
    valor: { valorRec: '12.34' },
    politicaRetentativa: 'PERMITE_3R_7D',
  }
  const recurrence = async (approve: boolean) => {
    const { idRec } = await call<{ idRec: string }>('POST', `${bank}/rec`, rec)
    if (approve) await app.request(`/sandbox/pix/rec/${idRec}/approve`, { method: 'POST' })
    return idRec
  }
  const waiting = await recurrence(false)
  const [approved, other] = [await recurrence(true), await recurrence(true)]
  const request = {
    idRec: waiting,
    calendario: { dataExpiracaoSolicitacao: new Date(Date.now() + 86_400_000).toISOString() },
    destinatario: { ispbParticipante: '91193552', conta: '550689', cpf: '52998224725' },
  }
  const { idSolicRec } = await call<{ idSolicRec: string }>('POST', `${bank}/solicrec`, request)
  const cobr = (idRec: string, days: number) => ({
    idRec,
    calendario: { dataDeVencimento: addDays(today, days) },
    valor: { original: '12.34' },
    ajusteDiaUtil: true,
    recebedor: { conta: '012682', tipoConta: 'CORRENTE' },
  })
  const charged = 'fuzzcobr0000000000000000000000001'
  await call('PUT', `${bank}/cobr/${charged}`, cobr(approved, 3))
  const cobv = {
    calendario: { dataDeVencimento: addDays(today, 5), validadeAposVencimento: 10 },
    devedor: { cpf: '52998224725', nome: 'Ana Paula Souza' },
    valor: { original: '12.34', multa: { modalidade: 2, valorPerc: '2.00' } },
    chave: sandboxPix.chave,
  }
  const due = 'fuzzcobv0000000000000000000000001'
  await call('PUT', `${bank}/cobv/${due}`, cobv)
  const hook = { webhookUrl: 'http://portal.test/sandbox/recorrencias' }
  const unknownRec = 'RN99999999202401010000000000x'

  return [
    { method: 'POST', path: `${bank}/locrec`, headers: auth },
    {
      method: 'GET',
      path: `${bank}/locrec/:id`,
      params: { id: [String(loc.id), '1'] },
      headers: auth,
    },
    { method: 'POST', path: `${bank}/rec`, headers: auth, bodies: [rec] },
    {
      method: 'GET',
      path: `${bank}/rec/:idRec`,
      params: { idRec: [approved, unknownRec] },
      headers: auth,
    },
    {
      method: 'PATCH',
      path: `${bank}/rec/:idRec`,
      params: { idRec: [other, unknownRec] },
      headers: auth,
      bodies: [{ status: 'CANCELADA' }],
    },
    { method: 'POST', path: `${bank}/solicrec`, headers: auth, bodies: [request] },
    {
      method: 'GET',
      path: `${bank}/solicrec/:idSolicRec`,
      params: { idSolicRec: [idSolicRec] },
      headers: auth,
    },
    {
      method: 'PATCH',
      path: `${bank}/solicrec/:idSolicRec`,
      params: { idSolicRec: [idSolicRec] },
      headers: auth,
      bodies: [{ status: 'CANCELADA' }],
    },
    {
      method: 'PUT',
      path: `${bank}/cobr/:txid`,
      params: { txid: ['fuzzcobr0000000000000000000000002', charged] },
      headers: auth,
      bodies: [cobr(approved, 4)],
    },
    { method: 'GET', path: `${bank}/cobr/:txid`, params: { txid: [charged] }, headers: auth },
    {
      method: 'PATCH',
      path: `${bank}/cobr/:txid`,
      params: { txid: [charged] },
      headers: auth,
      bodies: [{ status: 'CANCELADA' }],
    },
    {
      method: 'POST',
      path: `${bank}/cobr/:txid/retentativa/:data`,
      params: { txid: [charged], data: [addDays(today, 4)] },
      headers: auth,
    },
    ...(['webhookrec', 'webhookcobr'] as const).flatMap((name): Endpoint[] => [
      { method: 'PUT', path: `${bank}/${name}`, headers: auth, bodies: [hook] },
      { method: 'GET', path: `${bank}/${name}`, headers: auth },
      { method: 'DELETE', path: `${bank}/${name}`, headers: auth },
    ]),
    {
      method: 'PUT',
      path: `${bank}/cobv/:txid`,
      params: { txid: [due] },
      headers: auth,
      bodies: [cobv],
    },
    { method: 'GET', path: `${bank}/cobv/:txid`, params: { txid: [due] }, headers: auth },
    {
      method: 'PATCH',
      path: `${bank}/cobv/:txid`,
      params: { txid: [due] },
      headers: auth,
      bodies: [{ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' }],
    },
    ...(['approve', 'reject', 'cancel', 'debit'] as const).map(
      (action): Endpoint => ({
        method: 'POST',
        path: `/sandbox/pix/rec/:idRec/${action}`,
        params: { idRec: [waiting, approved] },
      }),
    ),
    ...(['settle', 'fail'] as const).map(
      (action): Endpoint => ({
        method: 'POST',
        path: `/sandbox/pix/cobr/:txid/${action}`,
        params: { txid: [charged] },
      }),
    ),
    { method: 'POST', path: '/sandbox/pix/cobv/:txid/pay', params: { txid: [due] } },
  ]
}
