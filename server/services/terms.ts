/**
 * Contract terms (spec §7): accepting them, and the content both term documents show — the
 * purchase terms (HTML, term-html.ts) and the signed adhesion term (PDF, term-pdf.ts).
 */
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Brand } from '../../contract/brand'
import type { Database } from '../db/client'
import { contracts, holders, paymentOrders } from '../db/schema'
import type { HolderContract } from './contracts'
import { termsAccepted } from './event-records'
import { fullName } from './mappers'

export const termMessages = {
  accepted: 'Termo aceito.',
} as const

/**
 * Marks the holder's own contract as accepted, in one transaction. Accepting again keeps the
 * first acceptance date. False when the contract is not the holder's (nothing is written).
 */
export async function acceptTerms(
  db: Database,
  personId: string,
  contractId: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ terms: contracts.terms, acceptedAt: contracts.termsAcceptedAt })
      .from(contracts)
      .innerJoin(holders, eq(holders.contractId, contracts.id))
      .where(and(eq(contracts.id, contractId), eq(holders.personId, personId)))
      .for('update', { of: contracts })
    if (!owned) return false
    if (owned.terms && owned.acceptedAt) return true
    const acceptedAt = owned.acceptedAt ?? now
    await tx
      .update(contracts)
      .set({ terms: true, termsAcceptedAt: acceptedAt, updatedAt: now })
      .where(eq(contracts.id, contractId))
    await termsAccepted(tx, contractId, acceptedAt)
    return true
  })
}

// ---------------------------------------------------------------- what the documents say

/** Dates are shown as the holder reads them: dd/mm/aaaa in Brasília time. */
const dayFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
})
const timeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  hour: '2-digit',
  minute: '2-digit',
})

export const formatDay = (date: Date) => dayFormat.format(date)

/** 000.000.000-00 for an 11-digit CPF; anything else as stored. */
export function formatCpf(cpf: string | null): string {
  const digits = cpf?.replace(/\D/g, '') ?? ''
  if (digits.length !== 11) return cpf?.trim() || 'não informado'
  return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4')
}

export interface TermClause {
  title: string
  text: string
}

export interface TermDocument {
  holderName: string
  cpf: string
  /** Série/número, e.g. 'A/000123'. */
  contractNumber: string
  modelName: string
  saleDate: string
  expiration: string | null
  /** dd/mm/aaaa, or null while the terms are not accepted. */
  acceptedAt: string | null
  dependentsIncluded: number
  /** Dependents covered by the contract (inactive ones are not). */
  dependents: { name: string; type: string }[]
  clauses: TermClause[]
  /** When the document was produced, 'dd/mm/aaaa às hh:mm'. */
  generatedAt: string
  /** The portal's name (brand.json's productName), where the terms were accepted. */
  portal: string
  /** The brand's primary colour, for the headings of the HTML document. */
  primary: string
  /**
   * What the contract costs, from its instalments (issue 27: terms read without a price are not
   * read as a purchase): '12 parcelas de R$ 189,90', the total and the due dates; null with none.
   */
  price: TermPrice | null
}

export interface TermPrice {
  /** '12 parcelas de R$ 189,90', or '12 parcelas' when their values differ. */
  instalments: string
  total: string
  /** 'de 18/08/2026 a 18/07/2027', or the one date. */
  dueDates: string
}

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
const moneyText = (cents: number) => money.format(cents / 100).replace(/\u00a0/g, ' ')
const isoDay = (day: string) => day.split('-').reverse().join('/')

/** The contract's instalments as the terms state them (cancelled ones left out). */
export async function termPrice(db: Database, contractId: string): Promise<TermPrice | null> {
  const rows = await db
    .select({ value: paymentOrders.value, dueDate: paymentOrders.dueDate })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.contractId, contractId), isNull(paymentOrders.cancelledAt)))
    .orderBy(asc(paymentOrders.dueDate))
  const first = rows[0]
  const last = rows.at(-1)
  if (!first || !last) return null
  const count = rows.length
  const same = rows.every((row) => row.value === first.value)
  const noun = count === 1 ? 'parcela' : 'parcelas'
  return {
    instalments: same ? `${count} ${noun} de ${moneyText(first.value)}` : `${count} ${noun}`,
    total: moneyText(rows.reduce((sum, row) => sum + row.value, 0)),
    dueDates:
      count === 1 ? isoDay(first.dueDate) : `de ${isoDay(first.dueDate)} a ${isoDay(last.dueDate)}`,
  }
}

/** What a term takes from the brand (config.brand). */
export type TermBrand = Pick<Brand, 'productName' | 'colors'>

export function termDocument(
  found: HolderContract,
  now: Date,
  brand: TermBrand,
  price: TermPrice | null = null,
): TermDocument {
  const { contract, person, model } = found
  const contractNumber =
    [contract.serie, contract.contractNumber].filter(Boolean).join('/') || contract.id
  const expiration = contract.expiration ? formatDay(contract.expiration) : null
  const included = contract.dependentsIncluded
  return {
    holderName: fullName(person),
    cpf: formatCpf(person.cpf),
    contractNumber,
    modelName: model.name,
    saleDate: contract.dateTime ? formatDay(contract.dateTime) : 'não informada',
    expiration,
    acceptedAt:
      contract.terms && contract.termsAcceptedAt ? formatDay(contract.termsAcceptedAt) : null,
    dependentsIncluded: included,
    dependents: found.dependents
      .filter((row) => row.dependent.status !== 'INACTIVE')
      .map((row) => ({ name: fullName(row.person), type: row.type?.name ?? 'Dependente' })),
    clauses: [
      {
        title: 'Objeto',
        text: `Este termo formaliza a adesão do TITULAR ao ${model.name}, contrato ${contractNumber}, nas condições comerciais registradas na venda.`,
      },
      {
        title: 'Dependentes',
        text:
          included > 0
            ? `O plano inclui até ${included} ${included === 1 ? 'dependente' : 'dependentes'}. Dependentes inativos não têm acesso aos serviços e não contam para esse limite.`
            : 'Este plano é individual e não inclui dependentes.',
      },
      {
        title: 'Carteirinha',
        text: 'O acesso às dependências exige a carteirinha ativa do titular ou do dependente, pessoal e intransferível, apresentada no aplicativo ou impressa.',
      },
      {
        title: 'Pagamento',
        text: `As parcelas vencem nas datas indicadas no ${brand.productName} e podem ser pagas por Pix, cartão de crédito, recorrência no cartão ou boleto. Parcelas em atraso estão sujeitas a multa, juros e correção.`,
      },
      {
        title: 'Dados pessoais',
        text: 'O TITULAR declara que os dados informados são verdadeiros e se compromete a mantê-los atualizados. Os dados são tratados conforme a Lei Geral de Proteção de Dados (Lei nº 13.709/2018), apenas para a execução deste contrato.',
      },
      {
        title: 'Vigência e cancelamento',
        text: `${expiration ? `O contrato vigora até ${expiration}` : 'O contrato vigora pelo prazo indicado na venda'} e pode ser cancelado conforme as regras do plano, sem prejuízo das parcelas já vencidas.`,
      },
      {
        title: 'Aceite eletrônico',
        text: `O aceite eletrônico registrado no ${brand.productName} tem a mesma validade da assinatura física deste termo.`,
      },
    ],
    generatedAt: `${formatDay(now)} às ${timeFormat.format(now)}`,
    portal: brand.productName,
    primary: brand.colors.primary,
    price,
  }
}
