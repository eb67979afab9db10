/**
 * Payments (spec §3, §5, §7): the contract's instalments (payment orders), the payment link that
 * pays some of them, and paying it by card, card recurrence, Pix or boleto.
 *
 * Words: an *instalment* is one payment order of the contract; `installment(s)` (the spec's field
 * names) is also how many parts a card or boleto payment is split into (docs/glossary.md).
 */
import * as v from 'valibot'
import {
  optionalDigits,
  optionalEmailField,
  optionalStateField,
  optionalText,
  queryObject,
  requestObject,
  section,
} from './http'
import { cardMessages } from './tokenizer'

/** How a link is paid; the adjustment lists use the same names. */
export const paymentTypes = ['PIX', 'CREDIT', 'RECURRENCE', 'INSTALLMENT_BILL'] as const
export type PaymentType = (typeof paymentTypes)[number]
export const adjustmentTypes = ['DISCOUNT', 'INCREASE'] as const
export type AdjustmentType = (typeof adjustmentTypes)[number]

/** The link whose only purpose is to swap the card of the contract's recurring payment. */
export const changeCardRecurrenceSrc = 'CHANGE_CARD_RECURRENCE'

/** What the app pays in instalments at most (card, recurrence, boleto). */
export const maxInstallments = 24

const cents = v.pipe(v.number(), v.integer())

/** GET /client/contract/payment-orders/:id : one instalment; amounts in cents. */
export const paymentOrder = v.object({
  id: v.string(),
  description: v.string(),
  installment: v.number(),
  /** PAID, NOT_PAID or OVERDUE from this server; the app labels anything else 'PAGO PARCIAL'. */
  status: v.string(),
  /** YYYY-MM-DD */
  due_date: v.string(),
  value: cents,
  discount: v.nullish(cents, 0),
  paid_value: v.nullish(cents, null),
  /** Beyond the spec: the day it was paid, on São Paulo's calendar (YYYY-MM-DD); null unpaid. */
  paid_on: v.nullish(v.string(), null),
  delayed_days: v.nullish(v.number(), 0),
  /** lastLinkAdjustment: the part of `discount` the last paid link granted (spec §9). */
  data: v.nullish(v.looseObject({ lastLinkAdjustment: v.nullish(v.number(), 0) }), {
    lastLinkAdjustment: 0,
  }),
})
export type PaymentOrder = v.InferOutput<typeof paymentOrder>

export const paymentOrderList = v.array(paymentOrder)

const idsMessage = 'Informe as parcelas (ids), separadas por |.'

/** GET /client/send-payment-link?ids=a|b : the instalments the new link pays. */
export const sendPaymentLinkQuery = queryObject({
  ids: v.pipe(
    v.string(idsMessage),
    v.maxLength(4_000, 'Selecione no máximo 50 parcelas.'),
    v.transform((value) =>
      value
        .split('|')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    ),
    v.minLength(1, idsMessage),
    v.maxLength(50, 'Selecione no máximo 50 parcelas.'),
  ),
})
export type SendPaymentLinkQuery = v.InferOutput<typeof sendPaymentLinkQuery>

/** The app URL of the new link (a JSON string): …/pagamento?code=… */
export const sendPaymentLinkResponse = v.pipe(v.string(), v.url())

const linkCodeMessage = 'Informe o código do link de pagamento (code).'
/** A link code as sent; one that cannot exist (bad characters) simply finds no link (404). */
export const linkCodeField = v.pipe(
  v.string(linkCodeMessage),
  v.trim(),
  v.nonEmpty(linkCodeMessage),
  v.maxLength(64, 'Código do link de pagamento inválido.'),
)

/** GET /checkout/payment-link?code=… */
export const paymentLinkQuery = queryObject({ code: linkCodeField })

/** Adjustment entry (spec §3): a payment method in n instalments, with ± a percentage. */
export const paymentAdjustment = v.object({
  typePayment: v.picklist(paymentTypes),
  type: v.picklist(adjustmentTypes),
  /** Comma decimals: '5,00'. */
  percentage: v.pipe(v.string(), v.regex(/^\d{1,3},\d{2}$/)),
  installment: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Cents of the first instalment of this option for this link (it carries the rounding). */
  first_installment_value: cents,
})
export type PaymentAdjustment = v.InferOutput<typeof paymentAdjustment>

export const validPaymentTypes = v.object({
  pix: v.boolean(),
  credit: v.boolean(),
  recurrence: v.boolean(),
  boleto_pix: v.boolean(),
})
export type ValidPaymentTypes = v.InferOutput<typeof validPaymentTypes>

/**
 * Beyond the spec: how the browser takes a card on this server. The demo's sandbox tokenizer
 * (spec §7, VITE_GATEWAY_URL), or Stripe.js loaded from `js_url` with the publishable key, whose
 * fields keep the card number inside Stripe's frames (decision 016).
 */
export const cardEntry = v.object({
  kind: v.picklist(['sandbox', 'stripe']),
  // Stripe's: the server's own configuration, checked at its start (server/config.ts).
  publishable_key: v.optional(v.string()),
  js_url: v.optional(v.string()),
})
export type CardEntry = v.InferOutput<typeof cardEntry>

/** GET /checkout/payment-link : the payment-link screen's data (spec §3). Amounts in cents. */
export const paymentLinkData = v.object({
  holder: v.string(),
  email: v.string(),
  phone: v.string(),
  cpf: v.string(),
  /** The contract model's name. */
  contract: v.string(),
  numberContract: v.string(),
  serieContract: v.string(),
  /** Instalment numbers, '4' or '4, 5'; empty for a card swap. */
  installment: v.string(),
  description: v.string(),
  payment_order_value: cents,
  discount: cents,
  fee: cents,
  fine: cents,
  correction: cents,
  /** payment_order_value − discount + fee + fine + correction, before the method's adjustment. */
  value: cents,
  src: v.string(),
  chanel: v.string(),
  gateway_id: v.string(),
  expiration_pix: v.number(),
  fixed_installments: v.number(),
  need_fill_person_fields: v.picklist(['true', 'false']),
  address_cep: v.string(),
  address_state: v.string(),
  address_city: v.string(),
  address_street: v.string(),
  address_number: v.string(),
  address_neighborhood: v.string(),
  /** dd/mm/yyyy */
  boleto_due_dates: v.array(v.pipe(v.string(), v.regex(/^\d{2}\/\d{2}\/\d{4}$/))),
  valid_payment_types: validPaymentTypes,
  /** Present when card or recurrence is offered (beyond the spec). */
  card_entry: v.optional(cardEntry),
  /**
   * Beyond the spec: on a card swap, the card the recurrence charges now, as a card statement
   * shows it (brand and last four digits only), so the holder knows what they replace.
   */
  current_card: v.optional(v.object({ brand: v.string(), last_four: v.string() })),
  /**
   * Beyond the spec: each instalment's due date (yyyy-mm-dd), in the order of `installment`, so the
   * page says what is being paid and since when; empty for a card swap.
   */
  due_dates: v.optional(v.array(v.pipe(v.string(), v.isoDate()))),
  payment_adjustment: v.object({
    payment_adjustment_list: v.array(paymentAdjustment),
    payment_adjustment_list_b2b: v.array(paymentAdjustment),
    payment_adjustment_list_b2c: v.array(paymentAdjustment),
  }),
})
export type PaymentLinkData = v.InferOutput<typeof paymentLinkData>

const installmentsMessage = `Escolha o número de parcelas (1 a ${maxInstallments}).`
/** The leading number of the chosen option, as a number or its digits. */
const installmentsField = v.pipe(
  v.union(
    [
      v.pipe(v.number(), v.integer(installmentsMessage)),
      v.pipe(v.string(), v.trim(), v.regex(/^\d{1,2}$/, installmentsMessage)),
    ],
    installmentsMessage,
  ),
  v.transform(Number),
  v.minValue(1, installmentsMessage),
  v.maxValue(maxInstallments, installmentsMessage),
)

const addressNumberMessage = 'O Número do endereço deve ser um número inteiro.'
/** Spec: number (integer); its digits as text are taken too. Empty means not given. */
const addressNumberField = v.nullish(
  v.pipe(
    v.union(
      [
        v.pipe(
          v.number(),
          v.integer(addressNumberMessage),
          v.minValue(0, addressNumberMessage),
          v.maxValue(9_999_999, addressNumberMessage),
        ),
        v.pipe(v.string(), v.trim(), v.regex(/^\d{0,7}$/, addressNumberMessage)),
      ],
      addressNumberMessage,
    ),
    v.transform((value) => (value === '' ? null : String(value))),
  ),
  null,
)

/** The address and contact block of the payment screen; which are required depends on the link. */
const checkoutPersonFields = {
  code: linkCodeField,
  zip_code: optionalDigits(/^\d{8}$/, 'O CEP deve ter 8 dígitos.'),
  email: optionalEmailField,
  birth_date: optionalText(10, 'Informe a data de nascimento no formato DD/MM/AAAA.'),
  neighborhood: optionalText(80, 'O Bairro deve ter no máximo 80 caracteres.'),
  number: addressNumberField,
  street: optionalText(120, 'A Rua deve ter no máximo 120 caracteres.'),
  phone: optionalDigits(/^\d{8,13}$/, 'O Telefone deve ter de 8 a 13 dígitos.'),
  state: optionalStateField,
  city: optionalText(80, 'A Cidade deve ter no máximo 80 caracteres.'),
  /** The app sends '1'; kept for compatibility, no meaning here. */
  token: v.nullish(
    v.union(
      [v.pipe(v.string(), v.maxLength(100, 'token inválido.')), v.number()],
      'token inválido.',
    ),
    null,
  ),
}

const cardDataInput = v.nullish(
  section('Envie os dados do cartão (card) como objeto.', {
    brand: v.nullish(v.pipe(v.string('Bandeira inválida.'), v.maxLength(20, 'Bandeira inválida.'))),
    first_six: v.nullish(v.pipe(v.string(), v.regex(/^\d{6}$/, 'first_six deve ter 6 dígitos.'))),
    last_four: v.nullish(v.pipe(v.string(), v.regex(/^\d{4}$/, 'last_four deve ter 4 dígitos.'))),
    holder: v.nullish(v.pipe(v.string(), v.maxLength(60, 'Nome do titular muito longo.'))),
    expiry: v.nullish(v.pipe(v.string(), v.maxLength(7, 'Validade inválida.'))),
  }),
  null,
)

/**
 * POST /checkout/payment-link : pay by card (CREDIT) or start a card recurrence (RECURRENCE) with
 * a token from the gateway's tokenizer. A card number or CVV is refused: it goes to the
 * tokenizer only (docs/design.md §6).
 */
export const cardPaymentRequest = requestObject({
  ...checkoutPersonFields,
  installments: installmentsField,
  card_token: v.pipe(
    v.string('Informe o token do cartão (card_token).'),
    v.trim(),
    v.nonEmpty('Informe o token do cartão (card_token).'),
    v.maxLength(200, 'Token do cartão inválido.'),
  ),
  card: cardDataInput,
  month: v.pipe(
    v.union(
      [v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(cardMessages.monthEmpty))],
      cardMessages.monthEmpty,
    ),
    v.transform(Number),
    v.integer(cardMessages.monthRange),
    v.minValue(1, cardMessages.monthRange),
    v.maxValue(12, cardMessages.monthRange),
  ),
  year: v.pipe(
    v.union(
      [v.number(), v.pipe(v.string(), v.nonEmpty(cardMessages.yearEmpty))],
      cardMessages.yearEmpty,
    ),
    v.transform(String),
    v.regex(/^\d{4}$/, cardMessages.yearFull),
    v.transform(Number),
  ),
  payment_type: v.picklist(
    ['CREDIT', 'RECURRENCE'],
    'Escolha pagar com cartão de crédito (CREDIT) ou recorrência (RECURRENCE).',
  ),
})
export type CardPaymentRequest = v.InferOutput<typeof cardPaymentRequest>

/** POST /checkout/payment-link-pix */
export const pixGenerateRequest = requestObject({
  code: linkCodeField,
  token: checkoutPersonFields.token,
})
export type PixGenerateRequest = v.InferOutput<typeof pixGenerateRequest>

const keyValue = v.object({ key: v.string(), value: v.string() })

/** The generated Pix as key/value pairs: qr_code (copia e cola), txid, expiration, value, code. */
export const pixGenerateResponse = v.object({ data: v.array(keyValue) })
export type PixGenerateResponse = v.InferOutput<typeof pixGenerateResponse>

const pixResponseMessage = 'Envie a resposta da geração do Pix (data).'
/** POST /checkout/verify-link-pix : the body is the stored generation response. */
export const pixVerifyRequest = requestObject({
  data: v.pipe(
    v.array(
      requestObject({
        key: v.pipe(v.string(pixResponseMessage), v.maxLength(60, pixResponseMessage)),
        value: v.pipe(v.string(pixResponseMessage), v.maxLength(1_000, pixResponseMessage)),
      }),
      pixResponseMessage,
    ),
    v.maxLength(20, pixResponseMessage),
    v.check(
      (entries) => entries.some((entry) => entry.key === 'txid' && entry.value !== ''),
      'Resposta do Pix sem txid: gere o Pix novamente.',
    ),
  ),
})
export type PixVerifyRequest = v.InferOutput<typeof pixVerifyRequest>

/** GET /checkout/pix-status (beyond the spec): the link's code and the Pix's txid. */
export const pixStatusQuery = queryObject({
  code: linkCodeField,
  txid: v.pipe(v.string('Informe o txid.'), v.regex(/^[A-Za-z0-9]{1,35}$/, 'txid inválido.')),
})

/**
 * Where a link's Pix stands: WAITING for the bank, PAID, PAID_ELSEWHERE (another method paid the
 * link; the Pix was cancelled), REFUNDED (paid after the link was paid: the money goes back) or
 * EXPIRED; the last three say so in `message`.
 */
export const pixStatusResponse = v.object({
  status: v.picklist(['WAITING', 'PAID', 'PAID_ELSEWHERE', 'REFUNDED', 'EXPIRED']),
  message: v.optional(v.string()),
})
export type PixStatusResponse = v.InferOutput<typeof pixStatusResponse>

/**
 * GET /checkout/paid?code= (beyond the spec): what a paid link paid, for /success to say it —
 * the receipt's facts without the payer's personal data. Amounts in cents; paid_at ISO 8601.
 */
export const paidLinkSummary = v.object({
  instalments: v.array(
    v.object({ installment: v.number(), description: v.string(), paid: v.number() }),
  ),
  total: v.number(),
  method: v.string(),
  paid_at: v.string(),
  /** Cents of fine and interest the bank computed and the total includes (a Pix paid late). */
  late_charges: v.optional(v.number()),
  /**
   * The payment's id at its source, as on the PDF receipt ("Autenticação"): a Pix's end-to-end
   * id, the card charge's reference, a boleto's line. Absent where none was kept (seeded data).
   */
  authentication: v.optional(v.string()),
})
export type PaidLinkSummary = v.InferOutput<typeof paidLinkSummary>

export const pixVerifyResponse = v.object({ status: v.string() })
export type PixVerifyResponse = v.InferOutput<typeof pixVerifyResponse>

const dueDateMessage = 'Escolha a data de vencimento do boleto.'
/** POST /checkout/pix-boleto : one boleto per instalment, the first due on selected_date. */
export const boletoRequest = requestObject({
  ...checkoutPersonFields,
  installments: installmentsField,
  selected_date: v.pipe(
    v.string(dueDateMessage),
    v.trim(),
    v.regex(/^\d{2}\/\d{2}\/\d{4}$/, 'Data de vencimento inválida: use DD/MM/AAAA.'),
  ),
})
export type BoletoRequest = v.InferOutput<typeof boletoRequest>

/**
 * Its answer: the spec's message, and (beyond the spec) the boletos themselves, so the screen
 * shows the linha digitável, due date and amount instead of leaving the person to wait for them.
 */
export const boletoResponse = v.object({
  message: v.string(),
  boletos: v.optional(
    v.array(
      v.object({
        digitable_line: v.string(),
        due_date: v.string(),
        /** Cents. */
        amount: v.number(),
      }),
    ),
    [],
  ),
  /**
   * Beyond the spec (decision 025): the boleto's Pix with a due date (/cobv), when the bank takes
   * Pix and the option is one boleto. `txid` names it at the bank (as a Pix's does);
   * `copy_paste` is the BR Code (its QR too); `due_date` ISO;
   * `amount_today` what the bank charges if paid today, of which `fine`, `interest` and
   * `discount` (cents); after the due date the bank adds `fine_percent` once and
   * `monthly_interest_percent` a month pro rata die, until `last_day`.
   */
  pix: v.optional(
    v.object({
      txid: v.string(),
      copy_paste: v.string(),
      due_date: v.string(),
      last_day: v.string(),
      amount: v.number(),
      amount_today: v.number(),
      fine: v.number(),
      interest: v.number(),
      discount: v.number(),
      fine_percent: v.string(),
      monthly_interest_percent: v.string(),
    }),
  ),
})
export type BoletoResponse = v.InferOutput<typeof boletoResponse>
