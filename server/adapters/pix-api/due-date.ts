/**
 * Cobrança com vencimento calls of the API Pix client (PUT/GET/PATCH /cobv/{txid}): a Pix with
 * a due date whose fine, interest, rebate and discount the bank applies (due-amount.ts).
 * Amounts are cents, percentages hundredths of a percent (250 = 2.50 %): both travel as the
 * standard's "2.50".
 */
import * as v from 'valibot'
import type { PixCallContext } from './client'
import { type PixPayment, toPayment } from './client'
import { type Cobv, type CobvValor, cobv } from './due-date-schemas'
import { type CobStatus, fromValor, toValor } from './schemas'

/** A modalidade of the document's tables and its value (cents, or hundredths of a percent). */
export interface DueRule {
  modality: number
  value: number
}

export interface DueTerms {
  amount: number
  /** multa: 1 fixed, 2 percentage. */
  fine?: DueRule | undefined
  /** juros: 1–4 per calendar day (value, % a day, a month, a year), 5–8 per business day. */
  interest?: DueRule | undefined
  /** abatimento: 1 fixed, 2 percentage. */
  rebate?: DueRule | undefined
  /** desconto: 1–2 until fixed dates (`until`), 3–6 per day paid early (`value`). */
  discount?:
    | { modality: number; value?: number | undefined; until?: { date: string; value: number }[] }
    | undefined
}

export interface NewDueCollection extends DueTerms {
  dueDate: string
  /** Calendar days after the due date it can still be paid (validadeAposVencimento). */
  daysAfterDue: number
  payer: { cpf: string; name: string }
  message?: string | undefined
}

export interface DuePayment extends PixPayment {
  /** componentesValor, in cents: original, multa, juros, abatimento, desconto. */
  components: Record<string, number>
}

export interface DueCollection extends DueTerms {
  txid: string
  revision: number
  status: CobStatus
  createdAt: Date
  dueDate: string
  daysAfterDue: number
  copyPaste: string
  location: string
  payments: DuePayment[]
}

const rule = (item: { modalidade: number; valorPerc: string } | undefined) =>
  item ? { modality: item.modalidade, value: fromValor(item.valorPerc) } : undefined

export function toCobvValor(terms: DueTerms): CobvValor {
  const wire = (item: DueRule | undefined) =>
    item ? { modalidade: item.modality, valorPerc: toValor(item.value) } : undefined
  const { discount } = terms
  return {
    original: toValor(terms.amount),
    ...(terms.fine ? { multa: wire(terms.fine) } : {}),
    ...(terms.interest ? { juros: wire(terms.interest) } : {}),
    ...(terms.rebate ? { abatimento: wire(terms.rebate) } : {}),
    ...(discount
      ? {
          desconto: {
            modalidade: discount.modality,
            ...(discount.value === undefined ? {} : { valorPerc: toValor(discount.value) }),
            ...(discount.until
              ? {
                  descontoDataFixa: discount.until.map((entry) => ({
                    data: entry.date,
                    valorPerc: toValor(entry.value),
                  })),
                }
              : {}),
          },
        }
      : {}),
  }
}

const toDueCollection = (item: Cobv): DueCollection => {
  const discount = item.valor.desconto
  return {
    txid: item.txid,
    revision: item.revisao,
    status: item.status,
    createdAt: new Date(item.calendario.criacao),
    dueDate: item.calendario.dataDeVencimento,
    daysAfterDue: item.calendario.validadeAposVencimento,
    amount: fromValor(item.valor.original),
    fine: rule(item.valor.multa),
    interest: rule(item.valor.juros),
    rebate: rule(item.valor.abatimento),
    discount: discount
      ? {
          modality: discount.modalidade,
          value: discount.valorPerc ? fromValor(discount.valorPerc) : undefined,
          until: discount.descontoDataFixa?.map((entry) => ({
            date: entry.data,
            value: fromValor(entry.valorPerc),
          })),
        }
      : undefined,
    copyPaste: item.pixCopiaECola ?? '',
    location: item.location,
    payments: item.pix.map((payment) => ({
      ...toPayment(payment),
      components: Object.fromEntries(
        Object.entries(payment.componentesValor ?? {}).map(([name, part]) => [
          name,
          fromValor(part.valor ?? '0.00'),
        ]),
      ),
    })),
  }
}

export function dueDateCalls({ call, failure, json }: PixCallContext, chave: string) {
  return {
    /** PUT /cobv/{txid}: creates it, or alters it while it is ATIVA. */
    async createDueCollection(txid: string, input: NewDueCollection): Promise<DueCollection> {
      const response = await call('PUT', `/cobv/${txid}`, {
        calendario: {
          dataDeVencimento: input.dueDate,
          validadeAposVencimento: input.daysAfterDue,
        },
        devedor: { cpf: input.payer.cpf, nome: input.payer.name.slice(0, 200) },
        valor: toCobvValor(input),
        chave,
        ...(input.message ? { solicitacaoPagador: input.message.slice(0, 140) } : {}),
      })
      if (response.status !== 201 && response.status !== 200)
        throw failure(response, `criar a cobrança com vencimento ${txid}`)
      return toDueCollection(v.parse(cobv, json(response)))
    },

    /** GET /cobv/{txid}; null when the bank does not know it. */
    async getDueCollection(txid: string): Promise<DueCollection | null> {
      const response = await call('GET', `/cobv/${txid}`)
      if (response.status === 404) return null
      if (response.status !== 200)
        throw failure(response, `consultar a cobrança com vencimento ${txid}`)
      return toDueCollection(v.parse(cobv, json(response)))
    },

    /** PATCH /cobv/{txid} to REMOVIDA_PELO_USUARIO_RECEBEDOR, while it is ATIVA. */
    async removeDueCollection(txid: string): Promise<DueCollection> {
      const response = await call('PATCH', `/cobv/${txid}`, {
        status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
      })
      if (response.status !== 200)
        throw failure(response, `remover a cobrança com vencimento ${txid}`)
      return toDueCollection(v.parse(cobv, json(response)))
    },
  }
}
