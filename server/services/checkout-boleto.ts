/**
 * POST /checkout/pix-boleto (spec §7): boletos for a payment link, one per instalment of the
 * chosen option, the first due on one of the offered dates and the others monthly after it; sent
 * to the holder by e-mail and WhatsApp (and to the dev outbox in demo mode). The boletos are one
 * live collection of the link's instalments: asking again with the same option sends the same
 * ones again (at most once per 10 minutes), another option replaces them at the gateway.
 */
import type { BoletoRequest, BoletoResponse } from '../../contract/payments'
import { formatDigitableLine } from '../adapters/payment-gateway/boleto-line'
import type { Boleto } from '../adapters/payment-gateway/index'
import { ApiError } from '../http/errors'
import { boletoPixAnswer, boletoPixClaim, sendBoletoPix } from './boleto-pix'
import { type Charge, chargesOfLink, moveCharge, noteOnCharge } from './charges'
import { type CheckoutDeps, checkoutMessages, hasFullAddress } from './checkout-card'
import { boletoReference, gatewayOf, openCollection } from './collections'
import { reais, tellHolder } from './holder-messages'
import { fullName } from './mappers'
import { addMonthsTo, brazilianDate, isoFromBrazilian, splitInstallments } from './payment-amounts'
import {
  assertPayable,
  boletoDueDates,
  isCardSwap,
  type LinkContext,
  optionRule,
  paymentMessages,
  readLinkContext,
} from './payment-links'

/** Messages to the holder about one link's boletos: at most one per this window. */
export const BOLETO_RESEND_MS = 10 * 60_000

export const boletoMessages = {
  dueDate: 'Escolha uma das datas de vencimento oferecidas para o boleto.',
  resendTooSoon: (minutes: number) =>
    `O boleto já foi enviado por WhatsApp e E-mail há pouco. Um novo envio poderá ser pedido em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
} as const

type SentBoleto = NonNullable<Charge['data']['boletos']>[number]

function boletoText(context: LinkContext, boletos: SentBoleto[]) {
  const lines = boletos.map(
    (boleto, index) =>
      `${boletos.length > 1 ? `Parcela ${index + 1}/${boletos.length}: ` : ''}${reais(boleto.amount)}, vencimento ${brazilianDate(boleto.dueDate)}. Linha digitável: ${formatDigitableLine(boleto.digitableLine)}`,
  )
  return [
    `Olá, ${context.person.firstName}! Segue o boleto de ${context.modelName} (contrato ${context.contract.contractNumber ?? ''}).`,
    ...lines,
  ].join('\n')
}

const answer = (
  message: string,
  boletos: SentBoleto[],
  pix: BoletoResponse['pix'],
): BoletoResponse => ({
  message,
  boletos: boletos.map((boleto) => ({
    digitable_line: boleto.digitableLine,
    due_date: boleto.dueDate,
    amount: boleto.amount,
  })),
  ...(pix ? { pix } : {}),
})

/** When the link's boletos may be sent again; null when they may now. */
async function resendWait(deps: CheckoutDeps, context: LinkContext): Promise<number | null> {
  const sent = (await chargesOfLink(deps.db, context.link.id))
    .flatMap((charge) => (charge.data.boletosSentAt ? [Date.parse(charge.data.boletosSentAt)] : []))
    .sort((a, b) => b - a)[0]
  const wait = sent === undefined ? 0 : sent + BOLETO_RESEND_MS - deps.now().getTime()
  return wait > 0 ? wait : null
}

export async function issueBoletos(
  deps: CheckoutDeps,
  input: BoletoRequest,
): Promise<BoletoResponse> {
  const now = deps.now()
  const context = await readLinkContext(deps.db, input.code, deps.live)
  if (isCardSwap(context)) throw new ApiError(422, paymentMessages.methodUnavailable)
  assertPayable(context)
  const rule = optionRule(context, 'INSTALLMENT_BILL', input.installments)
  if (!hasFullAddress(input)) throw new ApiError(400, checkoutMessages.addressIncomplete)
  if (!boletoDueDates(now).includes(input.selected_date)) {
    throw new ApiError(422, boletoMessages.dueDate)
  }
  const firstDue = isoFromBrazilian(input.selected_date)
  const wait = await resendWait(deps, context)

  const claim = await openCollection(deps, context, {
    method: 'INSTALLMENT_BILL',
    installments: input.installments,
    rule,
    data: boletoPixClaim(deps, context, input.installments),
    reusable: (holder, plan) =>
      holder.method === 'INSTALLMENT_BILL' &&
      holder.status === 'PROCESSING' &&
      holder.linkId === context.link.id &&
      holder.installments === input.installments &&
      holder.amount === plan.amount &&
      holder.data.boletos?.[0]?.dueDate === firstDue,
  })
  if (claim.kind === 'reused') {
    const boletos = claim.charge.data.boletos ?? []
    if (wait !== null)
      throw new ApiError(429, boletoMessages.resendTooSoon(Math.ceil(wait / 60_000)))
    await send(deps, context, claim.charge, boletos)
    return answer(checkoutMessages.boletoSent, boletos, boletoPixAnswer(claim.charge, now))
  }

  const { charge } = claim
  let boletos: Boleto[]
  const gateway = gatewayOf(deps)
  const parts = splitInstallments(charge.amount, input.installments)
  try {
    boletos = await Promise.all(
      parts.map((amount, index) =>
        gateway.createBoleto({
          companyId: context.settings.gatewayId,
          amount,
          dueDate: addMonthsTo(firstDue, index),
          reference: boletoReference(charge.id, index),
          description:
            `${context.modelName} ${context.contract.contractNumber ?? ''}${parts.length > 1 ? ` (${index + 1}/${parts.length})` : ''}`.trim(),
          payer: {
            name: fullName(context.person),
            cpf: context.person.cpf ?? '',
            email: input.email ?? context.person.email ?? undefined,
            address: {
              zipCode: input.zip_code ?? '',
              state: input.state ?? '',
              city: input.city ?? '',
              street: input.street ?? '',
              number: input.number ?? '',
              neighborhood: input.neighborhood ?? '',
            },
          },
        }),
      ),
    )
  } catch (error) {
    deps.logger.error({ err: error }, `[checkout] gateway falhou ao emitir o boleto ${charge.id}`)
    // Left CREATED: the reconciler asks the gateway by reference and cancels what it lacks.
    throw new ApiError(502, checkoutMessages.gatewayFailed)
  }
  const sent: SentBoleto[] = boletos.map(({ digitableLine, dueDate, amount }, index) => ({
    digitableLine,
    dueDate,
    amount,
    reference: boletoReference(charge.id, index),
  }))
  const cobv = await sendBoletoPix(deps, context, charge, firstDue)
  const live = await moveCharge(deps.db, charge.id, 'PROCESSING', {
    data: { ...charge.data, boletos: sent, ...(cobv ? { cobv } : {}) },
  })
  if (!live) throw new ApiError(409, paymentMessages.linkInProgress)
  // A new set of boletos is always shown; messages go at most once per window.
  if (wait === null) await send(deps, context, live, sent)
  return answer(checkoutMessages.boletoSent, sent, boletoPixAnswer(live, now))
}

async function send(
  deps: CheckoutDeps,
  context: LinkContext,
  charge: Charge,
  boletos: SentBoleto[],
) {
  await tellHolder(deps, context.person, {
    subject: `Seu boleto de ${context.modelName}`,
    text: boletoText(context, boletos),
    code: boletos[0]?.digitableLine ?? '',
  })
  await noteOnCharge(deps.db, charge.id, { boletosSentAt: deps.now().toISOString() })
}
