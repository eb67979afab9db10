/**
 * The events of the catalogue (contract/webhooks.ts), built where their change happens and
 * recorded in its transaction (events.ts). Each names its objects by the portal's id and the
 * provider's externalId, read in the same transaction.
 */
import { eq, inArray } from 'drizzle-orm'
import type { EventType } from '../../contract/webhooks'
import type { Database } from '../db/client'
import {
  contracts,
  dependents,
  dependentTypes,
  paymentOrders,
  persons,
  type pixRecurrences,
  type RecurrenceStatus,
} from '../db/schema'
import { recordEvent } from './events'
import { recurrenceAmountOf } from './mappers'

type Ref = { id: string; externalId: string | null }

async function contractRef(tx: Database, id: string): Promise<Ref> {
  const [row] = await tx
    .select({ externalId: contracts.externalId })
    .from(contracts)
    .where(eq(contracts.id, id))
  return { id, externalId: row?.externalId ?? null }
}

async function personRef(tx: Database, id: string): Promise<Ref> {
  const [row] = await tx
    .select({ externalId: persons.externalId })
    .from(persons)
    .where(eq(persons.id, id))
  return { id, externalId: row?.externalId ?? null }
}

/** The integration API's name of each person column a holder's save may change. */
const memberFields: Record<string, string> = {
  firstName: 'firstName',
  lastName: 'lastName',
  birthDate: 'birthDate',
  gender: 'gender',
  email: 'email',
  cpf: 'cpf',
  rg: 'rg',
  passport: 'passport',
  birthCertificate: 'birthCertificate',
  phoneDdi: 'phoneDdi',
  phoneNumber: 'phone',
  cep: 'cep',
  state: 'state',
  city: 'city',
  country: 'country',
  street: 'street',
  neighborhood: 'neighborhood',
  addressNumber: 'addressNumber',
  complement: 'complement',
  imageBase64: 'photo',
}

/** Which of the person's fields a save changed, by the integration API's names. */
export function changedMemberFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string[] {
  return Object.entries(memberFields).flatMap(([column, name]) =>
    column in after && after[column] !== before[column] ? [name] : [],
  )
}

export async function holderUpdated(
  tx: Database,
  input: { personId: string; contractId: string; changedFields: string[]; version: Date; at: Date },
) {
  if (input.changedFields.length === 0) return
  await recordEvent(
    tx,
    'holder.updated',
    {
      member: await personRef(tx, input.personId),
      contract: await contractRef(tx, input.contractId),
      changedFields: input.changedFields,
      version: input.version.toISOString(),
    },
    input.at,
  )
}

export async function dependentSaved(
  tx: Database,
  input: {
    dependentId: string
    created: boolean
    changedFields: string[]
    version: Date
    at: Date
  },
) {
  const [row] = await tx
    .select({ dependent: dependents, type: dependentTypes.name })
    .from(dependents)
    .leftJoin(dependentTypes, eq(dependentTypes.id, dependents.dependentTypeId))
    .where(eq(dependents.id, input.dependentId))
  if (!row) return
  const { dependent, type } = row
  if (!input.created && input.changedFields.length === 0) return
  const common = {
    dependent: { id: dependent.id, externalId: dependent.externalId },
    member: await personRef(tx, dependent.personId),
    contract: await contractRef(tx, dependent.contractId),
    version: input.version.toISOString(),
  }
  if (input.created) {
    await recordEvent(tx, 'dependent.created', { ...common, type }, input.at)
    return
  }
  await recordEvent(
    tx,
    'dependent.updated',
    { ...common, changedFields: input.changedFields },
    input.at,
  )
}

export async function termsAccepted(tx: Database, contractId: string, acceptedAt: Date) {
  await recordEvent(
    tx,
    'terms.accepted',
    { contract: await contractRef(tx, contractId), acceptedAt: acceptedAt.toISOString() },
    acceptedAt,
  )
}

type Share = { id: string; paid: number }

async function instalmentRefs(tx: Database, ids: string[]) {
  if (ids.length === 0) return new Map<string, { ref: Ref; contract: Ref }>()
  const rows = await tx
    .select({
      id: paymentOrders.id,
      externalId: paymentOrders.externalId,
      contractId: paymentOrders.contractId,
      contractExternalId: contracts.externalId,
    })
    .from(paymentOrders)
    .innerJoin(contracts, eq(contracts.id, paymentOrders.contractId))
    .where(inArray(paymentOrders.id, ids))
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ref: { id: row.id, externalId: row.externalId },
        contract: { id: row.contractId, externalId: row.contractExternalId },
      },
    ]),
  )
}

/** One event per instalment of a charge, each naming the instalment and its contract. */
async function perInstalment(
  tx: Database,
  shares: Share[],
  record: (share: Share, refs: { instalment: Ref; contract: Ref }) => Promise<unknown>,
) {
  const refs = await instalmentRefs(
    tx,
    shares.map((share) => share.id),
  )
  for (const share of shares) {
    const found = refs.get(share.id)
    if (found) await record(share, { instalment: found.ref, contract: found.contract })
  }
}

/** The gateway's reference of a payment, by how its id was made (charges.ts `Payment`). */
function referencesOf(chargeId: string, paymentId: string) {
  if (paymentId.startsWith('card:'))
    return { chargeId, cardAuthorization: paymentId.slice('card:'.length) }
  if (paymentId.startsWith('boleto:'))
    return { chargeId, boleto: paymentId.slice('boleto:'.length) }
  return { chargeId, pixEndToEndId: paymentId }
}

/** What the bank added and took off a payment it computed (a cobv's componentesValor). */
function bankCharges(bank: { components: Record<string, number>; total: number }) {
  const part = (name: string) => bank.components[name] ?? 0
  return {
    fine: part('multa'),
    interest: part('juros'),
    discount: part('desconto') + part('abatimento'),
    total: bank.total,
  }
}

export async function instalmentsPaid(
  tx: Database,
  input: {
    chargeId: string
    method: string
    shares: Share[]
    paymentId: string
    at: Date
    /** The amount as the bank computed it (a boleto's Pix with a due date). */
    bank?: { components: Record<string, number>; total: number }
  },
) {
  await perInstalment(tx, input.shares, (share, refs) =>
    recordEvent(
      tx,
      'instalment.paid',
      {
        ...refs,
        method: input.method,
        amount: share.paid,
        paidAt: input.at.toISOString(),
        references: referencesOf(input.chargeId, input.paymentId),
        ...(input.bank ? { bankCharges: bankCharges(input.bank) } : {}),
      },
      input.at,
    ),
  )
}

export async function paymentFailed(
  tx: Database,
  input: { method: string; shares: Share[]; reason: string; at: Date },
) {
  await perInstalment(tx, input.shares, (share, refs) =>
    recordEvent(
      tx,
      'instalment.payment_failed',
      { ...refs, method: input.method, amount: share.paid, reason: input.reason },
      input.at,
    ),
  )
}

export async function paymentRefunded(
  tx: Database,
  input: { method: string; shares: Share[]; amount: number; chargeAmount: number; at: Date },
) {
  await perInstalment(tx, input.shares, (share, refs) =>
    recordEvent(
      tx,
      'instalment.refunded',
      {
        ...refs,
        method: input.method,
        // The payment's amount split as the charge's was (another amount: pro rata).
        amount:
          input.amount === input.chargeAmount
            ? share.paid
            : Math.round((share.paid * input.amount) / Math.max(input.chargeAmount, 1)),
        refundedAt: input.at.toISOString(),
      },
      input.at,
    ),
  )
}

export async function recurrenceCardUpdated(
  tx: Database,
  input: { contractId: string; brand: string; last4: string; at: Date },
) {
  await recordEvent(
    tx,
    'recurrence.card_updated',
    { contract: await contractRef(tx, input.contractId), brand: input.brand, last4: input.last4 },
    input.at,
  )
}

/** The event of each state a Pix Automático authorization moves to (none for CRIADA). */
const pixAutomaticoEvents: Partial<Record<RecurrenceStatus, EventType>> = {
  APROVADA: 'pix_automatico.approved',
  REJEITADA: 'pix_automatico.rejected',
  CANCELADA: 'pix_automatico.cancelled',
  EXPIRADA: 'pix_automatico.expired',
}

/** An authorization moved (`moved`, as written), in the transaction of its conditional update. */
export async function pixAutomaticoMoved(
  tx: Database,
  input: {
    moved: typeof pixRecurrences.$inferSelect
    from: RecurrenceStatus
    reason: { code: string; description: string } | undefined
    at: Date
  },
) {
  const { moved } = input
  const type = pixAutomaticoEvents[moved.status]
  if (!type) return
  await recordEvent(
    tx,
    type,
    {
      contract: await contractRef(tx, moved.contractId),
      authorization: { id: moved.id, idRec: moved.idRec },
      status: moved.status,
      previousStatus: input.from,
      cancelledBy: moved.cancelledBy,
      reason: input.reason
        ? { code: input.reason.code, description: input.reason.description }
        : null,
      amount: recurrenceAmountOf(moved),
      frequency: moved.periodicity,
      firstDate: moved.firstDate,
      lastDate: moved.lastDate,
      changedAt: input.at.toISOString(),
    },
    input.at,
  )
}
