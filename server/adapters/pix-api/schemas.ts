/**
 * The Central Bank's API Pix v2 (bacen/pix-api openapi.yaml 2.8.1), as far as this product uses
 * it: cobrança imediata (/cob), Pix received (/pix), devolução, webhook. The client reads the
 * PSP's answers with these schemas and the sandbox PSP reads requests with them, so both sides
 * speak the same contract. Money is a string with two decimals ("37.00"), never a number.
 */
import * as v from 'valibot'

export const valorPattern = /^\d{1,10}\.\d{2}$/
/** 26–35 letters and digits: the txid of a cob created with PUT /cob/{txid}. */
export const txidPattern = /^[a-zA-Z0-9]{26,35}$/
export const endToEndIdPattern = /^[a-zA-Z0-9]{32}$/
export const devolucaoIdPattern = /^[a-zA-Z0-9]{1,35}$/

export const valor = v.pipe(v.string(), v.regex(valorPattern))

/** Cents → "123.45" and back. */
export const toValor = (cents: number) => (cents / 100).toFixed(2)
export const fromValor = (text: string) => Math.round(Number(text) * 100)

export const cobStatuses = [
  'ATIVA',
  'CONCLUIDA',
  'REMOVIDA_PELO_USUARIO_RECEBEDOR',
  'REMOVIDA_PELO_PSP',
] as const
export type CobStatus = (typeof cobStatuses)[number]

const devedor = v.union([
  v.object({
    cpf: v.pipe(v.string(), v.regex(/^\d{11}$/)),
    nome: v.pipe(v.string(), v.maxLength(200)),
  }),
  v.object({
    cnpj: v.pipe(v.string(), v.regex(/^\d{14}$/)),
    nome: v.pipe(v.string(), v.maxLength(200)),
  }),
])

/** CobSolicitada: the body of PUT /cob/{txid}. */
export const cobSolicitada = v.object({
  calendario: v.object({
    expiracao: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 86400),
  }),
  devedor: v.optional(devedor),
  valor: v.object({
    original: valor,
    modalidadeAlteracao: v.optional(v.picklist([0, 1]), 0),
  }),
  chave: v.pipe(v.string(), v.minLength(1), v.maxLength(77)),
  solicitacaoPagador: v.optional(v.pipe(v.string(), v.maxLength(140))),
  infoAdicionais: v.optional(
    v.array(
      v.object({
        nome: v.pipe(v.string(), v.maxLength(50)),
        valor: v.pipe(v.string(), v.maxLength(200)),
      }),
    ),
  ),
})
export type CobSolicitada = v.InferOutput<typeof cobSolicitada>

/** CobRevisada, as this product uses it: removal only. */
export const cobRemocao = v.strictObject({ status: v.literal('REMOVIDA_PELO_USUARIO_RECEBEDOR') })

export const devolucaoStatuses = ['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO'] as const

export const devolucao = v.object({
  id: v.string(),
  rtrId: v.string(),
  valor,
  natureza: v.optional(v.string()),
  descricao: v.optional(v.string()),
  horario: v.object({ solicitacao: v.string(), liquidacao: v.optional(v.string()) }),
  status: v.picklist(devolucaoStatuses),
  motivo: v.optional(v.string()),
})
export type Devolucao = v.InferOutput<typeof devolucao>

export const pix = v.object({
  endToEndId: v.string(),
  txid: v.optional(v.string()),
  valor,
  chave: v.optional(v.string()),
  horario: v.string(),
  infoPagador: v.optional(v.string()),
  // The spec's own webhook example sends one object instead of a list: accept both.
  devolucoes: v.optional(
    v.pipe(
      v.union([v.array(devolucao), devolucao]),
      v.transform((value) => (Array.isArray(value) ? value : [value])),
    ),
    [],
  ),
})
export type PixRecebido = v.InferOutput<typeof pix>

/** CobGerada / CobCompleta (GET adds the Pix received). */
export const cob = v.object({
  txid: v.string(),
  revisao: v.number(),
  calendario: v.object({ criacao: v.string(), expiracao: v.number() }),
  status: v.picklist(cobStatuses),
  valor: v.object({ original: valor }),
  chave: v.string(),
  location: v.optional(v.string()),
  pixCopiaECola: v.optional(v.string()),
  solicitacaoPagador: v.optional(v.string()),
  pix: v.optional(v.array(pix), []),
})
export type Cob = v.InferOutput<typeof cob>

export const devolucaoSolicitada = v.object({
  valor,
  natureza: v.optional(v.picklist(['ORIGINAL', 'RETIRADA']), 'ORIGINAL'),
  descricao: v.optional(v.pipe(v.string(), v.maxLength(140))),
})

export const webhookSolicitado = v.object({ webhookUrl: v.pipe(v.string(), v.url()) })

/** What the PSP posts to {webhookUrl}/pix. */
export const webhookPix = v.object({ pix: v.array(pix) })

/** RFC 7807 error body (`Problema`). */
export const problema = v.object({
  type: v.string(),
  title: v.string(),
  status: v.number(),
  detail: v.optional(v.string()),
  correlationId: v.optional(v.string()),
  violacoes: v.optional(
    v.array(
      v.object({
        razao: v.optional(v.string()),
        propriedade: v.optional(v.string()),
        valor: v.optional(v.string()),
      }),
    ),
  ),
})
export type Problema = v.InferOutput<typeof problema>

export const problemType = (name: string) => `https://pix.bcb.gov.br/api/v2/error/${name}`

export const tokenResponse = v.object({
  access_token: v.string(),
  token_type: v.string(),
  expires_in: v.number(),
  scope: v.optional(v.string()),
})
