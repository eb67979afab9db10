/**
 * Demo stand-in for the card and boleto provider (docs/design.md §4). Its side of the world lives in
 * the sandbox_* tables: card tokens (with the parts a receipt shows, never the number), card
 * charges by reference, boletos by reference. Test cards: 4111 1111 1111 1111 (visa) and 5555 5555 5555 4444
 * (mastercard) are approved; 4000 0000 0000 0002 is tokenized but its charges are declined; any
 * other valid number is declined as unknown to the sandbox.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import * as v from 'valibot'
import type { CardTokenRequest, CardTokenResponse } from '../../contract/tokenizer'
import { boletoNumbers } from '../adapters/payment-gateway/boleto-line'
import {
  type CardChargeResult,
  NotificationSignatureError,
  type PaymentGateway,
  type StoredCard,
} from '../adapters/payment-gateway/index'
import { verifyWebhook, webhookSignatureHeader } from '../adapters/pix-api/webhook'
import type { Database } from '../db/client'
import { sandboxBoletos, sandboxCardCharges, sandboxCardTokens } from './schema'

/** The demo gateway's signing secret of its notifications. */
export const sandboxGatewayWebhookSecret = 'segredo-do-webhook-do-gateway-sandbox'

/** The sandbox's notification: a boleto of ours (by reference) changed. */
export const sandboxGatewayEvent = v.object({
  event: v.picklist(['boleto.paid']),
  reference: v.pipe(v.string(), v.maxLength(100)),
})

export const sandboxCards = {
  visa: '4111111111111111',
  mastercard: '5555555555554444',
  declined: '4000000000000002',
} as const

export const sandboxMessages = {
  declined: 'Transação recusada pelo emissor do cartão.',
  unknownCard: 'Cartão não aceito no ambiente de demonstração. Use um cartão de teste.',
  unknownToken: 'Cartão não encontrado no gateway. Informe os dados do cartão novamente.',
  expiredCard: 'Cartão vencido.',
  voided: 'Cobrança anulada: a referência foi encerrada antes de chegar ao gateway.',
} as const

/** Banco do Brasil, agreement (convênio) of 7 digits, wallet 17: the sandbox's boletos. */
const BOLETO_BANK = '001'
const BOLETO_AGREEMENT = '3128557'
const BOLETO_WALLET = '17'

const brandPrefixes: [string, RegExp][] = [
  ['amex', /^3[47]/],
  ['diners', /^3(0[0-5]|[68])/],
  ['jcb', /^35(2[89]|[3-8])/],
  // Elo's main ranges overlap Visa's and Discover's, so it is tried before them.
  [
    'elo',
    /^(40117[89]|431274|438935|451416|457393|45763[12]|504175|5067|509|627780|636297|636368|650|6516|6550)/,
  ],
  ['visa', /^4/],
  ['mastercard', /^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/],
  ['discover', /^(6011|65|64[4-9]|622)/],
]

const brandOf = (digits: string, sent: string | null | undefined) =>
  brandPrefixes.find(([, pattern]) => pattern.test(digits))?.[0] ??
  sent?.toLowerCase() ??
  'desconhecida'

const isExpired = (expiry: string, now: Date) => {
  const [month = 0, year = 0] = expiry.split('/').map(Number)
  return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1
}

function declineMessageFor(digits: string): string | null {
  if (digits === sandboxCards.visa || digits === sandboxCards.mastercard) return null
  if (digits === sandboxCards.declined) return sandboxMessages.declined
  return sandboxMessages.unknownCard
}

const toStoredCard = (row: typeof sandboxCardTokens.$inferSelect): StoredCard => ({
  token: row.token,
  brand: row.brand,
  firstSix: row.firstSix,
  lastFour: row.lastFour,
  holder: row.holder,
  expiry: row.expiry,
})

/** "nosso número" of 10 digits from our reference: the same boleto always gets the same one. */
const ourNumber = (reference: string) =>
  String(
    BigInt(`0x${createHash('sha256').update(reference).digest('hex').slice(0, 15)}`) % 10n ** 10n,
  ).padStart(10, '0')

export function createSandboxGateway(db: Database, now: () => Date) {
  /** Why a charge on this token would be declined; null when it would be approved. */
  async function refusal(companyId: string, token: string): Promise<string | null> {
    const [card] = await db
      .select()
      .from(sandboxCardTokens)
      .where(and(eq(sandboxCardTokens.token, token), eq(sandboxCardTokens.companyId, companyId)))
    if (!card) return sandboxMessages.unknownToken
    return isExpired(card.expiry, now()) ? sandboxMessages.expiredCard : card.declineMessage
  }

  const gateway: PaymentGateway = {
    name: 'sandbox',
    cardEntry: { kind: 'sandbox' },

    /** Signed like the sandbox bank's Pix notifications: an HMAC of the body. */
    async notification(body, header) {
      if (!verifyWebhook(sandboxGatewayWebhookSecret, body, header(webhookSignatureHeader)))
        throw new NotificationSignatureError('assinatura do sandbox inválida')
      let parsed: unknown
      try {
        parsed = JSON.parse(body)
      } catch {
        return []
      }
      const event = v.safeParse(sandboxGatewayEvent, parsed)
      return event.success ? [event.output.reference] : []
    },

    async findCard(companyId, token) {
      const [row] = await db
        .select()
        .from(sandboxCardTokens)
        .where(and(eq(sandboxCardTokens.token, token), eq(sandboxCardTokens.companyId, companyId)))
      return row ? toStoredCard(row) : undefined
    },

    async chargeCard(charge) {
      const message = await refusal(charge.companyId, charge.cardToken)
      // One outcome per reference, like a provider's idempotency key: a retry answers the first.
      await db
        .insert(sandboxCardCharges)
        .values({
          reference: charge.reference,
          token: charge.cardToken,
          amount: charge.amount,
          installments: charge.installments,
          approved: message === null,
          message,
          createdAt: now(),
        })
        .onConflictDoNothing()
      const outcome = await gateway.cardCharge(charge.reference)
      if (!outcome) throw new Error(`cobrança ${charge.reference} sumiu do sandbox`)
      return outcome
    },

    async cardCharge(reference) {
      const [stored] = await db
        .select()
        .from(sandboxCardCharges)
        .where(eq(sandboxCardCharges.reference, reference))
      if (!stored) return undefined
      return stored.approved
        ? { approved: true, gatewayRef: `sandbox-card-${stored.reference}` }
        : { approved: false, message: stored.message ?? sandboxMessages.declined }
    },

    async voidCard(reference) {
      await db
        .insert(sandboxCardCharges)
        .values({
          reference,
          token: '',
          amount: 0,
          installments: 0,
          approved: false,
          message: sandboxMessages.voided,
          createdAt: now(),
        })
        .onConflictDoNothing()
      const outcome = await gateway.cardCharge(reference)
      return outcome?.approved ? 'APPROVED' : 'VOIDED'
    },

    async refundCard(reference) {
      await db
        .update(sandboxCardCharges)
        .set({ refundedAt: now() })
        .where(
          and(eq(sandboxCardCharges.reference, reference), isNull(sandboxCardCharges.refundedAt)),
        )
    },

    async verifyCard(check): Promise<CardChargeResult> {
      // A zero-value authorization: what a charge on this card would answer, nothing charged.
      const message = await refusal(check.companyId, check.cardToken)
      return message === null
        ? { approved: true, gatewayRef: `sandbox-check-${check.reference}` }
        : { approved: false, message }
    },

    async createBoleto(request) {
      const freeField = `000000${BOLETO_AGREEMENT}${ourNumber(request.reference)}${BOLETO_WALLET}`
      const numbers = boletoNumbers({
        bank: BOLETO_BANK,
        amount: request.amount,
        dueDate: request.dueDate,
        freeField,
      })
      // The same reference is the same boleto: asking again answers the first.
      await db
        .insert(sandboxBoletos)
        .values({
          reference: request.reference,
          companyId: request.companyId,
          amount: request.amount,
          dueDate: request.dueDate,
          digitableLine: numbers.digitableLine,
          status: 'OPEN',
          createdAt: now(),
        })
        .onConflictDoNothing()
      return { ...numbers, dueDate: request.dueDate, amount: request.amount }
    },

    async boleto(reference) {
      const [row] = await db
        .select()
        .from(sandboxBoletos)
        .where(eq(sandboxBoletos.reference, reference))
      if (!row) return undefined
      if (row.status === 'PAID' && row.paidAt)
        return { status: 'PAID', paidAt: row.paidAt, amount: row.amount }
      return row.status === 'CANCELLED' ? { status: 'CANCELLED' } : { status: 'OPEN' }
    },

    async cancelBoleto(reference) {
      const [cancelled] = await db
        .update(sandboxBoletos)
        .set({ status: 'CANCELLED' })
        .where(and(eq(sandboxBoletos.reference, reference), eq(sandboxBoletos.status, 'OPEN')))
        .returning()
      if (cancelled) return 'CANCELLED'
      const state = await gateway.boleto(reference)
      return state?.status === 'PAID' ? 'PAID' : 'CANCELLED'
    },

    async refundBoleto(reference) {
      await db
        .update(sandboxBoletos)
        .set({ refundedAt: now() })
        .where(and(eq(sandboxBoletos.reference, reference), isNull(sandboxBoletos.refundedAt)))
    },
  }

  return {
    ...gateway,

    /**
     * The provider's tokenizer: keeps the token and what a receipt shows, never the number nor
     * the CVV. Undefined for an expired card.
     */
    async tokenize(
      companyId: string,
      input: CardTokenRequest,
    ): Promise<CardTokenResponse | undefined> {
      const { card_number: digits, due_date: expiry, card_holder: holder } = input.card
      if (isExpired(expiry, now())) return undefined
      const token = `tok_${randomBytes(18).toString('base64url')}`
      const row = {
        token,
        companyId,
        brand: brandOf(digits, input.card.brand),
        firstSix: digits.slice(0, 6),
        lastFour: digits.slice(-4),
        holder,
        expiry,
        declineMessage: declineMessageFor(digits),
        createdAt: now(),
      }
      await db.insert(sandboxCardTokens).values(row)
      return {
        token,
        card: {
          brand: row.brand,
          first_six: row.firstSix,
          last_four: row.lastFour,
          holder: row.holder,
          expiry: row.expiry,
        },
      }
    },

    /**
     * What the payer's bank does with a boleto: pays it, open or not (a boleto paid after it
     * was cancelled is the race a receiver can lose). Undefined when there is no such boleto.
     */
    async payBoleto(digitableLine: string) {
      const [row] = await db
        .update(sandboxBoletos)
        .set({ status: 'PAID', paidAt: now() })
        .where(and(eq(sandboxBoletos.digitableLine, digitableLine), isNull(sandboxBoletos.paidAt)))
        .returning()
      if (row) return row
      const [known] = await db
        .select()
        .from(sandboxBoletos)
        .where(eq(sandboxBoletos.digitableLine, digitableLine))
      return known
    },
  }
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>
