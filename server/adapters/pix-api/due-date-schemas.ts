/**
 * Cobrança com vencimento (/cobv) in the Central Bank's API Pix 2.9.0: a Pix with a due date,
 * whose fine (multa), interest (juros), rebate (abatimento) and discount (desconto) the bank
 * applies to the amount paid (due-amount.ts computes it). Client and sandbox share these.
 */
import * as v from 'valibot'
import { cobStatuses, pix, valor } from './schemas'

const day = v.pipe(v.string(), v.isoDate())

const modality = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(max))

/** CobVValor: the modalidades are the document's tables (see due-amount.ts). */
export const cobvValor = v.object({
  original: valor,
  multa: v.optional(v.object({ modalidade: modality(2), valorPerc: valor })),
  juros: v.optional(v.object({ modalidade: modality(8), valorPerc: valor })),
  abatimento: v.optional(v.object({ modalidade: modality(2), valorPerc: valor })),
  desconto: v.optional(
    v.object({
      modalidade: modality(6),
      valorPerc: v.optional(valor),
      descontoDataFixa: v.optional(
        v.pipe(v.array(v.object({ data: day, valorPerc: valor })), v.minLength(1), v.maxLength(3)),
      ),
    }),
  ),
})
export type CobvValor = v.InferOutput<typeof cobvValor>

const devedor = v.union([
  v.object({
    cpf: v.pipe(v.string(), v.regex(/^\d{11}$/)),
    nome: v.pipe(v.string(), v.maxLength(200)),
  }),
  v.object({
    cnpj: v.pipe(v.string(), v.regex(/^[0-9A-Z]{14}$/)),
    nome: v.pipe(v.string(), v.maxLength(200)),
  }),
])

/** CobVSolicitada: the body of PUT /cobv/{txid}. */
export const cobvSolicitada = v.object({
  calendario: v.object({
    dataDeVencimento: day,
    validadeAposVencimento: v.optional(v.pipe(v.number(), v.integer()), 30),
  }),
  devedor,
  valor: cobvValor,
  chave: v.pipe(v.string(), v.minLength(1), v.maxLength(77)),
  solicitacaoPagador: v.optional(v.pipe(v.string(), v.maxLength(140))),
})
export type CobvSolicitada = v.InferOutput<typeof cobvSolicitada>

/** CobVRevisada, as this product uses it: removal only. */
export const cobvRemocao = v.strictObject({ status: v.literal('REMOVIDA_PELO_USUARIO_RECEBEDOR') })

/** CobVGerada / CobVCompleta (GET adds the Pix received). */
export const cobv = v.object({
  txid: v.string(),
  revisao: v.number(),
  calendario: v.object({
    criacao: v.string(),
    dataDeVencimento: day,
    validadeAposVencimento: v.number(),
  }),
  status: v.picklist(cobStatuses),
  devedor,
  valor: cobvValor,
  chave: v.string(),
  location: v.string(),
  pixCopiaECola: v.optional(v.string()),
  pix: v.optional(
    v.array(
      v.object({
        ...pix.entries,
        componentesValor: v.optional(v.record(v.string(), v.object({ valor: v.optional(valor) }))),
      }),
    ),
    [],
  ),
})
export type Cobv = v.InferOutput<typeof cobv>
