/**
 * Every input mask of the app (spec §5), in react-imask's notation: '0' is a digit. A list is a
 * dynamic mask: the first that takes all the digits typed wins, so a landline (8 digits after
 * the area code) and a mobile (9) both read right.
 */
export type MaskSpec = string | ReadonlyArray<{ mask: string }>

export const masks = {
  // Registration forms.
  date: '00/00/0000',
  cpf: '000.000.000-00',
  cep: '00000-000',
  ddi: '+0000',
  phone: [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }],
  // Payment form.
  cardNumber: '0000 0000 0000 0000 0000',
  cardExpiry: '00/0000',
  cvv: '0000',
} as const satisfies Record<string, MaskSpec>
