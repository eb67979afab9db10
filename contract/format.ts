/** Display formats of Brazilian documents and phones; input that does not fit is shown as is. */

/** Keeps only the digits: masks, dots and dashes go (spec §5: DDI and phone are sent digits-only). */
export const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '')

export function formatCpf(value: string | null | undefined): string {
  const d = digits(value)
  if (d.length !== 11) return value?.trim() || '---'
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`
}

/** Country code plus number (spec §2 screen 6): +55 (11) 98765-4321. */
export function formatPhone(
  ddi: string | null | undefined,
  number: string | null | undefined,
): string {
  const n = digits(number)
  if (!n) return '---'
  const country = digits(ddi)
  const local =
    n.length === 11
      ? `(${n.slice(0, 2)}) ${n.slice(2, 7)}-${n.slice(7)}`
      : n.length === 10
        ? `(${n.slice(0, 2)}) ${n.slice(2, 6)}-${n.slice(6)}`
        : n
  return country ? `+${country} ${local}` : local
}

/**
 * A phone written as one text, as the payment link carries it ('+55 11987654321'): country code
 * and number split at the first space, then shown like the profile's; '' stays ''.
 */
export function formatPhoneText(text: string | null | undefined): string {
  const value = (text ?? '').trim()
  if (!value) return ''
  const match = /^\+?(\d{1,4})\s+(.+)$/.exec(value)
  if (match) return formatPhone(match[1], match[2])
  const d = digits(value)
  return d.length === 10 || d.length === 11 ? formatPhone(null, d) : value
}

/** 'Série/Número' of a contract. */
export function formatSeriesNumber(
  serie: string | null | undefined,
  number: string | null | undefined,
) {
  if (!serie && !number) return '---'
  return [serie, number].filter(Boolean).join('/')
}

/** 00190.00009 01234.567004 00000.001172 1 12340000018990: a linha digitável as a bank prints it. */
export const formatDigitableLine = (line: string) =>
  `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`

/** 12.345.678/0001-90 from its 14 digits; anything else as it came. */
export function formatCnpj(cnpj: string): string {
  const parts = /^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/.exec(cnpj)
  return parts ? `${parts[1]}.${parts[2]}.${parts[3]}/${parts[4]}-${parts[5]}` : cnpj
}
