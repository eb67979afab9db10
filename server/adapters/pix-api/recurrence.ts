/**
 * Pix Automático calls of the API Pix client: the recurrence's location (/locrec), the
 * recurrence the payer authorizes (/rec), the request sent to the payer's bank (/solicrec,
 * journey 1), each recurring charge (/cobr) and its retry, and where the bank posts their
 * changes (/webhookrec, /webhookcobr). Amounts are cents here and decimal strings on the wire.
 */
import * as v from 'valibot'
import type { PixCallContext } from './client'
import {
  type Cobr,
  type CobrStatus,
  cobr,
  type Encerramento,
  type LocRec,
  locRec,
  type Periodicity,
  type Rec,
  type RecStatus,
  type RetryPolicy,
  rec,
  type SolicRec,
  type SolicRecStatus,
  solicRec,
  webhookRecCompleto,
} from './recurrence-schemas'
import { fromValor, toValor } from './schemas'

export interface RecurrenceLocation {
  id: number
  /** Without a scheme, as the BR Code carries it. */
  location: string
  createdAt: Date
  recurrenceId: string | undefined
}

export interface NewRecurrence {
  /** vinculo.contrato: what the payer's bank shows as the object of the authorization. */
  contract: string
  /** vinculo.objeto, ≤ 35 characters. */
  description?: string | undefined
  payer: { cpf: string; name: string }
  firstDate: string
  lastDate?: string | undefined
  periodicity: Periodicity
  /** Cents: a fixed amount (valorRec), or the floor of the payer's maximum. */
  amount?: { fixed: number } | { minimum: number } | undefined
  retryPolicy: RetryPolicy
  locationId?: number | undefined
  /** Journey 3: the cob paid with the authorization, in the same QR. */
  immediateTxid?: string | undefined
}

export interface Recurrence {
  id: string
  status: RecStatus
  contract: string
  description: string | undefined
  payer: { cpf?: string; cnpj?: string; nome: string }
  firstDate: string
  lastDate: string | undefined
  periodicity: Periodicity
  fixedAmount: number | undefined
  minimumAmount: number | undefined
  retryPolicy: RetryPolicy | undefined
  receiver: { cnpj: string; name: string }
  location: RecurrenceLocation | undefined
  journey: string | undefined
  journeyTxid: string | undefined
  /** The payer's bank (ISPB) once it answered. */
  payerBank: string | undefined
  history: { status: RecStatus; at: Date }[]
  rejection: { code: string; description: string } | undefined
  cancellation: { by: string; code: string; description: string } | undefined
  requests: RecurrenceRequest[]
  /** The QR (journey 2, or 3 with the cob read with it). */
  copyPaste: string | undefined
}

export interface RecurrenceRequest {
  id: string
  recurrenceId: string
  status: SolicRecStatus
  expiresAt: Date
  history: { status: SolicRecStatus; at: Date }[]
}

export interface PayerAccount {
  /** The payer's bank. */
  ispb: string
  branch?: string | undefined
  account: string
  cpf: string
}

export interface ReceiverAccount {
  account: string
  type: 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO'
  branch?: string | undefined
}

export interface NewRecurringCharge {
  recurrenceId: string
  dueDate: string
  amount: number
  receiver: ReceiverAccount
  /** Moves the settlement to the next business day when the due date is not one. */
  adjustToBusinessDay?: boolean | undefined
  /** Shown to the payer, ≤ 140 characters. */
  info?: string | undefined
}

export interface ChargeAttempt {
  date: string
  kind: 'AGND' | 'NTAG' | 'RIFL'
  status: Cobr['tentativas'][number]['status']
  endToEndId: string
  rejection: { code: string; description: string } | undefined
}

export interface RecurringCharge {
  txid: string
  recurrenceId: string
  status: CobrStatus
  createdOn: string
  dueDate: string
  amount: number
  retryPolicy: RetryPolicy | undefined
  attempts: ChargeAttempt[]
  payments: { endToEndId: string; amount: number; at: Date }[]
  history: { status: CobrStatus; at: Date }[]
  cancellation: { by: string; code: string; description: string } | undefined
  rejection: { code: string; description: string } | undefined
}

const toLocation = (item: LocRec): RecurrenceLocation => ({
  id: item.id,
  location: item.location,
  createdAt: new Date(item.criacao),
  recurrenceId: item.idRec,
})

const toRequest = (item: SolicRec): RecurrenceRequest => ({
  id: item.idSolicRec,
  recurrenceId: item.idRec,
  status: item.status,
  expiresAt: new Date(item.calendario.dataExpiracaoSolicitacao),
  history: item.atualizacao.map((entry) => ({ status: entry.status, at: new Date(entry.data) })),
})

/** The end of a recurrence or of a recurring charge, as our types say it. */
const closing = (end: Encerramento | undefined) => ({
  rejection: end?.rejeicao
    ? { code: end.rejeicao.codigo, description: end.rejeicao.descricao }
    : undefined,
  cancellation: end?.cancelamento
    ? {
        by: end.cancelamento.solicitante,
        code: end.cancelamento.codigo,
        description: end.cancelamento.descricao,
      }
    : undefined,
})

const toRecurrence = (item: Rec): Recurrence => ({
  id: item.idRec,
  status: item.status,
  contract: item.vinculo.contrato,
  description: item.vinculo.objeto,
  payer: item.vinculo.devedor,
  firstDate: item.calendario.dataInicial,
  lastDate: item.calendario.dataFinal,
  periodicity: item.calendario.periodicidade,
  fixedAmount: item.valor?.valorRec ? fromValor(item.valor.valorRec) : undefined,
  minimumAmount: item.valor?.valorMinimoRecebedor
    ? fromValor(item.valor.valorMinimoRecebedor)
    : undefined,
  retryPolicy: item.politicaRetentativa,
  receiver: { cnpj: item.recebedor.cnpj, name: item.recebedor.nome },
  location: item.loc ? toLocation(item.loc) : undefined,
  journey: item.ativacao?.tipoJornada,
  journeyTxid: item.ativacao?.dadosJornada?.txid,
  payerBank: item.pagador?.ispbParticipante,
  history: item.atualizacao.map((entry) => ({ status: entry.status, at: new Date(entry.data) })),
  ...closing(item.encerramento),
  requests: (item.solicitacao ?? []).map(toRequest),
  copyPaste: item.dadosQR?.pixCopiaECola,
})

export const toRecurringCharge = (item: Cobr): RecurringCharge => ({
  txid: item.txid,
  recurrenceId: item.idRec,
  status: item.status,
  createdOn: item.calendario.criacao,
  dueDate: item.calendario.dataDeVencimento,
  amount: fromValor(item.valor.original),
  retryPolicy: item.politicaRetentativa,
  attempts: item.tentativas.map((attempt) => ({
    date: attempt.dataLiquidacao,
    kind: attempt.tipo,
    status: attempt.status,
    endToEndId: attempt.endToEndId,
    rejection: attempt.rejeicao
      ? { code: attempt.rejeicao.codigo, description: attempt.rejeicao.descricao }
      : undefined,
  })),
  payments: item.pix.map((payment) => ({
    endToEndId: payment.endToEndId,
    amount: fromValor(payment.valor),
    at: new Date(payment.horario),
  })),
  history: item.atualizacao.map((entry) => ({ status: entry.status, at: new Date(entry.data) })),
  ...closing(item.encerramento),
})

export function recurrenceCalls({ call, failure, json }: PixCallContext) {
  /** A read: null on 404, the parsed answer on 200, an error otherwise. */
  async function read<T>(path: string, what: string, parse: (body: unknown) => T) {
    const response = await call('GET', path)
    if (response.status === 404) return null
    if (response.status !== 200) throw failure(response, what)
    return parse(json(response))
  }

  /** PUT or GET /webhookrec and /webhookcobr alike. */
  const webhookCalls = (path: '/webhookrec' | '/webhookcobr', what: string) => ({
    async set(webhookUrl: string): Promise<void> {
      const response = await call('PUT', path, { webhookUrl })
      if (response.status !== 200) throw failure(response, `configurar o webhook de ${what}`)
    },
    get: () =>
      read(path, `consultar o webhook de ${what}`, (body) => {
        const hook = v.parse(webhookRecCompleto, body)
        return { url: hook.webhookUrl, createdAt: hook.criacao ? new Date(hook.criacao) : null }
      }),
    /** True when there was one to remove. */
    async remove(): Promise<boolean> {
      const response = await call('DELETE', path)
      if (response.status === 404) return false
      if (response.status !== 204) throw failure(response, `remover o webhook de ${what}`)
      return true
    },
  })
  const getRecurringCharge = (txid: string) =>
    read(`/cobr/${txid}`, `consultar a cobrança recorrente ${txid}`, (body) =>
      toRecurringCharge(v.parse(cobr, body)),
    )
  const recHook = webhookCalls('/webhookrec', 'recorrências')
  const cobrHook = webhookCalls('/webhookcobr', 'cobranças recorrentes')

  return {
    /** POST /locrec: a location for the recurrence's QR (journeys 2 and 3). */
    async createRecurrenceLocation(): Promise<RecurrenceLocation> {
      const response = await call('POST', '/locrec')
      if (response.status !== 201) throw failure(response, 'criar a location da recorrência')
      return toLocation(v.parse(locRec, json(response)))
    },

    getRecurrenceLocation: (id: number) =>
      read(`/locrec/${id}`, `consultar a location ${id}`, (body) =>
        toLocation(v.parse(locRec, body)),
      ),

    /** POST /rec: the recurrence, CRIADA until the payer answers in their bank. */
    async createRecurrence(input: NewRecurrence): Promise<Recurrence> {
      const amount = input.amount
      const response = await call('POST', '/rec', {
        vinculo: {
          contrato: input.contract.slice(0, 35),
          devedor: { cpf: input.payer.cpf, nome: input.payer.name.slice(0, 140) },
          ...(input.description ? { objeto: input.description.slice(0, 35) } : {}),
        },
        calendario: {
          dataInicial: input.firstDate,
          ...(input.lastDate ? { dataFinal: input.lastDate } : {}),
          periodicidade: input.periodicity,
        },
        ...(amount
          ? {
              valor:
                'fixed' in amount
                  ? { valorRec: toValor(amount.fixed) }
                  : { valorMinimoRecebedor: toValor(amount.minimum) },
            }
          : {}),
        politicaRetentativa: input.retryPolicy,
        ...(input.locationId === undefined ? {} : { loc: input.locationId }),
        ...(input.immediateTxid
          ? { ativacao: { dadosJornada: { txid: input.immediateTxid } } }
          : {}),
      })
      if (response.status !== 201) throw failure(response, 'criar a recorrência')
      return toRecurrence(v.parse(rec, json(response)))
    },

    /**
     * GET /rec/{idRec}; with the txid of a cob, the answer carries the QR of journey 3 (the
     * cob and the authorization in one code).
     */
    getRecurrence: (idRec: string, options: { txid?: string } = {}) =>
      read(
        `/rec/${idRec}${options.txid ? `?txid=${encodeURIComponent(options.txid)}` : ''}`,
        `consultar a recorrência ${idRec}`,
        (body) => toRecurrence(v.parse(rec, body)),
      ),

    /** PATCH /rec/{idRec} to CANCELADA: no charge of it can be sent any more. */
    async cancelRecurrence(idRec: string): Promise<Recurrence> {
      const response = await call('PATCH', `/rec/${idRec}`, { status: 'CANCELADA' })
      if (response.status !== 200) throw failure(response, `cancelar a recorrência ${idRec}`)
      return toRecurrence(v.parse(rec, json(response)))
    },

    /** POST /solicrec: the request goes to the payer's bank, which asks them (journey 1). */
    async requestRecurrence(
      idRec: string,
      payer: PayerAccount,
      expiresAt: Date,
    ): Promise<RecurrenceRequest> {
      const response = await call('POST', '/solicrec', {
        idRec,
        calendario: { dataExpiracaoSolicitacao: expiresAt.toISOString() },
        destinatario: {
          ispbParticipante: payer.ispb,
          conta: payer.account,
          ...(payer.branch ? { agencia: payer.branch } : {}),
          cpf: payer.cpf,
        },
      })
      if (response.status !== 201) throw failure(response, `solicitar a recorrência ${idRec}`)
      return toRequest(v.parse(solicRec, json(response)))
    },

    getRecurrenceRequest: (id: string) =>
      read(`/solicrec/${id}`, `consultar a solicitação ${id}`, (body) =>
        toRequest(v.parse(solicRec, body)),
      ),

    /** PATCH /solicrec/{id} to CANCELADA (the document answers 201). */
    async cancelRecurrenceRequest(id: string): Promise<RecurrenceRequest> {
      const response = await call('PATCH', `/solicrec/${id}`, { status: 'CANCELADA' })
      if (response.status !== 201 && response.status !== 200)
        throw failure(response, `cancelar a solicitação ${id}`)
      return toRequest(v.parse(solicRec, json(response)))
    },

    /**
     * PUT /cobr/{txid}: our txid, so a retry after a crash finds the same charge. A txid already
     * used is refused by the bank; when it is this very charge, it is read back instead.
     */
    async createRecurringCharge(txid: string, input: NewRecurringCharge): Promise<RecurringCharge> {
      const response = await call('PUT', `/cobr/${txid}`, {
        idRec: input.recurrenceId,
        ...(input.info ? { infoAdicional: input.info.slice(0, 140) } : {}),
        calendario: { dataDeVencimento: input.dueDate },
        valor: { original: toValor(input.amount) },
        ajusteDiaUtil: input.adjustToBusinessDay ?? true,
        recebedor: {
          conta: input.receiver.account,
          tipoConta: input.receiver.type,
          ...(input.receiver.branch ? { agencia: input.receiver.branch } : {}),
        },
      })
      if (response.status === 201 || response.status === 200)
        return toRecurringCharge(v.parse(cobr, json(response)))
      const refused = failure(response, `criar a cobrança recorrente ${txid}`)
      if (refused.kind === 'CobROperacaoInvalida') {
        const existing = await getRecurringCharge(txid)
        if (
          existing &&
          existing.recurrenceId === input.recurrenceId &&
          existing.dueDate === input.dueDate &&
          existing.amount === input.amount
        )
          return existing
      }
      throw refused
    },

    getRecurringCharge,

    /** PATCH /cobr/{txid} to CANCELADA: only before the day of its first attempt. */
    async cancelRecurringCharge(txid: string): Promise<RecurringCharge> {
      const response = await call('PATCH', `/cobr/${txid}`, { status: 'CANCELADA' })
      if (response.status !== 200) throw failure(response, `cancelar a cobrança recorrente ${txid}`)
      return toRecurringCharge(v.parse(cobr, json(response)))
    },

    /** POST /cobr/{txid}/retentativa/{data}: another attempt on `date`, if the policy allows. */
    async retryRecurringCharge(txid: string, date: string): Promise<RecurringCharge> {
      const response = await call('POST', `/cobr/${txid}/retentativa/${date}`)
      if (response.status !== 201) throw failure(response, `tentar de novo a cobrança ${txid}`)
      return toRecurringCharge(v.parse(cobr, json(response)))
    },

    /** PUT /webhookrec: the bank posts recurrences' changes to `${webhookUrl}/rec`. */
    setRecurrenceWebhook: recHook.set,
    getRecurrenceWebhook: recHook.get,
    removeRecurrenceWebhook: recHook.remove,
    /** PUT /webhookcobr: the bank posts recurring charges' changes to `${webhookUrl}/cobr`. */
    setRecurringChargeWebhook: cobrHook.set,
    getRecurringChargeWebhook: cobrHook.get,
    removeRecurringChargeWebhook: cobrHook.remove,
  }
}
