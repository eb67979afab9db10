const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })

/**
 * Currency display of spec §5: a string is parsed by keeping digits, comma and minus and
 * reading the comma as the decimal point; a number is in cents; anything invalid is R$ 0,00.
 */
export function formatMoney(value: unknown): string {
  let reais: number
  if (typeof value === 'number') reais = value / 100
  else if (typeof value === 'string')
    reais = Number.parseFloat(value.replace(/[^\d,-]/g, '').replace(',', '.'))
  else reais = Number.NaN
  // Intl uses a no-break space after R$; the spec writes a plain one.
  return brl.format(Number.isFinite(reais) ? reais : 0).replace(/\u00a0/g, ' ')
}
