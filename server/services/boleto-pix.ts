/**
 * The boleto's Pix with a due date (decision 025): when the bank takes Pix and the holder asks
 * for one boleto, the same charge (INSTALLMENT_BILL) is also a cobrança com vencimento
 * (PUT /cobv/{txid}) with the boleto's due date, amount and the contract's late charges (2 %
 * fine, 1 % a month of interest: contract/late-charges.ts). Either pays the charge, through the
 * one state machine: the first money settles it, any later one (the other way, or a boleto paid
 * after the Pix) goes back to the payer. Paid late, the bank computes the amount
 * (componentesValor); the original must be the charge's, and what the bank added is recorded on
 * the charge for the receipt.
 *
 * The txid is the charge id without dashes (as a Pix charge's): written with the claim, before
 * the bank has it, so a crash leaves nothing the webhook or the reconciler cannot find.
 */
import { and, eq } from 'drizzle-orm'
import { FINE_BASIS_POINTS, MONTHLY_INTEREST_BASIS_POINTS } from '../../contract/late-charges'
import type { BoletoResponse } from '../../contract/payments'
import { PixApiError } from '../adapters/pix-api/client'
import { cobvAmountOn, lastPayableDay } from '../adapters/pix-api/due-amount'
import type { DueCollection, NewDueCollection } from '../adapters/pix-api/due-date'
import { toValor } from '../adapters/pix-api/schemas'
import type { Database } from '../db/client'
import { paymentCharges } from '../db/schema'
import { type Charge, noteOnCharge, type Settlement, settlePayment } from './charges'
import { type PaymentsDeps, pixTxid, refundSoon } from './collections'
import { fullName } from './mappers'
import { todayInSaoPaulo } from './payment-amounts'
import type { LinkContext } from './payment-links'

/** Calendar days after the due date the bank still takes the Pix (validadeAposVencimento). */
export const COBV_DAYS_AFTER_DUE = 30

type CobvData = NonNullable<Charge['data']['cobv']>

/** Whether this boleto request also gets a Pix with a due date, and its txid if so. */
export function boletoPixClaim(
  deps: PaymentsDeps,
  context: LinkContext,
  installments: number,
): { cobv: CobvData } | undefined {
  if (!deps.pix || installments !== 1 || !/^\d{11}$/.test(context.person.cpf ?? '')) return
  // Its txid is the charge's id (cobvTxid): claimed with the charge, before the bank has it.
  return { cobv: {} }
}

/**
 * What PUT /cobv/{txid} carries for a boleto: its amount and due date, the contract's fine
 * (multa modalidade 2: a percentage, once) and interest (juros modalidade 3: a percentage a
 * month, over calendar days, as contract/late-charges.ts charges an instalment), payable
 * COBV_DAYS_AFTER_DUE days after it.
 */
export const boletoPixTerms = (input: {
  amount: number
  dueDate: string
  payer: { cpf: string; name: string }
  message: string
}): NewDueCollection => ({
  amount: input.amount,
  dueDate: input.dueDate,
  daysAfterDue: COBV_DAYS_AFTER_DUE,
  fine: { modality: 2, value: FINE_BASIS_POINTS },
  interest: { modality: 3, value: MONTHLY_INTEREST_BASIS_POINTS },
  payer: input.payer,
  message: input.message || undefined,
})

/**
 * The txid of a boleto's Pix with a due date: its charge's id without dashes. A function, not
 * `= pixTxid`: collections.ts and this module import each other, and under a loader that runs
 * this one first (tsx, the CLI) pixTxid is not initialized yet.
 */
export const cobvTxid = (chargeId: string) => pixTxid(chargeId)

/**
 * PUT /cobv/{txid} for a claimed boleto charge: its amount, the boleto's due date, the
 * contract's fine (modalidade 2, %) and interest (modalidade 3, % a month, calendar days). A
 * refusal or no answer leaves the boleto alone: the Pix is an extra, never a reason to fail.
 */
export async function sendBoletoPix(
  deps: PaymentsDeps,
  context: LinkContext,
  charge: Charge,
  dueDate: string,
): Promise<CobvData | undefined> {
  if (!deps.pix || !charge.data.cobv) return
  const txid = cobvTxid(charge.id)
  try {
    const due = await deps.pix.createDueCollection(
      txid,
      boletoPixTerms({
        amount: charge.amount,
        dueDate,
        payer: { cpf: context.person.cpf ?? '', name: fullName(context.person) },
        message: `${context.modelName} ${context.contract.contractNumber ?? ''}`.trim(),
      }),
    )
    return {
      dueDate: due.dueDate,
      daysAfterDue: due.daysAfterDue,
      valor: {
        original: toValor(due.amount),
        ...(due.fine
          ? { multa: { modalidade: due.fine.modality, valorPerc: toValor(due.fine.value) } }
          : {}),
        ...(due.interest
          ? {
              juros: { modalidade: due.interest.modality, valorPerc: toValor(due.interest.value) },
            }
          : {}),
      },
      copyPaste: due.copyPaste,
    }
  } catch (error) {
    deps.logger.warn(
      { err: error },
      `[checkout] API Pix não criou a cobrança com vencimento ${txid}: só o boleto`,
    )
    return
  }
}

/** The answer's Pix: the copia e cola and what the bank charges if it is paid today. */
export function boletoPixAnswer(charge: Charge, now: Date): BoletoResponse['pix'] {
  const cobv = charge.data.cobv
  if (!cobv?.copyPaste || !cobv.valor || !cobv.dueDate) return undefined
  const calendar = {
    dataDeVencimento: cobv.dueDate,
    validadeAposVencimento: cobv.daysAfterDue ?? 0,
  }
  const today = cobvAmountOn(cobv.valor, calendar, todayInSaoPaulo(now))
  if (!today) return undefined
  return {
    txid: cobvTxid(charge.id),
    copy_paste: cobv.copyPaste,
    due_date: cobv.dueDate,
    last_day: lastPayableDay(calendar),
    amount: today.original,
    amount_today: today.final,
    fine: today.multa,
    interest: today.juros,
    discount: today.desconto + today.abatimento,
    fine_percent: cobv.valor.multa?.valorPerc ?? '0.00',
    monthly_interest_percent: cobv.valor.juros?.valorPerc ?? '0.00',
  }
}

/** The boleto charge a cobv's txid names, if it is one of ours. */
export async function chargeOfCobv(db: Database, txid: string): Promise<Charge | undefined> {
  const hex = /^[0-9a-f]{32}$/.exec(txid)?.[0]
  if (!hex) return undefined
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  const [charge] = await db
    .select()
    .from(paymentCharges)
    .where(and(eq(paymentCharges.id, id), eq(paymentCharges.method, 'INSTALLMENT_BILL')))
  return charge?.data.cobv ? charge : undefined
}

/**
 * Each Pix the bank lists for the cobv, applied once (by its end-to-end id): the original must
 * be the charge's amount; what the bank added or took off is recorded on the charge. Money
 * nothing can take (the boleto paid first) goes back by devolução.
 */
export async function applyCobv(
  deps: PaymentsDeps,
  charge: Charge,
  due: DueCollection,
): Promise<Settlement[]> {
  const outcomes: Settlement[] = []
  for (const payment of due.payments) {
    const original = payment.components.original ?? payment.amount
    const outcome = await settlePayment(
      deps.db,
      charge.id,
      {
        id: payment.endToEndId,
        amount: payment.amount,
        at: payment.at,
        method: 'PIX',
        original,
        components: payment.components,
      },
      async (tx, paid) => {
        await noteOnCharge(tx, paid.id, { cobv: { ...paid.data.cobv, paid: payment.components } })
      },
    )
    outcomes.push(outcome)
    if (outcome === 'REFUND') await refundSoon(deps, payment.endToEndId)
    if (outcome === 'PAID') await cancelBoletosOf(deps, charge)
  }
  return outcomes
}

/**
 * The cobv paid the charge: its boletos are cancelled at the gateway, so the payer's bank
 * refuses them rather than take the money twice. Unreachable now, a boleto paid anyway still
 * goes back (resolveBoleto), as any late duplicate.
 */
async function cancelBoletosOf(deps: PaymentsDeps, charge: Charge) {
  for (const boleto of charge.data.boletos ?? []) {
    try {
      const state = await deps.gateway?.cancelBoleto(boleto.reference)
      if (state === 'PAID')
        deps.logger.warn(
          { charge: charge.id, boleto: boleto.reference },
          '[boleto-pix] boleto pago também: será devolvido',
        )
    } catch (error) {
      deps.logger.warn(
        { err: error, charge: charge.id, boleto: boleto.reference },
        '[boleto-pix] boleto não cancelado depois do Pix com vencimento',
      )
    }
  }
}

/**
 * A boleto paid the charge: its cobv is withdrawn at the bank, so the payer can no longer pay
 * it too. Unreachable now, a Pix paid anyway still goes back by devolução (applyCobv).
 */
export async function withdrawCobvOf(deps: PaymentsDeps, charge: Charge) {
  if (!deps.pix || !charge.data.cobv) return
  try {
    await deps.pix.removeDueCollection(cobvTxid(charge.id))
  } catch (error) {
    deps.logger.warn(
      { err: error, charge: charge.id },
      '[boleto-pix] Pix com vencimento não removido depois do boleto',
    )
  }
}

/** Reads the cobv back and applies what was paid; true when the charge is paid by it. */
export async function resolveBoletoPix(deps: PaymentsDeps, charge: Charge): Promise<boolean> {
  if (!deps.pix || !charge.data.cobv) return false
  const due = await deps.pix.getDueCollection(cobvTxid(charge.id))
  if (!due?.payments.length) return false
  return (await applyCobv(deps, charge, due)).includes('PAID')
}

/**
 * Withdraws the cobv at the bank before the charge is cancelled (another method takes over),
 * so it can no longer be paid. A cobv paid meanwhile is applied instead: true then.
 */
export async function removeBoletoPix(deps: PaymentsDeps, charge: Charge): Promise<boolean> {
  if (!deps.pix || !charge.data.cobv) return false
  const txid = cobvTxid(charge.id)
  try {
    await deps.pix.removeDueCollection(txid)
    return false
  } catch (error) {
    if (!(error instanceof PixApiError) || error.status === 0 || error.status >= 500) throw error
    // Not ATIVA (paid, or never reached the bank): read what it is.
    const due = await deps.pix.getDueCollection(txid)
    return due ? (await applyCobv(deps, charge, due)).includes('PAID') : false
  }
}
