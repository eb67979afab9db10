/**
 * Payment links (spec §3 "Payment link data", §7 send-payment-link and checkout/payment-link): a
 * holder picks unpaid instalments in the app and gets a public link; whoever opens it sees the
 * charge and the price lists. Every amount is computed here from the instalments and the model's
 * price list, never taken from a client.
 */
import { randomBytes } from 'node:crypto'
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { isUuid } from '../../contract/http'
import {
  changeCardRecurrenceSrc,
  type PaymentAdjustment,
  type PaymentLinkData,
  type PaymentType,
  type ValidPaymentTypes,
} from '../../contract/payments'
import type { CardEntry } from '../adapters/payment-gateway/index'
import { appOrigin, type Config } from '../config'
import type { Database } from '../db/client'
import {
  cardRecurrences,
  contracts,
  holders,
  modelContracts,
  paymentAdjustments,
  paymentLinks,
  paymentOrders,
  paymentSettings,
  persons,
} from '../db/schema'
import { ApiError } from '../http/errors'
import { fullName } from './mappers'
import {
  type AdjustmentRule,
  adjustedAmount,
  brazilianDate,
  type InstalmentDue,
  instalmentDue,
  linkTotals,
  nextBusinessDays,
  percentageText,
  splitInstallments,
  todayInSaoPaulo,
} from './payment-amounts'

export const paymentMessages = {
  instalmentNotFound: 'Parcela não encontrada.',
  instalmentCancelled: 'Esta parcela foi cancelada e não pode mais ser paga.',
  instalmentPaid: (installment: number) => `A parcela ${installment} já está paga.`,
  oneContract: 'Selecione parcelas de um mesmo contrato.',
  linkNotFound: 'Link de pagamento não encontrado.',
  linkPaid: 'Este link já foi pago.',
  linkInProgress: 'Este link já está sendo pago. Aguarde a confirmação.',
  linkPartlyPaid: 'Parte das parcelas deste link já foi paga. Gere um novo link de pagamento.',
  methodUnavailable: 'Forma de pagamento indisponível para este link.',
  optionUnavailable: 'Opção de parcelamento indisponível para este link.',
  nothingToPay: 'Não há valor a pagar neste link.',
  gatewayUnavailable:
    'Pagamentos indisponíveis no momento: nenhum gateway de pagamento configurado.',
} as const

/** Whoever the app creates a link for: the holder paying their own instalments. */
const APP_LINK = { channel: 'B2C', src: 'PORTAL_TITULAR' } as const
const BOLETO_DUE_DATES = 3
/** 12 URL-safe characters (72 random bits): unguessable, short enough to type. */
const CODE_BYTES = 9
const linkCodePattern = /^[A-Za-z0-9_-]{4,64}$/

/**
 * A new link for these instalments of the holder's own contracts: every id must name an unpaid
 * instalment of one contract this person holds. Answers the link's code.
 */
export async function createPaymentLink(
  db: Database,
  input: { personId: string; ids: string[]; now: Date },
): Promise<string> {
  const ids = [...new Set(input.ids.map((id) => id.toLowerCase()))]
  if (!ids.every(isUuid)) throw new ApiError(404, paymentMessages.instalmentNotFound)
  const rows = await db
    .select({
      id: paymentOrders.id,
      contractId: paymentOrders.contractId,
      installment: paymentOrders.installment,
      status: paymentOrders.status,
    })
    .from(paymentOrders)
    .innerJoin(holders, eq(holders.contractId, paymentOrders.contractId))
    .where(
      and(
        inArray(paymentOrders.id, ids),
        eq(holders.personId, input.personId),
        isNull(paymentOrders.cancelledAt),
      ),
    )
    .orderBy(asc(paymentOrders.installment))
  if (rows.length !== ids.length) throw new ApiError(404, paymentMessages.instalmentNotFound)
  const contractIds = new Set(rows.map((row) => row.contractId))
  const [contractId] = contractIds
  if (contractIds.size !== 1 || !contractId) throw new ApiError(422, paymentMessages.oneContract)
  const paid = rows.find((row) => row.status === 'PAID')
  if (paid) throw new ApiError(422, paymentMessages.instalmentPaid(paid.installment))

  const code = newLinkCode()
  await insertHolderLink(db, {
    code,
    contractId,
    instalmentIds: rows.map((row) => row.id),
    now: input.now,
  })
  return code
}

export const newLinkCode = () => randomBytes(CODE_BYTES).toString('base64url')

/** Stores an app link (the holder paying their own instalments) under a code from newLinkCode. */
export async function insertHolderLink(
  db: Database,
  link: { code: string; contractId: string; instalmentIds: string[]; now: Date },
) {
  await db.insert(paymentLinks).values({
    code: link.code,
    contractId: link.contractId,
    instalmentIds: link.instalmentIds,
    ...APP_LINK,
    createdAt: link.now,
  })
}

/** The app address that opens a link: /pagamento?code=… on PUBLIC_URL, never on Host. */
export const paymentLinkUrl = (config: Pick<Config, 'publicUrl' | 'port'>, code: string) =>
  `${appOrigin(config)}/pagamento?code=${code}`

export interface PaymentSettings {
  validPaymentTypes: ValidPaymentTypes
  expirationPix: number
  fixedInstallments: number
  gatewayId: string
}

/** Every method: what a link offers when nothing else limits it. */
const everyMethod: ValidPaymentTypes = {
  pix: true,
  credit: true,
  recurrence: true,
  boleto_pix: true,
}

/** Everything a link's screen and its payments need, read in three queries. */
export interface LinkContext {
  link: typeof paymentLinks.$inferSelect
  contract: typeof contracts.$inferSelect
  person: typeof persons.$inferSelect
  modelName: string
  /** The model's settings, its methods narrowed to those this server takes. */
  settings: PaymentSettings
  /** What this server takes (a card swap needs the card gateway). */
  live: ValidPaymentTypes
  adjustments: (AdjustmentRule & { channel: string })[]
  instalments: (typeof paymentOrders.$inferSelect)[]
  /** A card swap's recurrence: the card it charges now (brand and last four), if any. */
  currentCard: { brand: string; lastFour: string } | null
}

/** A model without payment settings accepts nothing. */
const noPayments: PaymentSettings = {
  validPaymentTypes: { pix: false, credit: false, recurrence: false, boleto_pix: false },
  expirationPix: 30,
  fixedInstallments: 0,
  gatewayId: '',
}

/**
 * The link and all it needs. `live` is what this server can take: a method the model offers but
 * no provider here collects is not offered (and refused if asked for).
 */
export async function readLinkContext(
  db: Database,
  code: string,
  live: ValidPaymentTypes = everyMethod,
): Promise<LinkContext> {
  if (!linkCodePattern.test(code)) throw new ApiError(404, paymentMessages.linkNotFound)
  const [found] = await db
    .select({
      link: paymentLinks,
      contract: contracts,
      person: persons,
      modelName: modelContracts.name,
      settings: paymentSettings,
    })
    .from(paymentLinks)
    .innerJoin(contracts, eq(contracts.id, paymentLinks.contractId))
    .innerJoin(holders, eq(holders.contractId, contracts.id))
    .innerJoin(persons, eq(persons.id, holders.personId))
    .innerJoin(modelContracts, eq(modelContracts.id, contracts.modelContractId))
    .leftJoin(paymentSettings, eq(paymentSettings.modelContractId, contracts.modelContractId))
    .where(eq(paymentLinks.code, code))
  if (!found) throw new ApiError(404, paymentMessages.linkNotFound)
  const swap = found.link.src === changeCardRecurrenceSrc
  const [adjustments, instalments, cards] = await Promise.all([
    db
      .select({
        channel: paymentAdjustments.channel,
        typePayment: paymentAdjustments.typePayment,
        type: paymentAdjustments.type,
        basisPoints: paymentAdjustments.basisPoints,
        installment: paymentAdjustments.installment,
      })
      .from(paymentAdjustments)
      .where(eq(paymentAdjustments.modelContractId, found.contract.modelContractId))
      .orderBy(asc(paymentAdjustments.typePayment), asc(paymentAdjustments.installment)),
    found.link.instalmentIds.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(paymentOrders)
          .where(inArray(paymentOrders.id, found.link.instalmentIds))
          .orderBy(asc(paymentOrders.installment), asc(paymentOrders.id)),
    swap
      ? db
          .select({ brand: cardRecurrences.brand, lastFour: cardRecurrences.lastFour })
          .from(cardRecurrences)
          .where(eq(cardRecurrences.contractId, found.contract.id))
      : Promise.resolve([]),
  ])
  const { settings: stored, ...rest } = found
  const settings = stored ?? noPayments
  const offered = {
    pix: settings.validPaymentTypes.pix && live.pix,
    credit: settings.validPaymentTypes.credit && live.credit,
    recurrence: settings.validPaymentTypes.recurrence && live.recurrence,
    boleto_pix: settings.validPaymentTypes.boleto_pix && live.boleto_pix,
  }
  return {
    ...rest,
    settings: { ...settings, validPaymentTypes: offered },
    live,
    adjustments,
    instalments,
    currentCard: cards[0] ?? null,
  }
}

export const isCardSwap = (context: LinkContext) => context.link.src === changeCardRecurrenceSrc

/**
 * A link can be paid while it is open and none of its instalments was paid some other way
 * (another link); the answer says which of the two it is. Opening a paid link answers 410 (it is
 * gone); paying it again, 409 (a conflict with the payment that won).
 */
export function assertPayable(context: LinkContext, paidStatus: 409 | 410 = 409) {
  if (context.link.status === 'PAID') throw new ApiError(paidStatus, paymentMessages.linkPaid)
  if (context.instalments.some((row) => row.cancelledAt !== null))
    throw new ApiError(paidStatus, paymentMessages.instalmentCancelled)
  const paid = context.instalments.filter((row) => row.status === 'PAID').length
  if (paid === 0) return
  if (paid === context.instalments.length) throw new ApiError(paidStatus, paymentMessages.linkPaid)
  throw new ApiError(409, paymentMessages.linkPartlyPaid)
}

export const linkDues = (context: LinkContext, now: Date): InstalmentDue[] => {
  const today = todayInSaoPaulo(now)
  return context.instalments.map((row) => instalmentDue(row, today))
}

/** The price list a link's channel selects (spec §6): B2B, B2C, or the general one. */
export const listChannel = (channel: string) =>
  channel === 'B2B' || channel === 'B2C' ? channel : 'OTHER'

const methodFlag: Record<PaymentType, keyof ValidPaymentTypes> = {
  PIX: 'pix',
  CREDIT: 'credit',
  RECURRENCE: 'recurrence',
  INSTALLMENT_BILL: 'boleto_pix',
}

/**
 * The adjustment of a payment option, undefined for none. Fixed instalments (spec §5) allow
 * recurrence and boleto only in exactly that many instalments, without adjustment; otherwise an
 * option exists when the channel's list has it (1x, and Pix, also without one).
 */
export function optionRule(
  context: LinkContext,
  typePayment: PaymentType,
  installments: number,
): AdjustmentRule | undefined {
  if (!context.settings.validPaymentTypes[methodFlag[typePayment]]) {
    throw new ApiError(422, paymentMessages.methodUnavailable)
  }
  const fixed = context.settings.fixedInstallments
  if (fixed > 0 && (typePayment === 'RECURRENCE' || typePayment === 'INSTALLMENT_BILL')) {
    if (installments !== fixed) throw new ApiError(422, paymentMessages.optionUnavailable)
    return undefined
  }
  const channel = listChannel(context.link.channel)
  const rule = context.adjustments.find(
    (entry) =>
      entry.channel === channel &&
      entry.typePayment === typePayment &&
      entry.installment === installments,
  )
  if (!rule && installments !== 1) throw new ApiError(422, paymentMessages.optionUnavailable)
  return rule
}

const personAddress = (person: LinkContext['person']) => ({
  address_cep: person.cep ?? '',
  address_state: person.state ?? '',
  address_city: person.city ?? '',
  address_street: person.street ?? '',
  address_number: person.addressNumber ?? '',
  address_neighborhood: person.neighborhood ?? '',
})

/** Whether the holder's address misses something a boleto or the card form needs. */
export const needsPersonFields = (person: LinkContext['person']) =>
  Object.values(personAddress(person)).some((value) => value.trim() === '')

export const boletoDueDates = (now: Date) =>
  nextBusinessDays(todayInSaoPaulo(now), BOLETO_DUE_DATES).map(brazilianDate)

const phoneText = (person: LinkContext['person']) =>
  person.phoneNumber ? `+${person.phoneDdi ?? '55'} ${person.phoneNumber}` : ''

/**
 * GET /checkout/payment-link : the screen's data for an open link, and (beyond the spec) how the
 * browser takes a card here when a card method is offered.
 */
export function toPaymentLinkData(
  context: LinkContext,
  now: Date,
  cardEntry?: CardEntry,
): PaymentLinkData {
  const swap = isCardSwap(context)
  const totals = linkTotals(linkDues(context, now))
  const list = (channel: string): PaymentAdjustment[] =>
    context.adjustments
      .filter((entry) => entry.channel === channel)
      .map((entry) => ({
        typePayment: entry.typePayment,
        type: entry.type,
        percentage: percentageText(entry.basisPoints),
        installment: entry.installment,
        first_installment_value:
          splitInstallments(adjustedAmount(totals.value, entry), entry.installment)[0] ?? 0,
      }))
  const { contract, person } = context
  const validTypes = swap
    ? { pix: false, credit: context.live.credit, recurrence: false, boleto_pix: false }
    : context.settings.validPaymentTypes
  return {
    holder: fullName(person),
    email: person.email ?? '',
    phone: phoneText(person),
    cpf: person.cpf ?? '',
    contract: context.modelName,
    numberContract: contract.contractNumber ?? '',
    serieContract: contract.serie ?? '',
    installment: context.instalments.map((row) => row.installment).join(', '),
    description: swap
      ? 'Troca do cartão da recorrência'
      : context.instalments.map((row) => row.description).join('; '),
    payment_order_value: totals.paymentOrderValue,
    discount: totals.discount,
    fee: totals.fee,
    fine: totals.fine,
    correction: totals.correction,
    value: totals.value,
    src: context.link.src,
    chanel: context.link.channel,
    gateway_id: context.settings.gatewayId,
    expiration_pix: context.settings.expirationPix,
    fixed_installments: context.settings.fixedInstallments,
    need_fill_person_fields: needsPersonFields(person) ? 'true' : 'false',
    ...personAddress(person),
    boleto_due_dates: boletoDueDates(now),
    due_dates: swap ? [] : context.instalments.map((row) => row.dueDate),
    valid_payment_types: validTypes,
    ...(swap && context.currentCard
      ? {
          current_card: {
            brand: context.currentCard.brand,
            last_four: context.currentCard.lastFour,
          },
        }
      : {}),
    ...(cardEntry && (validTypes.credit || validTypes.recurrence) ? { card_entry: cardEntry } : {}),
    payment_adjustment: {
      payment_adjustment_list: list('OTHER'),
      payment_adjustment_list_b2b: list('B2B'),
      payment_adjustment_list_b2c: list('B2C'),
    },
  }
}
