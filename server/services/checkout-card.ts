/**
 * POST /checkout/payment-link (spec §7): pay a link by card (CREDIT) or start a card recurrence
 * (RECURRENCE) with a token from the gateway's tokenizer; on a CHANGE_CARD_RECURRENCE link, only
 * swap the recurrence's card. The amount comes from the link's instalments and the price list of
 * its channel for the chosen option, never from the request.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { CardPaymentRequest } from '../../contract/payments'
import type { CardChargeResult, CardOwner, StoredCard } from '../adapters/payment-gateway/index'
import { cardRecurrences, paymentCharges } from '../db/schema'
import { ApiError } from '../http/errors'
import { type Charge, moveCharge, readCharge, settlePayment } from './charges'
import { gatewayOf, openCollection, type PaymentsDeps, resolveCharge } from './collections'
import { recurrenceCardUpdated } from './event-records'
import { fullName } from './mappers'
import {
  assertPayable,
  isCardSwap,
  type LinkContext,
  needsPersonFields,
  optionRule,
  paymentMessages,
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
  outcomeUnknown:
    'Não foi possível confirmar o pagamento agora. Se a cobrança for aprovada, a parcela será marcada como paga; se não, nada será cobrado.',
} as const

export type CheckoutDeps = PaymentsDeps

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

/** The contract whose recurrence the card pays, as the gateway names its owner. */
const cardOwner = (context: LinkContext): CardOwner => ({
  contractId: context.contract.id,
  name: fullName(context.person),
  email: context.person.email ?? undefined,
})

async function knownCard(deps: CheckoutDeps, context: LinkContext, token: string) {
  const card = await gatewayOf(deps).findCard(context.settings.gatewayId, token)
  if (!card) throw new ApiError(422, checkoutMessages.cardUnknown)
  return card
}

/**
 * Nothing is charged: the card is verified with the gateway (a zero-value authorization, so a
 * card that declines is refused now rather than at the next recurring charge), then the
 * recurrence's next charges go to it.
 */
async function swapRecurrenceCard(deps: CheckoutDeps, context: LinkContext, card: StoredCard) {
  let check: CardChargeResult
  try {
    check = await gatewayOf(deps).verifyCard({
      companyId: context.settings.gatewayId,
      cardToken: card.token,
      reference: randomUUID(),
      owner: cardOwner(context),
    })
  } catch (error) {
    deps.logger.error({ err: error }, '[checkout] gateway falhou ao verificar o cartão')
    throw new ApiError(502, checkoutMessages.gatewayFailed)
  }
  if (!check.approved) throw new ApiError(402, check.message)
  const swapped = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(cardRecurrences)
      .set({
        cardToken: card.token,
        brand: card.brand,
        lastFour: card.lastFour,
        updatedAt: deps.now(),
      })
      .where(eq(cardRecurrences.contractId, context.contract.id))
      .returning({ id: cardRecurrences.id })
    // Brand and last 4 only: the provider's system never sees the card.
    if (row)
      await recurrenceCardUpdated(tx, {
        contractId: context.contract.id,
        brand: card.brand,
        last4: card.lastFour,
        at: deps.now(),
      })
    return row
  })
  if (!swapped) throw new ApiError(422, checkoutMessages.noRecurrence)
  return checkoutMessages.cardSwapped
}

/**
 * Answers the success message; a decline is a 402 with the gateway's message. The charge is
 * written (CREATED, holding the instalments) before the gateway is asked, with our reference: a
 * crash or a timeout leaves something the reconciler resolves by asking the gateway.
 */
export async function payWithCard(deps: CheckoutDeps, input: CardPaymentRequest): Promise<string> {
  const now = deps.now()
  const context = await readLinkContext(deps.db, input.code, deps.live)
  assertNotExpired(input.month, input.year, now)
  if (isCardSwap(context)) {
    if (!context.live.credit) throw new ApiError(422, paymentMessages.methodUnavailable)
    return swapRecurrenceCard(deps, context, await knownCard(deps, context, input.card_token))
  }
  assertPayable(context)
  if (needsPersonFields(context.person) && !hasFullAddress(input)) {
    throw new ApiError(400, checkoutMessages.addressIncomplete)
  }
  const method = input.payment_type
  const rule = optionRule(context, method, input.installments)
  const card = await knownCard(deps, context, input.card_token)

  const claim = await openCollection(deps, context, {
    method,
    installments: input.installments,
    rule,
    data: { card: { brand: card.brand, lastFour: card.lastFour } },
  })
  const { charge } = claim
  let result: CardChargeResult
  try {
    result = await gatewayOf(deps).chargeCard({
      companyId: context.settings.gatewayId,
      cardToken: card.token,
      amount: charge.amount,
      installments: input.installments,
      reference: charge.id,
      description: `${context.modelName} ${context.contract.contractNumber ?? ''}`.trim(),
      ...(method === 'RECURRENCE' ? { keepFor: cardOwner(context) } : {}),
    })
  } catch (error) {
    deps.logger.error({ err: error }, `[checkout] gateway falhou na cobrança ${charge.id}`)
    // It may have been charged after all: ask by our reference now, else the reconciler will.
    await resolveCharge(deps, charge).catch(() => undefined)
    const after = await readCharge(deps.db, charge.id)
    if (after?.status === 'PAID') return checkoutMessages.paid
    throw new ApiError(
      502,
      after?.status === 'CREATED'
        ? checkoutMessages.outcomeUnknown
        : checkoutMessages.gatewayFailed,
    )
  }
  if (!result.approved) {
    await moveCharge(deps.db, charge.id, 'DECLINED', { message: result.message })
    throw new ApiError(402, result.message)
  }
  await settleCard(
    deps,
    charge,
    result.gatewayRef,
    context.contract.id,
    method === 'RECURRENCE' ? card : null,
  )
  return checkoutMessages.paid
}

/** An approved card charge: charge, instalments and link settle together (and the recurrence). */
async function settleCard(
  deps: CheckoutDeps,
  charge: Charge,
  gatewayRef: string,
  contractId: string,
  recurring: StoredCard | null,
) {
  const now = deps.now()
  await settlePayment(
    deps.db,
    charge.id,
    { id: `card:${gatewayRef}`, amount: charge.amount, at: now },
    async (tx) => {
      await tx.update(paymentCharges).set({ gatewayRef }).where(eq(paymentCharges.id, charge.id))
      if (!recurring) return
      // The recurrence's next charges go to this card.
      const values = {
        cardToken: recurring.token,
        brand: recurring.brand,
        lastFour: recurring.lastFour,
      }
      await tx
        .insert(cardRecurrences)
        .values({ contractId, ...values, updatedAt: now })
        .onConflictDoUpdate({
          target: cardRecurrences.contractId,
          set: { ...values, updatedAt: now },
        })
    },
  )
}
