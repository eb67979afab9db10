/**
 * A client of the Central Bank's API Pix v2, which the receiving banks (PSPs) implement: OAuth2
 * client credentials, mutual TLS through the transport, cobrança imediata (PUT/GET/PATCH /cob),
 * Pix received, devolução and the webhook; Pix Automático (recurrence.ts) and cobrança com
 * vencimento (due-date.ts) are calls of the same client. Plugging a real bank is configuration (base URL,
 * client id and secret, certificate); the demo's sandbox PSP speaks the same endpoints.
 */
import * as v from 'valibot'
import type { HttpResponse, HttpTransport } from '../http'
import { dueDateCalls } from './due-date'
import { recurrenceCalls } from './recurrence'
import {
  type Cob,
  type CobStatus,
  cob,
  type Devolucao,
  devolucao,
  fromValor,
  type PixRecebido,
  type Problema,
  pix,
  problema,
  tokenResponse,
  toValor,
} from './schemas'

/** What the calls of recurrence.ts and due-date.ts share with this client. */
export interface PixCallContext {
  call(
    method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<HttpResponse>
  failure(response: HttpResponse, what: string): PixApiError
  json(response: HttpResponse): unknown
}

export interface PixApiOptions {
  /** Where /cob, /pix and /webhook live, e.g. https://pix.banco.com.br/v2 */
  apiUrl: string
  /** OAuth2 token endpoint; by default `oauth/token` beside the API's version folder. */
  tokenUrl?: string | undefined
  clientId: string
  clientSecret: string
  /** The receiver's Pix key (chave DICT) the cobs are paid to. */
  chave: string
  transport: HttpTransport
}

/** An error answer of the PSP (RFC 7807), or a call that got no usable answer (status 0). */
export class PixApiError extends Error {
  override name = 'PixApiError'
  constructor(
    readonly status: number,
    readonly problem: Problema | null,
    message: string,
  ) {
    super(message)
  }

  /** The error type's last segment: CobNaoEncontrado, PixDevolucaoInvalida, … */
  get kind(): string {
    return this.problem?.type.split('/').at(-1) ?? ''
  }
}

export interface PixPayment {
  endToEndId: string
  txid: string | undefined
  /** Cents. */
  amount: number
  at: Date
  refunds: Refund[]
}

export interface Refund {
  id: string
  rtrId: string
  amount: number
  status: Devolucao['status']
  reason: string | undefined
}

export interface Collection {
  txid: string
  revision: number
  status: CobStatus
  createdAt: Date
  expiresInSeconds: number
  amount: number
  /** The BR Code "copia e cola" the QR code carries. */
  copyPaste: string
  payments: PixPayment[]
}

export interface NewCollection {
  amount: number
  expiresInSeconds: number
  payer?: { cpf: string; name: string } | undefined
  /** Shown to the payer by their bank (solicitacaoPagador, ≤ 140 characters). */
  message?: string | undefined
}

const scopes = [
  'cob.write cob.read pix.write pix.read webhook.write webhook.read',
  'cobv.write cobv.read payloadlocationrec.write payloadlocationrec.read rec.write rec.read',
  'solicrec.write solicrec.read cobr.write cobr.read',
  'webhookrec.write webhookrec.read webhookcobr.write webhookcobr.read',
].join(' ')

const toRefund = (item: Devolucao): Refund => ({
  id: item.id,
  rtrId: item.rtrId,
  amount: fromValor(item.valor),
  status: item.status,
  reason: item.motivo,
})

export const toPayment = (item: PixRecebido): PixPayment => ({
  endToEndId: item.endToEndId,
  txid: item.txid,
  amount: fromValor(item.valor),
  at: new Date(item.horario),
  refunds: item.devolucoes.map(toRefund),
})

const toCollection = (item: Cob): Collection => ({
  txid: item.txid,
  revision: item.revisao,
  status: item.status,
  createdAt: new Date(item.calendario.criacao),
  expiresInSeconds: item.calendario.expiracao,
  amount: fromValor(item.valor.original),
  copyPaste: item.pixCopiaECola ?? '',
  payments: item.pix.map(toPayment),
})

export type PixApi = ReturnType<typeof createPixApiClient>

export function createPixApiClient(options: PixApiOptions) {
  const base = options.apiUrl.replace(/\/+$/, '')
  const tokenUrl = options.tokenUrl ?? new URL('../oauth/token', `${base}/`).href
  let token: { value: string; until: number } | null = null

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')
    const response = await options.transport({
      method: 'POST',
      url: tokenUrl,
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: scopes }).toString(),
    })
    if (response.status !== 200) throw failure(response, 'token OAuth2 recusado')
    const parsed = v.parse(tokenResponse, JSON.parse(response.body))
    // Renewed a little before it runs out, so a call never goes with an expiring token.
    token = { value: parsed.access_token, until: Date.now() + (parsed.expires_in - 30) * 1000 }
    return token.value
  }

  function failure(response: HttpResponse, what: string): PixApiError {
    let problem: Problema | null = null
    try {
      const parsed = v.safeParse(problema, JSON.parse(response.body))
      if (parsed.success) problem = parsed.output
    } catch {
      // Not JSON: no problem details to keep.
    }
    return new PixApiError(
      response.status,
      problem,
      `API Pix: ${what} (${response.status}${problem ? ` ${problem.title}` : ''})`,
    )
  }

  /** One call with the bearer token; a 401 renews the token once. */
  async function call(
    method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<HttpResponse> {
    for (let attempt = 0; ; attempt++) {
      const response = await options.transport({
        method,
        url: `${base}${path}`,
        headers: {
          authorization: `Bearer ${await accessToken()}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      if (response.status !== 401 || attempt > 0) return response
      token = null
    }
  }

  const json = (response: HttpResponse): unknown => JSON.parse(response.body)
  const context: PixCallContext = { call, failure, json }

  return {
    chave: options.chave,
    ...recurrenceCalls(context),
    ...dueDateCalls(context, options.chave),

    /** PUT /cob/{txid}: our txid, so a retry after a crash finds the same collection. */
    async createCob(txid: string, collection: NewCollection): Promise<Collection> {
      const response = await call('PUT', `/cob/${txid}`, {
        calendario: { expiracao: collection.expiresInSeconds },
        ...(collection.payer
          ? { devedor: { cpf: collection.payer.cpf, nome: collection.payer.name.slice(0, 200) } }
          : {}),
        valor: { original: toValor(collection.amount), modalidadeAlteracao: 0 },
        chave: options.chave,
        ...(collection.message ? { solicitacaoPagador: collection.message.slice(0, 140) } : {}),
      })
      if (response.status !== 201 && response.status !== 200)
        throw failure(response, `criar a cobrança ${txid}`)
      return toCollection(v.parse(cob, json(response)))
    },

    /** GET /cob/{txid}; null when the PSP does not know it. */
    async getCob(txid: string): Promise<Collection | null> {
      const response = await call('GET', `/cob/${txid}`)
      if (response.status === 404) return null
      if (response.status !== 200) throw failure(response, `consultar a cobrança ${txid}`)
      return toCollection(v.parse(cob, json(response)))
    },

    /**
     * PATCH /cob/{txid} to REMOVIDA_PELO_USUARIO_RECEBEDOR: it can no longer be paid. A cob that
     * is not ATIVA any more (paid meanwhile: CONCLUIDA) cannot be removed: the caller reads it.
     */
    async removeCob(txid: string): Promise<Collection> {
      const response = await call('PATCH', `/cob/${txid}`, {
        status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
      })
      if (response.status !== 200) throw failure(response, `remover a cobrança ${txid}`)
      return toCollection(v.parse(cob, json(response)))
    },

    async getPix(endToEndId: string): Promise<PixPayment | null> {
      const response = await call('GET', `/pix/${endToEndId}`)
      if (response.status === 404) return null
      if (response.status !== 200) throw failure(response, `consultar o Pix ${endToEndId}`)
      return toPayment(v.parse(pix, json(response)))
    },

    /**
     * PUT /pix/{e2eid}/devolucao/{id}: returns a received Pix to its payer. The id is ours, so
     * asking again is safe: an id already used (the PSP refuses it) is read back instead.
     */
    async refund(endToEndId: string, id: string, amount: number, description: string) {
      const response = await call('PUT', `/pix/${endToEndId}/devolucao/${id}`, {
        valor: toValor(amount),
        natureza: 'ORIGINAL',
        descricao: description.slice(0, 140),
      })
      if (response.status === 201 || response.status === 200)
        return toRefund(v.parse(devolucao, json(response)))
      const refused = failure(response, `devolver o Pix ${endToEndId}`)
      if (refused.kind === 'PixDevolucaoInvalida') {
        const existing = await this.getRefund(endToEndId, id)
        if (existing && existing.amount === amount) return existing
      }
      throw refused
    },

    async getRefund(endToEndId: string, id: string): Promise<Refund | null> {
      const response = await call('GET', `/pix/${endToEndId}/devolucao/${id}`)
      if (response.status === 404) return null
      if (response.status !== 200) throw failure(response, `consultar a devolução ${id}`)
      return toRefund(v.parse(devolucao, json(response)))
    },

    /** PUT /webhook/{chave}: the PSP will POST received Pix to `${webhookUrl}/pix`. */
    async setWebhook(webhookUrl: string): Promise<void> {
      const response = await call('PUT', `/webhook/${encodeURIComponent(options.chave)}`, {
        webhookUrl,
      })
      if (response.status !== 200 && response.status !== 201 && response.status !== 204)
        throw failure(response, 'configurar o webhook')
    },
  }
}
