/**
 * POST /checkout/payment-link (spec §7): pay a link by card (CREDIT) or start a card recurrence
 * (RECURRENCE) with a token from the gateway's tokenizer; on a CHANGE_CARD_RECURRENCE link, only
 * swap the recurrence's card. The amount comes from the link's instalments and the price list of
 * its channel for the chosen option, never from the request.
 */
import { eq } from 'drizzle-orm'
import type { CardPaymentRequest } from '../../src/api/schemas'
import type { PaymentGateway, StoredCard } from '../adapters/payment-gateway/index'
import type { Database } from '../db/client'
import { cardRecurrences } from '../db/schema'
import type { Logger } from '../deps'
import { ApiError } from '../http/errors'
import { claimCardCharge, releaseCharge, settleCardCharge } from './charges'
import {
  assertPayable,
  isCardSwap,
  type LinkContext,
  needsPersonFields,
  optionRule,
  readLinkContext,
} from './payment-links'

export const checkoutMessages = {
  paid: 'Pagamento realizado com sucesso!',
  cardSwapped: 'Cartão alterado com sucesso!',
  boletoSent: 'Seu boleto será enviado via WhatsApp e E-mail!',
  pixWaiting: 'Aguardando pagamento',
  pixNotFound: 'Pix não encontrado.',
  pixExpired: 'Pix expirado. Gere um novo Pix.',
  cardYearPast: 'Informe o ano de vencimento do cartão maior ou igual ao ano atual.',
  cardExpired: 'Cartão vencido.',
  cardUnknown: 'Cartão não encontrado. Informe os dados do cartão novamente.',
  noRecurrence: 'Este contrato não tem pagamento recorrente para trocar o cartão.',
  addressIncomplete: 'Preencha o endereço completo: CEP, estado, cidade, rua, número e bairro.',
  gatewayFailed: 'Não foi possível concluir o pagamento com o gateway. Tente novamente.',
} as const

export interface CheckoutDeps {
  db: Database
  gateway: PaymentGateway
  now: () => Date
  logger: Logger
}

type AddressInput = Pick<
  CardPaymentRequest,
  'zip_code' | 'state' | 'city' | 'street' | 'number' | 'neighborhood'
>

export const hasFullAddress = (input: AddressInput) =>
  [input.zip_code, input.state, input.city, input.street, input.number, input.neighborhood].every(
    (value) => value !== null && value !== '',
  )

/** The card's expiry month has not passed (spec §5 checks 1–5, with the full year). */
function assertNotExpired(month: number, year: number, now: Date) {
  const currentYear = now.getUTCFullYear()
  if (year < currentYear) throw new ApiError(400, checkoutMessages.cardYearPast)
  if (year === currentYear && month < now.getUTCMonth() + 1) {
    throw new ApiError(400, checkoutMessages.cardExpired)
  }
}

async function knownCard(deps: CheckoutDeps, context: LinkContext, token: string) {
  const card = await deps.gateway.findCard(context.settings.gatewayId, token)
  if (!card) throw new ApiError(422, checkoutMessages.cardUnknown)
  return card
}

/** Nothing is charged: the recurrence's next charges go to the new card. */
async function swapRecurrenceCard(deps: CheckoutDeps, context: LinkContext, card: StoredCard) {
  const [swapped] = await deps.db
    .update(cardRecurrences)
    .set({
      cardToken: card.token,
      brand: card.brand,
      lastFour: card.lastFour,
      updatedAt: deps.now(),
    })
    .where(eq(cardRecurrences.contractId, context.contract.id))
    .returning({ id: cardRecurrences.id })
  if (!swapped) throw new ApiError(422, checkoutMessages.noRecurrence)
  return checkoutMessages.cardSwapped
}

/** Answers the success message; a decline is a 402 with the gateway's message. */
export async function payWithCard(deps: CheckoutDeps, input: CardPaymentRequest): Promise<string> {
  const now = deps.now()
  const context = await readLinkContext(deps.db, input.code)
  assertNotExpired(input.month, input.year, now)
  if (isCardSwap(context)) {
    return swapRecurrenceCard(deps, context, await knownCard(deps, context, input.card_token))
  }
  assertPayable(context)
  if (needsPersonFields(context.person) && !hasFullAddress(input)) {
    throw new ApiError(400, checkoutMessages.addressIncomplete)
  }
  const method = input.payment_type
  const rule = optionRule(context, method, input.installments)
  const card = await knownCard(deps, context, input.card_token)

  const charge = await claimCardCharge(
    deps.db,
    context,
    { method, installments: input.installments, rule },
    now,
  )
  let result: Awaited<ReturnType<PaymentGateway['chargeCard']>>
  try {
    result = await deps.gateway.chargeCard({
      companyId: context.settings.gatewayId,
      cardToken: card.token,
      amount: charge.plan.amount,
      installments: input.installments,
      reference: charge.id,
      description: `${context.modelName} ${context.contract.contractNumber ?? ''}`.trim(),
    })
  } catch (error) {
    deps.logger.error(`[checkout] gateway falhou na cobrança ${charge.id}:`, error)
    await releaseCharge(deps.db, charge.id, 'FAILED', checkoutMessages.gatewayFailed)
    throw new ApiError(502, checkoutMessages.gatewayFailed)
  }
  if (!result.approved) {
    await releaseCharge(deps.db, charge.id, 'DECLINED', result.message)
    throw new ApiError(402, result.message)
  }
  await settleCardCharge(deps.db, charge, result.gatewayRef, deps.now(), async (tx) => {
    if (method !== 'RECURRENCE') return
    // The recurrence's next charges go to this card.
    const values = { cardToken: card.token, brand: card.brand, lastFour: card.lastFour }
    await tx
      .insert(cardRecurrences)
      .values({ contractId: context.contract.id, ...values, updatedAt: now })
      .onConflictDoUpdate({
        target: cardRecurrences.contractId,
        set: { ...values, updatedAt: now },
      })
  })
  return checkoutMessages.paid
}
