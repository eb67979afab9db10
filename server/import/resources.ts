/**
 * The spreadsheets a provider imports (issue 25): one file per resource, or the flat sheet of
 * one row per person (a holder, then their dependents). Each row becomes the integration API's
 * own request body and is checked by its own schema, so a row is refused for what the API would
 * refuse, with the same Portuguese message; the templates are in `docs/importacao/`.
 */
import type * as v from 'valibot'
import {
  cardUpsertRequest,
  contractUpsertRequest,
  dependentUpsertRequest,
  instalmentUpsertRequest,
  markPaidRequest,
  memberUpsertRequest,
  planUpsertRequest,
} from '../../contract/integration'

export type Kind = 'plans' | 'members' | 'contracts' | 'dependents' | 'instalments' | 'cards'

/** Loading order: what a row refers to is loaded before it. */
export const kinds: Kind[] = ['plans', 'members', 'contracts', 'dependents', 'instalments', 'cards']

export const kindLabels: Record<Kind, string> = {
  plans: 'planos',
  members: 'pessoas',
  contracts: 'contratos',
  dependents: 'dependentes',
  instalments: 'parcelas',
  cards: 'carteirinhas',
}

export type Row = Record<string, string>

/** A row's cell, undefined when empty (then the API's default applies). */
const cell = (row: Row, column: string) => {
  const value = row[column]?.trim()
  return value ? value : undefined
}

/**
 * The years a date cell may name: births, sales, due dates, validity and payments all fall in
 * it, and a year like 0000 (which PostgreSQL cannot store) or 20260 is a typing slip.
 */
export const dayYears = { first: 1900, last: 2100 }

/**
 * Whether a date cell (`dd/mm/aaaa`, or ISO `aaaa-mm-dd`, alone or starting a timestamp) names a
 * day that exists, within `dayYears`: 2026-02-30, 31/04/2026 and 0000-01-01 do not. A cell in
 * another shape is left to the schema, which refuses it with its own message.
 */
export function isDay(value: string | undefined): boolean {
  const text = value?.trim() ?? ''
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text)
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(text)
  if (!br && !iso) return true
  const [year, month, date] = br
    ? [Number(br[3]), Number(br[2]), Number(br[1])]
    : [Number(iso?.[1]), Number(iso?.[2]), Number(iso?.[3])]
  if (year < dayYears.first || year > dayYears.last) return false
  const day = new Date(Date.UTC(year, month - 1, date))
  return day.getUTCMonth() === month - 1 && day.getUTCDate() === date
}

/** The date columns of a row that do not name a real day (see isDay). */
export const badDays = (spec: ResourceSpec, row: Row) =>
  spec.dateColumns.filter((column) => row[column]?.trim() && !isDay(row[column]))

/** `dd/mm/aaaa` or ISO (`aaaa-mm-dd`); anything else is left for the schema to refuse. */
export function day(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value)
  if (br)
    return `${br[3]}-${(br[2] as string).padStart(2, '0')}-${(br[1] as string).padStart(2, '0')}`
  return value
}

/** `1.234,56` (reais) or `123456` (cents), as cents; anything else is left to be refused. */
export function cents(value: string | undefined): number | string | undefined {
  if (value === undefined) return undefined
  const text = value.replace(/^R\$\s*/i, '')
  if (/^\d+$/.test(text)) return Number(text)
  const reais = /^(\d{1,3}(?:\.\d{3})*|\d+),(\d{2})$/.exec(text)
  if (reais) return Number((reais[1] as string).replace(/\./g, '')) * 100 + Number(reais[2])
  return value
}

const integer = (value: string | undefined): number | string | undefined =>
  value !== undefined && /^\d+$/.test(value) ? Number(value) : value

/** `cpf|email` (or with commas): the fields a contract makes mandatory. */
const fieldList = (value: string | undefined) =>
  value === undefined
    ? undefined
    : Object.fromEntries(
        value
          .split(/[|,]/)
          .map((field) => field.trim())
          .filter(Boolean)
          .map((field) => [field, true]),
      )

const instalmentStatuses: Record<string, string> = {
  A_PAGAR: 'NOT_PAID',
  'A PAGAR': 'NOT_PAID',
  VENCIDO: 'OVERDUE',
  PAGO: 'PAID',
}
const upper = (value: string | undefined) => value?.toUpperCase()

/** How one kind of row becomes a request, and which column each field came from. */
export interface ResourceSpec {
  kind: Kind
  /** The header's columns, in the template's order. */
  columns: string[]
  /** The API field → the column it came from (for `CODE:column` in the report). */
  fieldColumns: Record<string, string>
  schema: v.GenericSchema
  /** The columns holding a date, checked as real days by the import itself (isDay). */
  dateColumns: string[]
  body(row: Row): Record<string, unknown>
  /** What the row refers to: the column and the kind and external id it names. */
  refs(body: Record<string, unknown>): Array<{ column: string; kind: Kind; id: string }>
}

const memberColumns: Record<string, string> = {
  firstName: 'nome',
  lastName: 'sobrenome',
  birthDate: 'nascimento',
  gender: 'genero',
  email: 'email',
  cpf: 'cpf',
  rg: 'rg',
  passport: 'passaporte',
  birthCertificate: 'certidao_nascimento',
  phoneDdi: 'ddi',
  phone: 'telefone',
  cep: 'cep',
  state: 'uf',
  city: 'cidade',
  country: 'pais',
  street: 'rua',
  neighborhood: 'bairro',
  addressNumber: 'numero',
  complement: 'complemento',
}

/** The holder's bank account (Pix Automático's journey 1): all three empty, unknown. */
const payerBankColumns: Record<string, string> = {
  'payerBank.ispb': 'banco_ispb',
  'payerBank.branch': 'banco_agencia',
  'payerBank.account': 'banco_conta',
}
const payerBankOf = (row: Row) => {
  const [ispb, branch, account] = Object.values(payerBankColumns).map((column) => cell(row, column))
  if (!ispb && !branch && !account) return undefined
  return { ispb, branch, account }
}

const memberBody = (row: Row) => ({
  ...Object.fromEntries(
    Object.entries(memberColumns).map(([field, column]) => [
      field,
      field === 'birthDate' ? day(cell(row, column)) : cell(row, column),
    ]),
  ),
  payerBank: payerBankOf(row),
})

const ref = (kind: Kind, column: string, id: unknown) =>
  typeof id === 'string' && id ? [{ column, kind, id }] : []

export const specs: Record<Kind, ResourceSpec> = {
  plans: {
    kind: 'plans',
    columns: ['id_externo', 'nome'],
    fieldColumns: { name: 'nome' },
    schema: planUpsertRequest,
    dateColumns: [],
    body: (row) => ({ name: cell(row, 'nome') }),
    refs: () => [],
  },
  members: {
    kind: 'members',
    columns: ['id_externo', ...Object.values(memberColumns), ...Object.values(payerBankColumns)],
    fieldColumns: { ...memberColumns, ...payerBankColumns, payerBank: 'banco_ispb' },
    schema: memberUpsertRequest,
    dateColumns: ['nascimento'],
    body: memberBody,
    refs: () => [],
  },
  contracts: {
    kind: 'contracts',
    columns: [
      'id_externo',
      'plano',
      'titular',
      'status',
      'status_titular',
      'serie',
      'numero',
      'data_venda',
      'vigencia_ate',
      'dependentes_incluidos',
      'obrigatorios_titular',
      'obrigatorios_dependente',
    ],
    fieldColumns: {
      planExternalId: 'plano',
      holderExternalId: 'titular',
      status: 'status',
      holderStatus: 'status_titular',
      series: 'serie',
      number: 'numero',
      saleDate: 'data_venda',
      expiresOn: 'vigencia_ate',
      dependentsIncluded: 'dependentes_incluidos',
      holderMandatoryData: 'obrigatorios_titular',
      dependentMandatoryData: 'obrigatorios_dependente',
    },
    schema: contractUpsertRequest,
    dateColumns: ['data_venda', 'vigencia_ate'],
    body: (row) => ({
      planExternalId: cell(row, 'plano'),
      holderExternalId: cell(row, 'titular'),
      status: upper(cell(row, 'status')),
      holderStatus: upper(cell(row, 'status_titular')),
      series: cell(row, 'serie'),
      number: cell(row, 'numero'),
      saleDate: day(cell(row, 'data_venda')),
      expiresOn: day(cell(row, 'vigencia_ate')),
      dependentsIncluded: integer(cell(row, 'dependentes_incluidos')),
      holderMandatoryData: fieldList(cell(row, 'obrigatorios_titular')),
      dependentMandatoryData: fieldList(cell(row, 'obrigatorios_dependente')),
    }),
    refs: (body) => [
      ...ref('plans', 'plano', body.planExternalId),
      ...ref('members', 'titular', body.holderExternalId),
    ],
  },
  dependents: {
    kind: 'dependents',
    columns: ['id_externo', 'contrato', 'pessoa', 'tipo', 'status'],
    fieldColumns: {
      contractExternalId: 'contrato',
      memberExternalId: 'pessoa',
      type: 'tipo',
      status: 'status',
    },
    schema: dependentUpsertRequest,
    dateColumns: [],
    body: (row) => ({
      contractExternalId: cell(row, 'contrato'),
      memberExternalId: cell(row, 'pessoa'),
      type: cell(row, 'tipo'),
      status: upper(cell(row, 'status')),
    }),
    refs: (body) => [
      ...ref('contracts', 'contrato', body.contractExternalId),
      ...ref('members', 'pessoa', body.memberExternalId),
    ],
  },
  instalments: {
    kind: 'instalments',
    columns: [
      'id_externo',
      'contrato',
      'parcela',
      'descricao',
      'vencimento',
      'valor',
      'desconto',
      'status',
      'pago_em',
      'valor_pago',
      'forma_pagamento',
      'referencia_pagamento',
    ],
    fieldColumns: {
      contractExternalId: 'contrato',
      number: 'parcela',
      description: 'descricao',
      dueDate: 'vencimento',
      value: 'valor',
      discount: 'desconto',
      status: 'status',
      'paid.paidAt': 'pago_em',
      'paid.amount': 'valor_pago',
      'paid.method': 'forma_pagamento',
      'paid.reference': 'referencia_pagamento',
    },
    schema: instalmentUpsertRequest,
    dateColumns: ['vencimento', 'pago_em'],
    body: (row) => {
      const status = upper(cell(row, 'status'))
      const mapped = status ? (instalmentStatuses[status] ?? status) : undefined
      return {
        contractExternalId: cell(row, 'contrato'),
        number: integer(cell(row, 'parcela')),
        description: cell(row, 'descricao'),
        dueDate: day(cell(row, 'vencimento')),
        value: cents(cell(row, 'valor')),
        discount: cents(cell(row, 'desconto')),
        // PAID is loaded as open, then paid outside the portal (mark-paid) with the row's data.
        status: mapped === 'PAID' ? undefined : mapped,
      }
    },
    refs: (body) => ref('contracts', 'contrato', body.contractExternalId),
  },
  cards: {
    kind: 'cards',
    columns: ['id_externo', 'contrato', 'pessoa', 'codigo', 'status', 'validade'],
    fieldColumns: {
      contractExternalId: 'contrato',
      memberExternalId: 'pessoa',
      code: 'codigo',
      status: 'status',
      expiresOn: 'validade',
    },
    schema: cardUpsertRequest,
    dateColumns: ['validade'],
    body: (row) => ({
      contractExternalId: cell(row, 'contrato'),
      memberExternalId: cell(row, 'pessoa'),
      code: cell(row, 'codigo'),
      status: upper(cell(row, 'status')),
      expiresOn: day(cell(row, 'validade')),
    }),
    refs: (body) => [
      ...ref('contracts', 'contrato', body.contractExternalId),
      ...ref('members', 'pessoa', body.memberExternalId),
    ],
  },
}

/** A PAID instalment row's payment outside the portal, as mark-paid takes it. */
export function paidOutsideBody(row: Row) {
  const status = upper(cell(row, 'status'))
  if (status !== 'PAID' && status !== 'PAGO') return undefined
  const paidAt = day(cell(row, 'pago_em'))
  return {
    method: upper(cell(row, 'forma_pagamento')) ?? 'OTHER',
    reference: cell(row, 'referencia_pagamento') ?? `importacao:${cell(row, 'id_externo') ?? ''}`,
    // A day alone is its first instant in São Paulo: a payment dated today is never "in the
    // future" whatever the hour, and the amount due is that day's.
    paidAt: paidAt && /^\d{4}-\d{2}-\d{2}$/.test(paidAt) ? `${paidAt}T00:00:00-03:00` : paidAt,
    amount: cents(cell(row, 'valor_pago')) ?? cents(cell(row, 'valor')),
  }
}
export const paidOutsideSchema = markPaidRequest

// ---------------------------------------------------------------- the flat sheet

/** One row per person: a holder (papel TITULAR) with the contract, then their dependents. */
export const flatColumns = [
  'contrato',
  'plano',
  'papel',
  'pessoa',
  ...Object.values(memberColumns),
  ...Object.values(payerBankColumns),
  'tipo_dependente',
  'status_contrato',
  'serie',
  'numero_contrato',
  'data_venda',
  'vigencia_ate',
  'dependentes_incluidos',
]

/** Which kind a header is: the flat sheet, a resource's file, or none (null). */
export function kindOfHeader(header: string[]): Kind | 'flat' | null {
  const has = (...names: string[]) => names.every((name) => header.includes(name))
  if (has('papel', 'pessoa', 'contrato')) return 'flat'
  if (has('id_externo', 'plano', 'titular')) return 'contracts'
  if (has('id_externo', 'contrato', 'parcela')) return 'instalments'
  if (has('id_externo', 'contrato', 'codigo')) return 'cards'
  if (has('id_externo', 'contrato', 'pessoa', 'tipo')) return 'dependents'
  if (
    has('id_externo', 'nome') &&
    header.some((name) => ['cpf', 'sobrenome', 'email'].includes(name))
  )
    return 'members'
  if (has('id_externo', 'nome')) return 'plans'
  return null
}

/** A flat row as the resource rows it stands for. */
export function flatRows(row: Row, holderContract: string | undefined) {
  const role = upper(cell(row, 'papel'))
  const person = cell(row, 'pessoa')
  const contract = cell(row, 'contrato') ?? holderContract
  const member = { id_externo: person ?? '', ...row }
  if (role === 'TITULAR')
    return {
      role,
      contract,
      member,
      contractRow: {
        id_externo: contract ?? '',
        plano: row.plano ?? '',
        titular: person ?? '',
        status: row.status_contrato || 'ACTIVE',
        serie: row.serie ?? '',
        numero: row.numero_contrato ?? '',
        data_venda: row.data_venda ?? '',
        vigencia_ate: row.vigencia_ate ?? '',
        dependentes_incluidos: row.dependentes_incluidos ?? '',
      } as Row,
    }
  return {
    role,
    contract,
    member,
    dependentRow: {
      id_externo: `${contract ?? ''}:${person ?? ''}`,
      contrato: contract ?? '',
      pessoa: person ?? '',
      tipo: row.tipo_dependente ?? '',
      status: 'ACTIVE',
    } as Row,
  }
}
