/**
 * Pix Automático in the Central Bank's API Pix 2.9.0: the location of a recurrence (/locrec),
 * the recurrence itself (/rec: the payer's authorization), the request sent to the payer's bank
 * (/solicrec, journey 1), the recurring charge (/cobr) and its attempts, and what the bank posts
 * to {webhookUrl}/rec and {webhookUrl}/cobr. As in schemas.ts, the client reads answers with
 * these and the sandbox PSP reads requests with them; dates are "YYYY-MM-DD", money "37.00".
 */
import * as v from 'valibot'
import { valor } from './schemas'

export const idRecPattern = /^[a-zA-Z0-9]{29}$/
export const idSolicRecPattern = /^[a-zA-Z0-9]{29}$/
const day = v.pipe(v.string(), v.isoDate())
const moment = v.string()

export const recStatuses = ['CRIADA', 'APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA'] as const
export type RecStatus = (typeof recStatuses)[number]
export const solicRecStatuses = [
  'CRIADA',
  'ENVIADA',
  'RECEBIDA',
  'REJEITADA',
  'ACEITA',
  'EXPIRADA',
  'CANCELADA',
] as const
export type SolicRecStatus = (typeof solicRecStatuses)[number]
export const cobrStatuses = [
  'CRIADA',
  'ATIVA',
  'CONCLUIDA',
  'EXPIRADA',
  'REJEITADA',
  'CANCELADA',
] as const
export type CobrStatus = (typeof cobrStatuses)[number]
export const attemptStatuses = [
  'SOLICITADA',
  'AGENDADA',
  'PAGA',
  'CANCELADA',
  'REJEITADA',
  'EXPIRADA',
] as const
export type AttemptStatus = (typeof attemptStatuses)[number]
export const periodicities = ['SEMANAL', 'MENSAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const
export type Periodicity = (typeof periodicities)[number]
export const retryPolicies = ['NAO_PERMITE', 'PERMITE_3R_7D'] as const
export type RetryPolicy = (typeof retryPolicies)[number]
export const journeys = [
  'JORNADA_1',
  'JORNADA_2',
  'JORNADA_3',
  'JORNADA_4',
  'AGUARDANDO_DEFINICAO',
] as const

const personRec = v.union([
  v.object({
    cpf: v.pipe(v.string(), v.regex(/^\d{11}$/)),
    nome: v.pipe(v.string(), v.maxLength(140)),
  }),
  v.object({
    cnpj: v.pipe(v.string(), v.regex(/^[0-9A-Z]{14}$/)),
    nome: v.pipe(v.string(), v.maxLength(140)),
  }),
])

const history = <T extends readonly string[]>(statuses: T) =>
  v.array(v.object({ status: v.picklist(statuses), data: moment }))

/** PayloadLocationRecGerada / Completa: where a payer's bank reads the recurrence. */
export const locRec = v.object({
  id: v.number(),
  location: v.string(),
  criacao: moment,
  idRec: v.optional(v.string()),
})
export type LocRec = v.InferOutput<typeof locRec>

const vinculo = v.object({
  objeto: v.optional(v.pipe(v.string(), v.maxLength(35))),
  devedor: personRec,
  contrato: v.pipe(v.string(), v.minLength(1), v.maxLength(35)),
})
const calendarioRec = v.object({
  dataInicial: day,
  dataFinal: v.optional(day),
  periodicidade: v.picklist(periodicities),
})
const valorRec = v.object({
  valorRec: v.optional(valor),
  valorMinimoRecebedor: v.optional(valor),
})
const dadosJornada = v.object({ txid: v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{26,35}$/)) })

/** RecSolicitada: the body of POST /rec. */
export const recSolicitada = v.object({
  vinculo,
  calendario: calendarioRec,
  valor: v.optional(valorRec),
  recebedor: v.optional(v.object({ convenio: v.optional(v.pipe(v.string(), v.maxLength(60))) })),
  politicaRetentativa: v.picklist(retryPolicies),
  loc: v.optional(v.pipe(v.number(), v.integer())),
  ativacao: v.optional(v.object({ dadosJornada: v.optional(dadosJornada) })),
})
export type RecSolicitada = v.InferOutput<typeof recSolicitada>
export type Encerramento = v.InferOutput<typeof encerramento>

/** RecRevisada as this product uses it: cancelling. */
export const recCancelamento = v.strictObject({ status: v.literal('CANCELADA') })

/** How a recurrence or a recurring charge ended: refused, or cancelled and by whom. */
const encerramento = v.object({
  rejeicao: v.optional(v.object({ codigo: v.string(), descricao: v.string() })),
  cancelamento: v.optional(
    v.object({ solicitante: v.string(), codigo: v.string(), descricao: v.string() }),
  ),
})

const solicRecBase = {
  idRec: v.pipe(v.string(), v.regex(idRecPattern)),
  calendario: v.object({ dataExpiracaoSolicitacao: v.pipe(v.string(), v.isoTimestamp()) }),
  destinatario: v.union([
    v.object({
      conta: v.pipe(v.string(), v.minLength(1), v.maxLength(20)),
      ispbParticipante: v.pipe(v.string(), v.regex(/^[0-9A-Z]{8}$/)),
      agencia: v.optional(v.pipe(v.string(), v.maxLength(4))),
      cpf: v.pipe(v.string(), v.regex(/^\d{11}$/)),
    }),
    v.object({
      conta: v.pipe(v.string(), v.minLength(1), v.maxLength(20)),
      ispbParticipante: v.pipe(v.string(), v.regex(/^[0-9A-Z]{8}$/)),
      agencia: v.optional(v.pipe(v.string(), v.maxLength(4))),
      cnpj: v.pipe(v.string(), v.regex(/^[0-9A-Z]{14}$/)),
    }),
  ]),
}

/** SolicRecSolicitada: the body of POST /solicrec. */
export const solicRecSolicitada = v.object(solicRecBase)
export type SolicRecSolicitada = v.InferOutput<typeof solicRecSolicitada>
export const solicRecCancelamento = v.strictObject({ status: v.literal('CANCELADA') })

/** SolicRecCompleta. */
export const solicRec = v.object({
  idSolicRec: v.string(),
  ...solicRecBase,
  status: v.picklist(solicRecStatuses),
  atualizacao: history(solicRecStatuses),
})
export type SolicRec = v.InferOutput<typeof solicRec>

/** RecGerada / RecCompleta (GET adds the payer, the requests and the QR). */
export const rec = v.object({
  idRec: v.string(),
  vinculo,
  calendario: calendarioRec,
  valor: v.optional(valorRec),
  politicaRetentativa: v.optional(v.picklist(retryPolicies)),
  recebedor: v.object({ cnpj: v.string(), nome: v.string(), convenio: v.optional(v.string()) }),
  status: v.picklist(recStatuses),
  loc: v.optional(locRec),
  atualizacao: history(recStatuses),
  encerramento: v.optional(encerramento),
  ativacao: v.optional(
    v.object({ tipoJornada: v.picklist(journeys), dadosJornada: v.optional(dadosJornada) }),
  ),
  pagador: v.optional(
    v.object({
      ispbParticipante: v.optional(v.string()),
      cpf: v.optional(v.string()),
      cnpj: v.optional(v.string()),
    }),
  ),
  solicitacao: v.optional(v.array(solicRec)),
  dadosQR: v.optional(
    v.object({
      jornada: v.optional(v.picklist(['JORNADA_2', 'JORNADA_3', 'JORNADA_4'])),
      pixCopiaECola: v.optional(v.string()),
    }),
  ),
})
export type Rec = v.InferOutput<typeof rec>

const contaRecebedor = v.object({
  conta: v.pipe(v.string(), v.minLength(1), v.maxLength(20)),
  tipoConta: v.picklist(['CORRENTE', 'POUPANCA', 'PAGAMENTO']),
  agencia: v.optional(v.pipe(v.string(), v.maxLength(4))),
})
const devedorCobr = v.object({
  email: v.optional(v.string()),
  logradouro: v.optional(v.pipe(v.string(), v.maxLength(200))),
  cidade: v.optional(v.pipe(v.string(), v.maxLength(200))),
  uf: v.optional(v.pipe(v.string(), v.maxLength(2))),
  cep: v.optional(v.pipe(v.string(), v.maxLength(8))),
})

/** CobRSolicitada: the body of PUT /cobr/{txid}. */
export const cobrSolicitada = v.object({
  idRec: v.pipe(v.string(), v.regex(idRecPattern)),
  infoAdicional: v.optional(v.pipe(v.string(), v.maxLength(140))),
  calendario: v.object({ dataDeVencimento: day }),
  valor: v.object({ original: valor }),
  ajusteDiaUtil: v.boolean(),
  recebedor: contaRecebedor,
  devedor: v.optional(devedorCobr),
})
export type CobrSolicitada = v.InferOutput<typeof cobrSolicitada>
export const cobrCancelamento = v.strictObject({ status: v.literal('CANCELADA') })

export const attempt = v.object({
  dataLiquidacao: day,
  tipo: v.picklist(['AGND', 'NTAG', 'RIFL']),
  status: v.picklist(attemptStatuses),
  endToEndId: v.string(),
  atualizacao: history(attemptStatuses),
  rejeicao: v.optional(v.object({ codigo: v.string(), descricao: v.string() })),
})

/** The Pix that settled a recurring charge (PixAutomatico). */
export const pixAutomatico = v.object({
  endToEndId: v.string(),
  txid: v.string(),
  valor,
  horario: moment,
})

/** CobRGerada / CobRCompleta. */
export const cobr = v.object({
  idRec: v.string(),
  txid: v.string(),
  infoAdicional: v.optional(v.string()),
  calendario: v.object({ criacao: day, dataDeVencimento: day }),
  valor: v.object({ original: valor }),
  ajusteDiaUtil: v.boolean(),
  status: v.picklist(cobrStatuses),
  politicaRetentativa: v.optional(v.picklist(retryPolicies)),
  atualizacao: v.optional(history(cobrStatuses), []),
  encerramento: v.optional(encerramento),
  tentativas: v.optional(v.array(attempt), []),
  pix: v.optional(v.array(pixAutomatico), []),
})
export type Cobr = v.InferOutput<typeof cobr>

/** What the bank posts to {webhookUrl}/rec (RecNotification). */
export const webhookRec = v.object({
  recs: v.array(
    v.object({
      idRec: v.string(),
      status: v.picklist(recStatuses),
      atualizacao: history(recStatuses),
      encerramento: v.optional(encerramento),
      ativacao: v.optional(
        v.object({ tipoJornada: v.picklist(journeys), dadosJornada: v.optional(dadosJornada) }),
      ),
    }),
  ),
})

/** What the bank posts to {webhookUrl}/cobr (CobRNotification). */
export const webhookCobr = v.object({
  cobsr: v.array(
    v.object({
      idRec: v.string(),
      txid: v.string(),
      status: v.picklist(cobrStatuses),
      atualizacao: history(cobrStatuses),
      tentativas: v.optional(v.array(attempt), []),
      pix: v.optional(v.array(pixAutomatico), []),
    }),
  ),
})

/** GET /webhookrec and /webhookcobr. */
export const webhookRecCompleto = v.object({ webhookUrl: v.string(), criacao: v.optional(moment) })
