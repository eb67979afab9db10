/**
 * Payment receipts ("Comprovante", beyond the spec; every payment product has them): who paid
 * which instalments, how much, how, when, and the payment's authentication at its source (the
 * Pix end-to-end id, the card charge's reference, the boleto's line). For a holder's own paid
 * instalment, or for a paid payment link (whoever holds its code, as for the link itself).
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../db/client'
import {
  contracts,
  holders,
  modelContracts,
  paymentCharges,
  paymentLinks,
  paymentOrders,
  persons,
  receivedPayments,
} from '../db/schema'
import { ApiError } from '../http/errors'
import { fullName } from './mappers'

export const receiptMessages = {
  notFound: 'Comprovante não encontrado: a parcela não está paga.',
} as const

export interface Receipt {
  payer: { name: string; cpf: string | null }
  contract: { model: string; number: string | null }
  instalments: { installment: number; description: string; paid: number }[]
  total: number
  method: string
  paidAt: Date
  /** The payment's id at its source, to trace it at the bank or the card network. */
  authentication: string
  /** Cents of fine and interest the bank computed and `total` includes (a cobv paid late). */
  lateCharges?: number
}

const methodLabel = (method: string, card?: { brand: string; lastFour: string }) => {
  const cardText = card ? ` (${card.brand.toUpperCase()} final ${card.lastFour})` : ''
  switch (method) {
    case 'PIX':
      return 'Pix'
    case 'CREDIT':
      return `Cartão de crédito${cardText}`
    case 'RECURRENCE':
      return `Recorrência no cartão${cardText}`
    case 'INSTALLMENT_BILL':
      return 'Boleto'
    case 'PIX_AUTOMATICO':
      return 'Pix Automático'
    default:
      return 'Não informada'
  }
}

/** The receipt of the charge that paid `instalmentIds` (or of the instalment alone, seeded). */
async function build(db: Database, contractId: string, instalmentId: string): Promise<Receipt> {
  const [row] = await db
    .select({
      order: paymentOrders,
      person: persons,
      model: modelContracts.name,
      number: contracts.contractNumber,
    })
    .from(paymentOrders)
    .innerJoin(contracts, eq(contracts.id, paymentOrders.contractId))
    .innerJoin(modelContracts, eq(modelContracts.id, contracts.modelContractId))
    .innerJoin(holders, eq(holders.contractId, contracts.id))
    .innerJoin(persons, eq(persons.id, holders.personId))
    .where(and(eq(paymentOrders.id, instalmentId), eq(paymentOrders.contractId, contractId)))
  if (row?.order.status !== 'PAID') throw new ApiError(404, receiptMessages.notFound)
  const base = {
    payer: { name: fullName(row.person), cpf: row.person.cpf },
    contract: { model: row.model, number: row.number },
  }
  const [charge] = row.order.chargeId
    ? await db
        .select()
        .from(paymentCharges)
        .where(and(eq(paymentCharges.id, row.order.chargeId), eq(paymentCharges.status, 'PAID')))
    : []
  if (!charge) {
    // Paid before this server kept charges (demo data): the instalment is all there is.
    const paid = row.order.paidValue ?? row.order.value - row.order.discount
    return {
      ...base,
      instalments: [
        { installment: row.order.installment, description: row.order.description, paid },
      ],
      total: paid,
      method: methodLabel(''),
      paidAt: row.order.paidAt ?? row.order.createdAt,
      authentication: '—',
    }
  }
  const ids = charge.data.shares.map((share) => share.id)
  const orders = await db.select().from(paymentOrders).where(inArray(paymentOrders.id, ids))
  const [payment] = await db
    .select()
    .from(receivedPayments)
    .where(and(eq(receivedPayments.chargeId, charge.id), eq(receivedPayments.applied, true)))
  // A boleto paid by its Pix with a due date (/cobv): the Pix's end-to-end id, and what the bank
  // added to it.
  const byCobv = charge.method === 'INSTALLMENT_BILL' && payment?.method === 'PIX'
  const bank = charge.data.cobv?.paid
  const lateCharges = byCobv && bank ? (bank.multa ?? 0) + (bank.juros ?? 0) : 0
  const authentication =
    charge.method === 'INSTALLMENT_BILL' && !byCobv
      ? (charge.data.boletos?.map((boleto) => boleto.digitableLine).join(' / ') ?? '—')
      : (payment?.id.replace(/^card:/, '') ?? charge.gatewayRef ?? '—')
  return {
    ...base,
    instalments: orders
      .sort((a, b) => a.installment - b.installment)
      .map((order) => ({
        installment: order.installment,
        description: order.description,
        paid: order.paidValue ?? 0,
      })),
    total: payment?.amount ?? charge.amount,
    method: byCobv ? 'Pix com vencimento (boleto)' : methodLabel(charge.method, charge.data.card),
    paidAt: payment?.receivedAt ?? charge.settledAt ?? charge.createdAt,
    authentication,
    ...(lateCharges > 0 ? { lateCharges } : {}),
  }
}

/** A holder's own paid instalment; 404 for anything else. */
export async function receiptOfInstalment(db: Database, personId: string, instalmentId: string) {
  const [owned] = await db
    .select({ contractId: paymentOrders.contractId })
    .from(paymentOrders)
    .innerJoin(holders, eq(holders.contractId, paymentOrders.contractId))
    .where(and(eq(paymentOrders.id, instalmentId), eq(holders.personId, personId)))
  if (!owned) throw new ApiError(404, receiptMessages.notFound)
  return build(db, owned.contractId, instalmentId)
}

/** A paid payment link's receipt (its code opens it, as it opened the link). */
export async function receiptOfLink(db: Database, code: string) {
  const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.code, code))
  const [first] = link?.status === 'PAID' ? link.instalmentIds : []
  if (!link || !first) throw new ApiError(404, receiptMessages.notFound)
  return build(db, link.contractId, first)
}
