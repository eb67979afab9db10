/**
 * The holder's own bank account, as the provider knows it (decision 025, journey 1): where
 * "Débito automático via Pix" sends its request (`POST /solicrec`, the document's
 * `DadosBancarios`: the bank's ISPB, the branch, the account), so the holder authorizes it in
 * their bank's app with no QR to read. Set by the provider (integration API, import), never
 * typed by the holder.
 */
import * as v from 'valibot'
import { requestObject } from './http'

const ispbMessage =
  'O ISPB do banco (payerBank.ispb) tem 8 dígitos ou letras maiúsculas, como 60701190.'
const branchMessage = 'A agência (payerBank.branch) tem até 4 dígitos, sem o dígito verificador.'
const accountMessage =
  'A conta (payerBank.account) tem até 20 dígitos, com o dígito verificador (o traço é opcional).'

/** Dots, dashes and spaces a person types in an account number; the bank gets the digits. */
const digitsOf = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase()

export const payerBankRequest = requestObject({
  ispb: v.pipe(v.string(ispbMessage), v.trim(), v.regex(/^[0-9A-Z]{8}$/, ispbMessage)),
  branch: v.nullish(
    v.pipe(
      v.string(branchMessage),
      v.transform(digitsOf),
      v.regex(/^\d{0,4}$/, branchMessage),
      v.transform((value) => value || null),
    ),
    null,
  ),
  account: v.pipe(
    v.string(accountMessage),
    v.transform(digitsOf),
    v.regex(/^\d{1,19}[\dX]?$/, accountMessage),
  ),
})
export type PayerBank = v.InferOutput<typeof payerBankRequest>

/** As read back: the same three, the branch null when unknown. */
export const payerBank = v.object({
  ispb: v.string(),
  branch: v.nullable(v.string()),
  account: v.string(),
})

/**
 * The short names people know their banks by, from their ISPB (the Central Bank's list of Pix
 * participants). A bank not listed is "seu banco" on the screen.
 */
const bankNames: Record<string, string> = {
  '00000000': 'Banco do Brasil',
  '00360305': 'Caixa',
  '60746948': 'Bradesco',
  '60701190': 'Itaú',
  '90400888': 'Santander',
  '18236120': 'Nubank',
  '00416968': 'Inter',
  '31872495': 'C6 Bank',
  '10573521': 'Mercado Pago',
  '22896431': 'PicPay',
  '08561701': 'PagBank',
  '30306294': 'BTG Pactual',
  '92702067': 'Banrisul',
  '02038232': 'Sicoob',
  '01181521': 'Sicredi',
}

/** The bank's short name, or null when it is not one we know by name. */
export const bankName = (ispb: string): string | null => bankNames[ispb] ?? null
