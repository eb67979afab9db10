/**
 * The payment provider's card tokenizer (spec §7): the card number and CVV go there from the
 * browser and nowhere else; the app and the server only ever see the token and what it describes.
 */
import * as v from 'valibot'
import { requestObject, section } from './http'
import { isLuhnValid } from './rules'

/** The card form's messages (spec §5), the same from the screen and from the server. */
export const cardMessages = {
  monthEmpty: 'Informar o mês de vencimento do cartão.',
  monthRange: 'Informe o mês de vencimento do cartão entre o mês 1 ao mês 12.',
  yearEmpty: 'Informar o ano de vencimento do cartão.',
  yearFull: 'Informar o ano completo de vencimento do cartão. EX: 2025',
  yearPast: 'Informe o ano de vencimento do cartão maior ou igual ao ano atual.',
  holder: 'Informar o nome do titular.',
  number: 'Informar o número do cartão.',
  cvv: 'Informar o cvv do cartão.',
} as const

/** The card as the tokenizer described it (spec §7): never its number nor its CVV. */
export const tokenizedCard = v.object({
  brand: v.string(),
  first_six: v.string(),
  last_four: v.string(),
  holder: v.string(),
  /** MM/YYYY */
  expiry: v.string(),
})
export type TokenizedCard = v.InferOutput<typeof tokenizedCard>

const dueDateCardMessage = 'Informe a validade do cartão no formato MM/AAAA.'

/**
 * POST {gateway}/v1/token (header CompanyId): the payment provider's tokenizer. The card number
 * goes there from the browser and nowhere else.
 */
export const cardTokenRequest = requestObject({
  card: section('Envie os dados do cartão (card).', {
    brand: v.nullish(v.pipe(v.string('Bandeira inválida.'), v.maxLength(20, 'Bandeira inválida.'))),
    card_number: v.pipe(
      v.string(cardMessages.number),
      v.transform((value) => value.replace(/[\s.-]/g, '')),
      v.regex(/^\d{13,19}$/, cardMessages.number),
      v.check(isLuhnValid, 'Número do cartão inválido.'),
    ),
    cvv: v.pipe(v.string(cardMessages.cvv), v.regex(/^\d{3,4}$/, cardMessages.cvv)),
    due_date: v.pipe(
      v.string(dueDateCardMessage),
      v.trim(),
      v.regex(/^(0[1-9]|1[0-2])\/(\d{2}|\d{4})$/, dueDateCardMessage),
      v.transform((value) => {
        const [month, year = ''] = value.split('/')
        return `${month}/${year.length === 2 ? `20${year}` : year}`
      }),
    ),
    card_holder: v.pipe(
      v.string(cardMessages.holder),
      v.trim(),
      v.nonEmpty(cardMessages.holder),
      v.maxLength(60, 'O nome do titular deve ter no máximo 60 caracteres.'),
    ),
  }),
})
export type CardTokenRequest = v.InferOutput<typeof cardTokenRequest>

export const cardTokenResponse = v.object({ token: v.string(), card: tokenizedCard })
export type CardTokenResponse = v.InferOutput<typeof cardTokenResponse>
