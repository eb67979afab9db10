/**
 * The holder's copy of their data (LGPD art. 18, II and V; issue 28): everything the portal holds
 * about the person and the dependents of their contracts, as one JSON document a machine can read
 * (`personal-data-pdf.ts` writes the same for a person to read). Only the logged-in person's own:
 * the contracts they hold, never a contract where they are only a dependent, nor anyone else's.
 *
 * Left out on purpose: secrets that are not the person's data (passkeys' public keys and
 * credential ids, session tokens, login codes), and what the portal derives to run (rate-limit
 * counters, idempotency keys).
 */

import { asc, desc, eq, inArray } from 'drizzle-orm'
import type { Brand } from '../../contract/brand'
import { bankName } from '../../contract/payer-bank'
import type { Database } from '../db/client'
import {
  contracts,
  dependents,
  dependentTypes,
  filesAttached,
  holders,
  modelContracts,
  passkeys,
  paymentCharges,
  paymentLinks,
  paymentOrders,
  persons,
  pixRecurrences,
  receivedPayments,
  reminderPreferences,
  reminderSends,
  sessions,
} from '../db/schema'

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null)
const reais = (cents: number | null | undefined) => (cents == null ? null : cents / 100)

type PersonRow = typeof persons.$inferSelect

function person(row: PersonRow) {
  return {
    nome: row.firstName,
    sobrenome: row.lastName,
    nascimento: row.birthDate,
    genero: row.gender,
    email: row.email,
    cpf: row.cpf,
    rg: row.rg,
    passaporte: row.passport,
    certidao_nascimento: row.birthCertificate,
    telefone: { ddi: row.phoneDdi, numero: row.phoneNumber },
    endereco: {
      cep: row.cep,
      estado: row.state,
      cidade: row.city,
      pais: row.country,
      rua: row.street,
      bairro: row.neighborhood,
      numero: row.addressNumber,
      complemento: row.complement,
    },
    /** The bank account the provider gave for Pix Automático's requests (journey 1), or null. */
    conta_bancaria: row.payerBank
      ? {
          banco_ispb: row.payerBank.ispb,
          banco: bankName(row.payerBank.ispb),
          agencia: row.payerBank.branch,
          conta: row.payerBank.account,
        }
      : null,
    /** As stored: the photo's base64 (or data URL) the registration sent. */
    foto: row.imageBase64,
    cadastrado_em: iso(row.createdAt),
    atualizado_em: iso(row.updatedAt),
    ultima_alteracao_por: row.writtenBy === 'holder' ? 'titular' : 'provedor',
  }
}

async function documentsOf(db: Database, personIds: string[]) {
  if (personIds.length === 0) return new Map<string, unknown[]>()
  const rows = await db
    .select()
    .from(filesAttached)
    .where(inArray(filesAttached.personId, personIds))
    .orderBy(asc(filesAttached.createdAt))
  const byPerson = new Map<string, unknown[]>()
  for (const row of rows) {
    const list = byPerson.get(row.personId) ?? []
    list.push({
      nome: row.name,
      tipo: row.contentType,
      enviado_em: iso(row.createdAt),
      conteudo_base64: row.contentBase64,
    })
    byPerson.set(row.personId, list)
  }
  return byPerson
}

/** Rows read for a list of ids: none, without a query, when the list is empty. */
const forIds = async <T>(ids: string[], read: (ids: string[]) => Promise<T[]>): Promise<T[]> =>
  ids.length ? read(ids) : []

export type PersonalData = NonNullable<Awaited<ReturnType<typeof personalData>>>

/** Undefined when the person does not exist (any other answer would say who does). */
/** `brand`: who controls the data and how to reach them (brand.json), named in the copy. */
export async function personalData(
  db: Database,
  personId: string,
  now: Date,
  brand: Pick<Brand, 'provider' | 'support'>,
) {
  const [holder] = await db.select().from(persons).where(eq(persons.id, personId))
  if (!holder) return undefined

  const held = await db
    .select({ contract: contracts, plan: modelContracts.name, holderStatus: holders.status })
    .from(holders)
    .innerJoin(contracts, eq(contracts.id, holders.contractId))
    .innerJoin(modelContracts, eq(modelContracts.id, contracts.modelContractId))
    .where(eq(holders.personId, personId))
    .orderBy(asc(contracts.createdAt))
  const contractIds = held.map(({ contract }) => contract.id)

  const dependentRows = await forIds(contractIds, (ids) =>
    db
      .select({ dependent: dependents, type: dependentTypes.name, person: persons })
      .from(dependents)
      .innerJoin(persons, eq(persons.id, dependents.personId))
      .leftJoin(dependentTypes, eq(dependentTypes.id, dependents.dependentTypeId))
      .where(inArray(dependents.contractId, ids))
      .orderBy(asc(dependents.createdAt)),
  )
  const documents = await documentsOf(db, [
    personId,
    ...dependentRows.map(({ person: row }) => row.id),
  ])

  const instalments = await forIds(contractIds, (ids) =>
    db
      .select()
      .from(paymentOrders)
      .where(inArray(paymentOrders.contractId, ids))
      .orderBy(asc(paymentOrders.installment), asc(paymentOrders.dueDate)),
  )
  const charges = await forIds(contractIds, (ids) =>
    db
      .select({
        charge: paymentCharges,
        contractId: paymentLinks.contractId,
        instalments: paymentLinks.instalmentIds,
      })
      .from(paymentCharges)
      .innerJoin(paymentLinks, eq(paymentLinks.id, paymentCharges.linkId))
      .where(inArray(paymentLinks.contractId, ids))
      .orderBy(asc(paymentCharges.createdAt)),
  )
  const chargeIds = charges.map(({ charge }) => charge.id)
  const received = await forIds(chargeIds, (ids) =>
    db
      .select()
      .from(receivedPayments)
      .where(inArray(receivedPayments.chargeId, ids))
      .orderBy(asc(receivedPayments.receivedAt)),
  )
  const instalmentIds = instalments.map((row) => row.id)
  const sent = await forIds(instalmentIds, (ids) =>
    db
      .select()
      .from(reminderSends)
      .where(inArray(reminderSends.paymentOrderId, ids))
      .orderBy(asc(reminderSends.sentAt)),
  )
  const numberOf = new Map(instalments.map((row) => [row.id, row.installment]))
  const recurrences = await forIds(contractIds, (ids) =>
    db
      .select()
      .from(pixRecurrences)
      .where(inArray(pixRecurrences.contractId, ids))
      .orderBy(asc(pixRecurrences.createdAt)),
  )

  const [preferences] = await db
    .select()
    .from(reminderPreferences)
    .where(eq(reminderPreferences.personId, personId))
  const keys = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.personId, personId))
    .orderBy(asc(passkeys.createdAt))
  const sessionRows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.personId, personId))
    .orderBy(desc(sessions.createdAt))

  return {
    sobre: {
      gerado_em: now.toISOString(),
      o_que_e:
        'Cópia de todos os dados pessoais que o portal guarda sobre você e os dependentes dos seus contratos (LGPD, art. 18).',
      valores: 'Valores em reais.',
      controlador: {
        nome: brand.provider.name,
        contato: {
          email: brand.support.email,
          whatsapp: brand.support.whatsappText,
        },
      },
    },
    titular: { ...person(holder), documentos: documents.get(personId) ?? [] },
    contratos: held.map(({ contract, plan, holderStatus }) => ({
      plano: plan,
      serie: contract.serie,
      numero: contract.contractNumber,
      situacao: contract.status,
      situacao_do_titular: holderStatus,
      criado_em: iso(contract.createdAt),
      vendido_em: iso(contract.dateTime),
      validade: iso(contract.expiration),
      dependentes_incluidos: contract.dependentsIncluded,
      dependentes: dependentRows
        .filter(({ dependent }) => dependent.contractId === contract.id)
        .map(({ dependent, type, person: row }) => ({
          tipo: type,
          situacao: dependent.status,
          incluido_em: iso(dependent.createdAt),
          ...person(row),
          documentos: documents.get(row.id) ?? [],
        })),
      parcelas: instalments
        .filter((row) => row.contractId === contract.id)
        .map((row) => ({
          parcela: row.installment,
          descricao: row.description,
          vencimento: row.dueDate,
          valor: reais(row.value),
          desconto: reais(row.discount),
          situacao: row.status,
          valor_pago: reais(row.paidValue),
          pago_em: iso(row.paidAt),
          cancelada_em: iso(row.cancelledAt),
        })),
      pagamentos: charges
        .filter(({ contractId }) => contractId === contract.id)
        .map(({ charge, instalments: ids }) => ({
          parcelas: ids.map((id) => numberOf.get(id) ?? null),
          forma: charge.method,
          situacao: charge.status,
          valor: reais(charge.amount),
          vezes: charge.installments,
          cartao: charge.data.card
            ? { bandeira: charge.data.card.brand, final: charge.data.card.lastFour }
            : null,
          criado_em: iso(charge.createdAt),
          liquidado_em: iso(charge.settledAt),
          recebimentos: received
            .filter((row) => row.chargeId === charge.id)
            .map((row) => ({
              forma: row.method,
              valor: reais(row.amount),
              recebido_em: iso(row.receivedAt),
              estorno: row.refundStatus,
              estornado_em: iso(row.refundedAt),
            })),
        })),
      /** "Débito automático via Pix" (Pix Automático): each authorization asked, and how it ended. */
      debito_automatico_pix: recurrences
        .filter((row) => row.contractId === contract.id)
        .map((row) => ({
          id_rec: row.idRec,
          situacao: row.status,
          valor: row.fixedAmount === null ? null : reais(row.fixedAmount),
          valor_maximo: row.fixedAmount === null ? reais(row.maximumAmount) : null,
          frequencia: row.periodicity,
          primeira_cobranca: row.firstDate,
          ultima_cobranca: row.lastDate,
          recebedor: { nome: row.receiverName, cnpj: row.receiverCnpj },
          cancelado_por: row.cancelledBy,
          motivo: row.endReason,
          /** Journey 1: the bank the request was sent to (ISPB), instead of a QR. */
          pedido_ao_banco: row.requestIspb,
          pedido_em: iso(row.createdAt),
          atualizado_em: iso(row.updatedAt),
        })),
    })),
    consentimentos: held.map(({ contract, plan }) => ({
      documento: `Termo de adesão — ${plan}`,
      contrato: [contract.serie, contract.contractNumber].filter(Boolean).join('/'),
      aceito: contract.terms,
      aceito_em: iso(contract.termsAcceptedAt),
    })),
    lembretes: {
      por_email: preferences?.email ?? true,
      por_whatsapp: preferences?.whatsapp ?? true,
      preferencia_alterada_em: iso(preferences?.updatedAt),
      enviados: sent.map((row) => ({
        parcela: numberOf.get(row.paymentOrderId) ?? null,
        tipo: row.kind,
        canal: row.channel,
        enviado_em: iso(row.sentAt),
      })),
    },
    chaves_de_acesso: keys.map((key) => ({
      nome: key.name,
      aparelho: key.device,
      sincronizada: key.backedUp,
      criada_em: iso(key.createdAt),
      ultimo_uso: iso(key.lastUsedAt),
    })),
    sessoes: sessionRows.map((row) => ({
      iniciada_em: iso(row.createdAt),
      expira_em: iso(row.expiresAt),
      encerrada_em: iso(row.revokedAt),
      ativa: !row.revokedAt && row.expiresAt > now,
    })),
  }
}

export const personalDataFileName = (now: Date, extension: 'json' | 'pdf') =>
  `meus-dados-${now.toISOString().slice(0, 10)}.${extension}`
