/**
 * POST /checkout/pix-boleto (spec §7): boletos for a payment link, one per instalment of the
 * chosen option, the first due on one of the offered dates and the others monthly after it; sent
 * to the holder by e-mail and WhatsApp (and to the dev outbox in demo mode). A link has at most one
 * set of boletos (a partial unique index): asking again sends the same ones again.
 */
import { and, eq } from 'drizzle-orm'
import type { BoletoRequest } from '../../src/api/schemas'
import { formatDigitableLine } from '../adapters/payment-gateway/boleto-line'
import type { Boleto } from '../adapters/payment-gateway/index'
import { paymentCharges } from '../db/schema'
import type { ServerDeps } from '../deps'
import { ApiError } from '../http/errors'
import { type CheckoutDeps, checkoutMessages, hasFullAddress } from './checkout-card'
import { recordOutbox } from './dev-outbox'
import { fullName } from './mappers'
import {
  addMonthsTo,
  brazilianDate,
  isoFromBrazilian,
  planCharge,
  splitInstallments,
} from './payment-amounts'
import {
  assertPayable,
  boletoDueDates,
  isCardSwap,
  type LinkContext,
  linkDues,
  optionRule,
  paymentMessages,
  readLinkContext,
} from './payment-links'

export const boletoMessages = {
  dueDate: 'Escolha uma das datas de vencimento oferecidas para o boleto.',
  noContact: 'O titular não tem e-mail nem celular cadastrado para receber o boleto.',
} as const

type BoletoDeps = CheckoutDeps & Pick<ServerDeps, 'config' | 'mail' | 'whatsapp'>
type SentBoleto = Pick<Boleto, 'digitableLine' | 'dueDate' | 'amount'>

const reais = (cents: number) =>
  `R$ ${(cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

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

/** E-mail and WhatsApp of the holder, after the answer; the dev outbox keeps a copy in demo. */
async function sendBoletos(deps: BoletoDeps, context: LinkContext, boletos: SentBoleto[]) {
  const { person } = context
  const email = person.email
  const phone = person.phoneNumber
    ? `+${`${person.phoneDdi ?? '55'}${person.phoneNumber}`.replace(/\D/g, '')}`
    : null
  if (!email && !phone) throw new ApiError(422, boletoMessages.noContact)
  const text = boletoText(context, boletos)
  const code = boletos[0]?.digitableLine ?? ''
  if (deps.config.demo) {
    const sentAt = deps.now()
    await deps.db.transaction(async (tx) => {
      const account = email ?? ''
      if (email)
        await recordOutbox(tx, { to: email, email: account, channel: 'email', code, text, sentAt })
      if (phone) {
        await recordOutbox(tx, {
          to: phone,
          email: account,
          channel: 'cellphone',
          code,
          text,
          sentAt,
        })
      }
    })
  }
  setImmediate(() => {
    const deliveries = [
      email
        ? deps.mail.send({ to: email, subject: `Seu boleto de ${context.modelName}`, text })
        : null,
      phone ? deps.whatsapp.send({ to: phone, text }) : null,
    ]
    for (const delivery of deliveries) {
      delivery?.catch((error: unknown) =>
        deps.logger.error(`[checkout] falha ao enviar o boleto de ${fullName(person)}:`, error),
      )
    }
  })
}

export async function issueBoletos(deps: BoletoDeps, input: BoletoRequest): Promise<string> {
  const now = deps.now()
  const context = await readLinkContext(deps.db, input.code)
  if (isCardSwap(context)) throw new ApiError(422, paymentMessages.methodUnavailable)
  assertPayable(context)
  if (!hasFullAddress(input)) throw new ApiError(400, checkoutMessages.addressIncomplete)
  if (!boletoDueDates(now).includes(input.selected_date)) {
    throw new ApiError(422, boletoMessages.dueDate)
  }
  const rule = optionRule(context, 'INSTALLMENT_BILL', input.installments)
  const plan = planCharge(linkDues(context, now), rule)
  if (plan.amount <= 0) throw new ApiError(422, paymentMessages.nothingToPay)

  const [charge] = await deps.db
    .insert(paymentCharges)
    .values({
      linkId: context.link.id,
      method: 'INSTALLMENT_BILL',
      status: 'ISSUED',
      amount: plan.amount,
      installments: input.installments,
      adjustment: plan.adjustment,
      data: { shares: plan.shares },
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: paymentCharges.id })
  if (!charge) {
    const [issued] = await deps.db
      .select({ data: paymentCharges.data })
      .from(paymentCharges)
      .where(and(eq(paymentCharges.linkId, context.link.id), eq(paymentCharges.status, 'ISSUED')))
    if (issued?.data.boletos?.length) await sendBoletos(deps, context, issued.data.boletos)
    return checkoutMessages.boletoSent
  }

  const firstDue = isoFromBrazilian(input.selected_date)
  let boletos: Boleto[]
  try {
    boletos = await Promise.all(
      splitInstallments(plan.amount, input.installments).map((amount, index) =>
        deps.gateway.createBoleto({
          companyId: context.settings.gatewayId,
          amount,
          dueDate: addMonthsTo(firstDue, index),
          reference: `${charge.id}-${index + 1}`,
          payer: { name: fullName(context.person), cpf: context.person.cpf ?? '' },
        }),
      ),
    )
  } catch (error) {
    deps.logger.error(`[checkout] gateway falhou ao emitir o boleto ${charge.id}:`, error)
    await deps.db.delete(paymentCharges).where(eq(paymentCharges.id, charge.id))
    throw new ApiError(502, checkoutMessages.gatewayFailed)
  }
  const sent = boletos.map(({ digitableLine, dueDate, amount }) => ({
    digitableLine,
    dueDate,
    amount,
  }))
  await deps.db
    .update(paymentCharges)
    .set({ data: { shares: plan.shares, boletos: sent } })
    .where(eq(paymentCharges.id, charge.id))
  await sendBoletos(deps, context, sent)
  return checkoutMessages.boletoSent
}
