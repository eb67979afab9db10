/**
 * What a cobrança com vencimento (/cobv) costs on a given day, as the bank computes it from the
 * document's CobVValor tables, and the rules the document states for a valid one. Pure: the
 * sandbox PSP charges with it, and the portal can show the amount due today with the same sums.
 *
 * Days: the due date moves to the next business day when it falls on a weekend (the document
 * also moves it over holidays, which this function does not know), and the last day to pay is
 * that date plus `validadeAposVencimento` calendar days, moved the same way (the document's
 * examples A, B, C, D, F and G; E needs the 1st of January as a holiday).
 * Percentages apply to the original amount (the document's example: R$ 100,00 two days late
 * with a 3 % fine and 1 % a day is R$ 105,00). Each part is rounded to the cent.
 */
import type { CobvValor } from './due-date-schemas'
import { fromValor } from './schemas'

export interface DueAmount {
  /** Cents, each. */
  original: number
  abatimento: number
  desconto: number
  multa: number
  juros: number
  final: number
}

const DAY = 86_400_000
const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`)
export const addDays = (date: string, days: number) =>
  new Date(toTime(date) + days * DAY).toISOString().slice(0, 10)
const isBusinessDay = (date: string) => ![0, 6].includes(new Date(toTime(date)).getUTCDay())
export const nextBusinessDay = (date: string) => {
  let day = date
  while (!isBusinessDay(day)) day = addDays(day, 1)
  return day
}
const daysBetween = (from: string, to: string) => Math.round((toTime(to) - toTime(from)) / DAY)
/** Business days d with from < d ≤ to. */
function businessDaysBetween(from: string, to: string) {
  let count = 0
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isBusinessDay(day)) count++
  return count
}

export interface DueCalendar {
  dataDeVencimento: string
  validadeAposVencimento: number
}

/** The last day the bank takes the payment. */
export const lastPayableDay = (calendar: DueCalendar) =>
  nextBusinessDay(
    addDays(nextBusinessDay(calendar.dataDeVencimento), calendar.validadeAposVencimento),
  )

const percentOf = (cents: number, percent: string) => (cents * Number(percent)) / 100

/** The amount of a cobv paid on `payDay` (YYYY-MM-DD), or null past its last payable day. */
export function cobvAmountOn(
  valor: CobvValor,
  calendar: DueCalendar,
  payDay: string,
): DueAmount | null {
  if (payDay > lastPayableDay(calendar)) return null
  const original = fromValor(valor.original)
  const due = nextBusinessDay(calendar.dataDeVencimento)
  const late = payDay > due
  const part = (modalidade: number, valorPerc: string, fixed: number[]) =>
    fixed.includes(modalidade) ? fromValor(valorPerc) : percentOf(original, valorPerc)

  const abatimento = valor.abatimento
    ? part(valor.abatimento.modalidade, valor.abatimento.valorPerc, [1])
    : 0

  let desconto = 0
  const discount = valor.desconto
  if (discount && !late) {
    if (discount.modalidade <= 2) {
      const until = [...(discount.descontoDataFixa ?? [])]
        .sort((a, b) => a.data.localeCompare(b.data))
        .find((entry) => payDay <= entry.data)
      if (until) desconto = part(discount.modalidade, until.valorPerc, [1])
    } else if (discount.valorPerc) {
      const days = [3, 5].includes(discount.modalidade)
        ? Math.max(0, daysBetween(payDay, calendar.dataDeVencimento))
        : businessDaysBetween(payDay, calendar.dataDeVencimento)
      desconto = part(discount.modalidade, discount.valorPerc, [3, 4]) * days
    }
  }

  let multa = 0
  let juros = 0
  if (late) {
    if (valor.multa) multa = part(valor.multa.modalidade, valor.multa.valorPerc, [1])
    if (valor.juros) {
      const { modalidade, valorPerc } = valor.juros
      const days = modalidade <= 4 ? daysBetween(due, payDay) : businessDaysBetween(due, payDay)
      const perDay = [1, 5].includes(modalidade)
        ? fromValor(valorPerc)
        : percentOf(original, valorPerc) /
          ({ 2: 1, 3: 30, 4: 365 }[((modalidade - 1) % 4) + 1] ?? 1)
      juros = perDay * days
    }
  }

  const parts = {
    abatimento: Math.round(abatimento),
    desconto: Math.round(desconto),
    multa: Math.round(multa),
    juros: Math.round(juros),
  }
  const final = Math.max(
    0,
    original - parts.abatimento - parts.desconto + parts.multa + parts.juros,
  )
  return { original, ...parts, final }
}

/**
 * The first rule of the document's CobVOperacaoInvalida list a cobv breaks, in its words, or
 * null. `today` is the creation date.
 */
export function cobvProblem(valor: CobvValor, calendar: DueCalendar, today: string) {
  const original = fromValor(valor.original)
  if (calendar.dataDeVencimento < today)
    return 'O campo cobv.calendario.dataDeVencimento é anterior à data de criação da cobrança.'
  if (calendar.validadeAposVencimento < 0)
    return 'O campo cobv.calendario.validadeAposVencimento é menor do que zero.'
  if (original <= 0) return 'O campo cobv.valor.original apresenta o valor zero.'
  const tooMuch = (modalidade: number, valorPerc: string, fixed: number[]) =>
    fixed.includes(modalidade) ? fromValor(valorPerc) >= original : Number(valorPerc) >= 100
  if (valor.abatimento && tooMuch(valor.abatimento.modalidade, valor.abatimento.valorPerc, [1]))
    return 'O objeto cobv.valor.abatimento representa um valor maior ou igual ao valor da cobrança original ou maior ou igual a 100%.'
  const discount = valor.desconto
  if (discount) {
    const fixedDates = discount.modalidade <= 2
    if (fixedDates && discount.valorPerc !== undefined)
      return 'O objeto cobv.valor.desconto apresenta modalidade no valor 1 ou 2, porém cobv.valor.desconto.valorPerc encontra-se preenchido.'
    if (fixedDates && !discount.descontoDataFixa?.length)
      return 'O objeto cobv.valor.desconto apresenta modalidade no valor 1 ou 2, porém o array cobv.valor.desconto.descontoDataFixa está vazio ou nulo.'
    if (!fixedDates && discount.valorPerc === undefined)
      return 'O objeto cobv.valor.desconto apresenta modalidade nos valores de 3 a 6, porém o elemento cobv.valor.desconto.valorPerc não está preenchido.'
    if (!fixedDates && discount.descontoDataFixa !== undefined)
      return 'O objeto cobv.valor.desconto apresenta modalidade nos valores de 3 a 6, porém o elemento cobv.valor.desconto.descontoDataFixa está preenchido ou não nulo.'
    const elements = fixedDates
      ? (discount.descontoDataFixa ?? [])
      : [{ data: calendar.dataDeVencimento, valorPerc: discount.valorPerc ?? '0.00' }]
    if (elements.some((entry) => tooMuch(discount.modalidade, entry.valorPerc, [1, 3, 4])))
      return 'O objeto cobv.valor.desconto apresenta algum elemento de desconto que representa um valor maior ou igual ao valor da cobrança original ou maior ou igual a 100%.'
    if (elements.some((entry) => entry.data > calendar.dataDeVencimento))
      return 'O objeto cobv.valor.desconto apresenta algum elemento cuja data seja posterior à data de vencimento representada por calendario.dataDeVencimento.'
  }
  return null
}
