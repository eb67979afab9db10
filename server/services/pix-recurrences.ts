/**
 * "Débito automático via Pix" (Pix Automático, decision 025): a holder's contract enrolled in a
 * recurring Pix authorization at the bank, and our record of it (pix_recurrences).
 * - Enrolling (journey 3): instalments already due (or due before the /cobr window opens) are
 *   paid now by a cobrança imediata (the link's Pix, checkout-pix.ts), read in the same QR as the
 *   authorization (POST /locrec, POST /rec with its txid, GET /rec?txid); the later ones are
 *   charged one by one by the scheduler (recurring-charges.ts) once the payer approved it.
 * - Its state follows the bank: the notification (…/rec) is read back (GET /rec) and applied;
 *   the reconciler asks for those whose notification never came.
 * - Cancelling from the portal: PATCH /rec at the bank, CANCELADA here by USUARIO_RECEBEDOR;
 *   live recurring charges that may still be cancelled are cancelled with it.
 */
import { and, desc, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm'
import { bankName } from '../../contract/payer-bank'
import type { RecurrenceView } from '../../contract/pix-automatico'
import { PixApiError } from '../adapters/pix-api/client'
import type { Recurrence as BankRecurrence } from '../adapters/pix-api/recurrence'
import type { Database } from '../db/client'
import {
  contracts,
  holders,
  modelContracts,
  paymentCharges,
  paymentLinks,
  paymentOrders,
  persons,
  pixRecurrences,
  type RecurrenceStatus,
} from '../db/schema'
import { ApiError } from '../http/errors'
import { readCharge } from './charges'
import { generatePix } from './checkout-pix'
import type { PaymentsDeps } from './collections'
import { contractMessages } from './contracts'
import { pixAutomaticoMoved } from './event-records'
import { fullName, recurrenceAmountOf } from './mappers'
import { addDaysTo, todayInSaoPaulo } from './payment-amounts'
import { newLinkCode } from './payment-links'
import {
  COBR_FIRST_DAY,
  cancelRecurringCharge,
  liveChargesOf,
  type Recurrence,
  recurringLinkSrc,
  recurringMessages,
} from './recurring-charges'

export const recurrenceMessages = {
  notFound: 'Este contrato não tem débito automático via Pix.',
  unavailable:
    'Débito automático via Pix indisponível no momento: o banco não está configurado para Pix Automático.',
  alreadyActive: 'Este contrato já tem débito automático via Pix ativo.',
  nothingToCharge: 'Não há parcelas em aberto para o débito automático via Pix.',
  cpfMissing: 'Informe seu CPF no cadastro para usar o débito automático via Pix.',
  ended: 'Este débito automático via Pix já foi encerrado.',
  bankFailed: 'Não foi possível falar com o banco. Tente novamente.',
  notOnLink: 'Este link não aceita débito automático via Pix.',
  bankUnknown:
    'O seu banco não está no seu cadastro: autorize o débito automático lendo o QR Code.',
} as const

/**
 * How the holder authorizes it: by a QR read in their bank's app (journeys 2 and 3), or by a
 * request sent to that bank (journey 1, `POST /solicrec`), which asks them in its own app.
 */
export type EnrolVia = 'QR' | 'BANCO'

/** Days a request sent to the payer's bank waits for an answer, at most. */
export const REQUEST_DAYS = 7

/** How a recurrence may move: only forward, as the bank's states do. */
const recurrenceMoves: Record<RecurrenceStatus, RecurrenceStatus[]> = {
  CRIADA: ['APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA'],
  APROVADA: ['CANCELADA', 'EXPIRADA'],
  REJEITADA: [],
  CANCELADA: [],
  EXPIRADA: [],
}
const movesTo = (to: RecurrenceStatus) =>
  (Object.keys(recurrenceMoves) as RecurrenceStatus[]).filter((from) =>
    recurrenceMoves[from].includes(to),
  )
const liveStatuses: RecurrenceStatus[] = ['CRIADA', 'APROVADA']

/** Pix Automático is offered: a bank client and the account its charges pay into. */
const offered = (deps: PaymentsDeps) => Boolean(deps.pix && deps.config.pix?.account)

function pixOf(deps: PaymentsDeps) {
  if (!deps.pix || !offered(deps)) throw new ApiError(503, recurrenceMessages.unavailable)
  return deps.pix
}

/**
 * The contract's open instalments, split where the /cobr window opens: `now`, due before it
 * (journey 3 pays them with the authorization), and `later`, the ones the authorization charges.
 */
async function instalmentsToCharge(deps: PaymentsDeps, contractId: string) {
  const windowStart = addDaysTo(todayInSaoPaulo(deps.now()), COBR_FIRST_DAY)
  const open = await deps.db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.contractId, contractId),
        ne(paymentOrders.status, 'PAID'),
        isNull(paymentOrders.cancelledAt),
      ),
    )
    .orderBy(paymentOrders.dueDate, paymentOrders.installment)
  return {
    now: open.filter((row) => row.dueDate < windowStart),
    later: open.filter((row) => row.dueDate >= windowStart),
  }
}

/**
 * Whether "Ativar" may start an authorization for the contract now: Pix Automático offered and
 * instalments left for it to charge (else the POST answers 503 or 422). The caller knows none is
 * live.
 */
async function enrolable(deps: PaymentsDeps, contractId: string): Promise<boolean> {
  return offered(deps) && (await instalmentsToCharge(deps, contractId)).later.length > 0
}

function bankFailed(deps: PaymentsDeps, what: string, error: unknown): ApiError {
  deps.logger.error({ err: error }, `[pix-automatico] ${what}`)
  return new ApiError(502, recurrenceMessages.bankFailed)
}

/** The holder's own contract, with what the authorization shows (404 for anyone else's). */
async function holderContract(db: Database, personId: string, contractId: string) {
  const [found] = await db
    .select({ contract: contracts, person: persons, modelName: modelContracts.name })
    .from(contracts)
    .innerJoin(holders, eq(holders.contractId, contracts.id))
    .innerJoin(persons, eq(persons.id, holders.personId))
    .innerJoin(modelContracts, eq(modelContracts.id, contracts.modelContractId))
    .where(and(eq(contracts.id, contractId), eq(holders.personId, personId)))
  if (!found) throw new ApiError(404, contractMessages.notFound)
  return found
}

/** What the screen shows of an authorization. */
async function viewOf(deps: PaymentsDeps, row: Recurrence): Promise<RecurrenceView> {
  const { db } = deps
  let immediate: RecurrenceView['immediate'] = null
  if (row.journeyTxid) {
    const [charge] = await db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.gatewayRef, row.journeyTxid))
    if (charge)
      immediate = {
        txid: row.journeyTxid,
        value: charge.amount,
        status:
          charge.status === 'PAID'
            ? 'PAID'
            : charge.status === 'PROCESSING' || charge.status === 'CREATED'
              ? 'WAITING'
              : 'ENDED',
      }
  }
  return {
    id: row.id,
    contractId: row.contractId,
    idRec: row.idRec,
    status: row.status,
    cancelledBy: row.cancelledBy,
    reason: row.endReason,
    amount: recurrenceAmountOf(row),
    frequency: row.periodicity,
    firstDate: row.firstDate,
    lastDate: row.lastDate,
    receiver: { name: row.receiverName, cnpj: row.receiverCnpj },
    qrCode: row.status === 'CRIADA' ? row.copyPaste : null,
    request:
      row.status === 'CRIADA' && row.requestId && row.requestExpiresAt
        ? {
            bank: row.requestIspb ? bankName(row.requestIspb) : null,
            expiresAt: row.requestExpiresAt.toISOString(),
          }
        : null,
    payerBank: await payerBankOf(deps.db, row.personId),
    immediate,
    canEnrol: !liveStatuses.includes(row.status) && (await enrolable(deps, row.contractId)),
  }
}

/**
 * Whether the provider knows the holder's bank, so the request can go there (journey 1): its
 * short name ('' for a bank we do not name), or null when it is unknown.
 */
async function payerBankOf(db: Database, personId: string): Promise<string | null> {
  const [person] = await db
    .select({ bank: persons.payerBank })
    .from(persons)
    .where(eq(persons.id, personId))
  return person?.bank ? (bankName(person.bank.ispb) ?? '') : null
}

/** The contract's newest authorization, or null. */
async function newestOf(db: Database, contractId: string): Promise<Recurrence | undefined> {
  const [row] = await db
    .select()
    .from(pixRecurrences)
    .where(eq(pixRecurrences.contractId, contractId))
    .orderBy(desc(pixRecurrences.createdAt))
    .limit(1)
  return row
}

/**
 * The contract's newest authorization; or, when it never had one, whether "Ativar" may start
 * one (the GET's 404 says it, so the screen offers only what can work).
 */
export async function readRecurrence(
  deps: PaymentsDeps,
  personId: string,
  contractId: string,
): Promise<{ view: RecurrenceView } | { view: null; canEnrol: boolean }> {
  const row = await holdersNewest(deps, personId, contractId)
  if (!row) return { view: null, canEnrol: await enrolable(deps, contractId) }
  return { view: await viewOf(deps, row) }
}

/** The holder's own contract's newest authorization, if any (another holder's contract: 404). */
async function holdersNewest(deps: PaymentsDeps, personId: string, contractId: string) {
  await holderContract(deps.db, personId, contractId)
  return newestOf(deps.db, contractId)
}

/**
 * Enrols the contract, the way the holder chose (`via`), else the best one for them: a request
 * sent to their own bank (journey 1) when the provider knows it and nothing is due now;
 * otherwise the QR (CRIADA), with, when instalments are due before the /cobr window, the cob
 * that pays them in the same code (journey 3). A live CRIADA one asked the same way is handed
 * back as it is; asked the other way, it is withdrawn and the new one made. APROVADA: 409.
 */
export async function enrolRecurrence(
  deps: PaymentsDeps,
  personId: string,
  contractId: string,
  options: { via?: EnrolVia | undefined } = {},
): Promise<{ created: boolean; view: RecurrenceView }> {
  const pix = pixOf(deps)
  const { contract, person, modelName } = await holderContract(deps.db, personId, contractId)
  const bank = person.payerBank
  if (options.via === 'BANCO' && !bank) throw new ApiError(422, recurrenceMessages.bankUnknown)
  const [live] = await deps.db
    .select()
    .from(pixRecurrences)
    .where(
      and(eq(pixRecurrences.contractId, contractId), inArray(pixRecurrences.status, liveStatuses)),
    )
  if (live?.status === 'APROVADA') throw new ApiError(409, recurrenceMessages.alreadyActive)
  if (live && (!options.via || viaOf(live) === options.via) && (await stillOpen(deps, live)))
    return { created: false, view: await viewOf(deps, live) }
  // Its QR's Pix ran out (expired, replaced) or its request expired before the payer answered,
  // or the holder chose the other way: that one is withdrawn at the bank and a new one made, so
  // the screen never shows a code or a request that cannot work, nor two at once.
  if (live) await withdraw(deps, live)
  const cpf = person.cpf?.replace(/\D/g, '')
  if (!cpf) throw new ApiError(422, recurrenceMessages.cpfMissing)

  const { now, later } = await instalmentsToCharge(deps, contractId)
  const [first] = later
  const last = later.at(-1)
  if (!first || !last) throw new ApiError(422, recurrenceMessages.nothingToCharge)
  const amounts = later.map((row) => Math.max(0, row.value - row.discount))
  const fixed = amounts.every((amount) => amount === amounts[0]) ? amounts[0] : undefined
  const maximum = Math.max(...amounts)
  // Journey 1 carries no payment: with something due now, the QR pays it with the authorization.
  const via: EnrolVia = options.via ?? (bank && now.length === 0 ? 'BANCO' : 'QR')

  // Journey 3: what is due now is paid with the authorization, by the link's own Pix.
  let journeyTxid: string | undefined
  if (via === 'QR' && now.length) {
    const code = newLinkCode()
    await deps.db.insert(paymentLinks).values({
      code,
      contractId,
      instalmentIds: now.map((row) => row.id),
      channel: 'B2C',
      src: recurringLinkSrc,
      createdAt: deps.now(),
    })
    try {
      const generated = await generatePix(deps, { code, token: '' })
      journeyTxid = generated.data.find((entry) => entry.key === 'txid')?.value
    } catch (error) {
      // Refused before the bank had a cob (another collection holds them, no Pix offered):
      // nothing of it stays. Unanswered (5xx): kept, for the reconciler to ask about its cob.
      if (error instanceof ApiError && error.status < 500)
        await deps.db.delete(paymentLinks).where(eq(paymentLinks.code, code))
      throw error
    }
  }

  const terms = {
    contract: contract.contractNumber ?? contract.id.replace(/-/g, ''),
    description: modelName,
    payer: { cpf, name: fullName(person) },
    firstDate: first.dueDate,
    lastDate: last.dueDate,
    periodicity: 'MENSAL' as const,
    amount: fixed !== undefined ? { fixed } : { minimum: maximum },
    retryPolicy: 'PERMITE_3R_7D' as const,
  }
  let created: BankRecurrence
  let copyPaste: string | undefined
  let request: { id: string; ispb: string; expiresAt: Date } | undefined
  if (via === 'BANCO' && bank) {
    // Journey 1: no location, no QR; the request goes to the payer's bank, which asks them.
    try {
      created = await pix.createRecurrence(terms)
    } catch (error) {
      throw bankFailed(deps, 'criar a recorrência', error)
    }
    const expiresAt = requestExpiry(deps.now(), first.dueDate)
    try {
      const payer = {
        ispb: bank.ispb,
        branch: bank.branch ?? undefined,
        account: bank.account,
        cpf,
      }
      const sent = await pix.requestRecurrence(created.id, payer, expiresAt)
      request = { id: sent.id, ispb: bank.ispb, expiresAt: sent.expiresAt }
    } catch (error) {
      // The recurrence nobody was asked about is withdrawn (it could never be approved anyway).
      await pix.cancelRecurrence(created.id).catch(() => undefined)
      throw bankFailed(deps, `solicitar a recorrência ${created.id}`, error)
    }
  } else {
    try {
      const location = await pix.createRecurrenceLocation()
      created = await pix.createRecurrence({
        ...terms,
        locationId: location.id,
        immediateTxid: journeyTxid,
      })
      copyPaste = (await pix.getRecurrence(created.id, { txid: journeyTxid }))?.copyPaste
    } catch (error) {
      throw bankFailed(deps, 'criar a recorrência', error)
    }
  }
  try {
    const [row] = await deps.db
      .insert(pixRecurrences)
      .values({
        contractId,
        personId,
        idRec: created.id,
        journeyTxid: journeyTxid ?? null,
        status: 'CRIADA',
        fixedAmount: fixed ?? null,
        maximumAmount: fixed === undefined ? maximum : null,
        periodicity: created.periodicity,
        retryPolicy: created.retryPolicy ?? 'PERMITE_3R_7D',
        firstDate: created.firstDate,
        lastDate: created.lastDate ?? null,
        copyPaste: request ? null : (copyPaste ?? created.copyPaste ?? null),
        requestId: request?.id ?? null,
        requestIspb: request?.ispb ?? null,
        requestExpiresAt: request?.expiresAt ?? null,
        receiverName: created.receiver.name,
        receiverCnpj: created.receiver.cnpj,
        createdAt: deps.now(),
        updatedAt: deps.now(),
      })
      .returning()
    if (!row) throw new Error('recorrência não gravada')
    return { created: true, view: await viewOf(deps, row) }
  } catch (error) {
    // Another request enrolled the contract meanwhile (one live per contract): this one goes.
    if (request) await pix.cancelRecurrenceRequest(request.id).catch(() => undefined)
    await pix.cancelRecurrence(created.id).catch(() => undefined)
    const [other] = await deps.db
      .select()
      .from(pixRecurrences)
      .where(
        and(
          eq(pixRecurrences.contractId, contractId),
          inArray(pixRecurrences.status, liveStatuses),
        ),
      )
    if (other) return { created: false, view: await viewOf(deps, other) }
    throw error
  }
}

/** How a CRIADA authorization was asked for: a request to the payer's bank, or a QR. */
const viaOf = (row: Recurrence): EnrolVia => (row.requestId ? 'BANCO' : 'QR')

/**
 * When a request to the payer's bank expires unanswered: in `REQUEST_DAYS`, but no later than
 * the day the first /cobr must go out (`COBR_FIRST_DAY` before its due date, midnight in São
 * Paulo, UTC−3 all year): approved after that, the first instalment could not be charged by it.
 * Never sooner than a day, so the holder has time to open their bank's app.
 */
export function requestExpiry(now: Date, firstDueDate: string): Date {
  const day = 24 * 60 * 60 * 1000
  const lastSend = Date.parse(`${addDaysTo(firstDueDate, -COBR_FIRST_DAY)}T00:00:00-03:00`)
  const at = Math.min(now.getTime() + REQUEST_DAYS * day, lastSend)
  return new Date(Math.max(at, now.getTime() + day))
}

/**
 * A CRIADA authorization can still be answered: a request to the bank not yet expired, a QR
 * with no journey-3 Pix, or one whose Pix is still live or paid.
 */
async function stillOpen(deps: PaymentsDeps, row: Recurrence): Promise<boolean> {
  if (row.requestExpiresAt) return row.requestExpiresAt > deps.now()
  return stillPayable(deps.db, row)
}

/** A CRIADA authorization's QR can still be paid: no journey-3 Pix, or one still live or paid. */
async function stillPayable(db: Database, row: Recurrence): Promise<boolean> {
  if (!row.journeyTxid) return true
  const [charge] = await db
    .select({ status: paymentCharges.status })
    .from(paymentCharges)
    .where(eq(paymentCharges.gatewayRef, row.journeyTxid))
  return charge !== undefined && ['CREATED', 'PROCESSING', 'PAID'].includes(charge.status)
}

/**
 * PATCH /rec to CANCELADA (by us) and the record moved with it. A refusal means it ended at the
 * bank meanwhile (rejected, cancelled by the payer, or approved): the bank's own state is read
 * and applied instead.
 */
async function cancelAtBank(deps: PaymentsDeps, row: Recurrence): Promise<Recurrence> {
  const pix = pixOf(deps)
  // A request still in the payer's bank app is withdrawn first, so it cannot be accepted after.
  // Refused: it was answered or expired meanwhile, and the recurrence tells which.
  if (row.status === 'CRIADA' && row.requestId)
    await pix.cancelRecurrenceRequest(row.requestId).catch((error: unknown) => {
      if (!(error instanceof PixApiError) || error.status === 0 || error.status >= 500)
        throw bankFailed(deps, `cancelar a solicitação ${row.requestId}`, error)
    })
  let bank: BankRecurrence | null
  try {
    bank = await pix.cancelRecurrence(row.idRec)
  } catch (error) {
    if (!(error instanceof PixApiError) || error.status === 0 || error.status >= 500)
      throw bankFailed(deps, `cancelar a recorrência ${row.idRec}`, error)
    bank = await pix.getRecurrence(row.idRec)
  }
  return bank ? await applyRecurrence(deps, row, bank) : row
}

/** An unpaid journey-3 authorization withdrawn before a new QR is made. */
async function withdraw(deps: PaymentsDeps, row: Recurrence) {
  const moved = await cancelAtBank(deps, row)
  // Approved at the bank meanwhile: it stands.
  if (moved.status === 'APROVADA') throw new ApiError(409, recurrenceMessages.alreadyActive)
  if (moved.status === 'CRIADA') throw new ApiError(502, recurrenceMessages.bankFailed)
}

/**
 * Moves our record where the bank's recurrence is (read from the bank), and ends the live
 * recurring charges of one that ended. Forward only; the same state again changes nothing.
 */
export async function applyRecurrence(
  deps: PaymentsDeps,
  row: Recurrence,
  bank: BankRecurrence,
): Promise<Recurrence> {
  if (bank.status === row.status) return row
  const reason = bank.cancellation ?? bank.rejection
  const at = deps.now()
  // The move and its event for the provider in one transaction, the row locked: only the one
  // that moved it records it, from where it really was (a repeated notification, or another
  // instance with the same news, finds it moved and adds none).
  const moved = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: pixRecurrences.status })
      .from(pixRecurrences)
      .where(eq(pixRecurrences.id, row.id))
      .for('update')
    if (!current || !recurrenceMoves[current.status].includes(bank.status)) return undefined
    const [done] = await tx
      .update(pixRecurrences)
      .set({
        status: bank.status,
        updatedAt: at,
        ...(bank.cancellation ? { cancelledBy: bank.cancellation.by } : {}),
        ...(reason ? { endReason: `${reason.code}: ${reason.description}` } : {}),
      })
      .where(
        and(eq(pixRecurrences.id, row.id), inArray(pixRecurrences.status, movesTo(bank.status))),
      )
      .returning()
    if (done) await pixAutomaticoMoved(tx, { moved: done, from: current.status, reason, at })
    return done
  })
  if (!moved) return (await readRecurrenceRow(deps.db, row.id)) ?? row
  deps.logger.info(
    { recurrence: row.id, idRec: row.idRec },
    `[pix-automatico] recorrência ${row.idRec}: ${row.status} → ${bank.status}`,
  )
  if (!liveStatuses.includes(bank.status)) await endLiveCharges(deps, moved)
  return moved
}

/** The charges of an ended authorization that the bank still lets us cancel. */
async function endLiveCharges(deps: PaymentsDeps, row: Recurrence) {
  for (const charge of await liveChargesOf(deps, row.id)) {
    try {
      const current = await readCharge(deps.db, charge.id)
      if (current) await cancelRecurringCharge(deps, current, recurringMessages.recurrenceEnded)
    } catch (error) {
      deps.logger.warn(
        { err: error, charge: charge.id },
        '[pix-automatico] cobrança recorrente não cancelada com a recorrência',
      )
    }
  }
}

const readRecurrenceRow = async (db: Database, id: string) =>
  (await db.select().from(pixRecurrences).where(eq(pixRecurrences.id, id)))[0]

/** A notification named this idRec: read it from the bank and apply it (unknown: ignored). */
export async function recurrenceNotified(deps: PaymentsDeps, idRec: string) {
  const [row] = await deps.db.select().from(pixRecurrences).where(eq(pixRecurrences.idRec, idRec))
  if (!row || !deps.pix) return
  const bank = await deps.pix.getRecurrence(idRec)
  if (bank) await applyRecurrence(deps, row, bank)
}

/** Cancels the contract's live authorization at the bank (PATCH /rec) and here. */
export async function cancelRecurrence(
  deps: PaymentsDeps,
  personId: string,
  contractId: string,
): Promise<RecurrenceView> {
  const row = await holdersNewest(deps, personId, contractId)
  if (!row) throw new ApiError(404, recurrenceMessages.notFound)
  if (!liveStatuses.includes(row.status)) throw new ApiError(409, recurrenceMessages.ended)
  return viewOf(deps, await cancelAtBank(deps, row))
}

/**
 * The reconciler's look at authorizations: those CRIADA or APROVADA not asked about for
 * `everyMs` are read from the bank (a lease on checked_at, so one instance asks).
 */
export async function reconcileRecurrences(deps: PaymentsDeps, everyMs: number): Promise<number> {
  if (!deps.pix) return 0
  const now = deps.now()
  const before = new Date(now.getTime() - everyMs)
  const due = deps.db
    .select({ id: pixRecurrences.id })
    .from(pixRecurrences)
    .where(
      and(
        inArray(pixRecurrences.status, liveStatuses),
        or(isNull(pixRecurrences.checkedAt), lt(pixRecurrences.checkedAt, before)),
      ),
    )
    .limit(20)
    .for('update', { skipLocked: true })
  const rows = await deps.db
    .update(pixRecurrences)
    .set({ checkedAt: now })
    .where(inArray(pixRecurrences.id, due))
    .returning()
  let looked = 0
  for (const row of rows) {
    const bank = await deps.pix.getRecurrence(row.idRec)
    if (bank) await applyRecurrence(deps, row, bank)
    looked++
  }
  return looked
}
