/**
 * `npm run portal -- import` (issue 25): loads a provider's spreadsheets through the same
 * services as the integration API. Every file is read and checked whole before anything is
 * written: each row against the API's schema, the external ids for duplicates, the references
 * (in the files or already in the portal), and two rows (or a row and a stored person) that would
 * be one person by CPF or e-mail, which are refused, never guessed. Then, by default, every row
 * is written in one transaction, or none; `--partial` writes the valid rows; `--dry-run` writes
 * in a transaction that is rolled back. A report repeats each row with its status, the portal's
 * id and `CODE:column` for each problem. Events are not sent: they tell what holders did in the
 * portal, and an import is the provider's own write.
 */
import { isNotNull } from 'drizzle-orm'
import * as v from 'valibot'
import { externalIdField } from '../../contract/integration'
import type { Database } from '../db/client'
import { cards, contracts, dependents, modelContracts, paymentOrders, persons } from '../db/schema'
import { ProblemError } from '../http/integration'
import { liveMethods, type PaymentsDeps } from '../services/collections'
import { upsertDependent, upsertMember } from '../services/members'
import { upsertPlan } from '../services/plans'
import { upsertCard } from '../services/provider-cards'
import { upsertProviderContract } from '../services/provider-contracts'
import { markInstalmentPaid, upsertInstalment } from '../services/provider-instalments'
import { type BulkItem, writeBulk } from './bulk'
import { type CsvRecord, ImportFileError, readRecords } from './csv'
import { detectEncoding, type Encoding } from './encoding'
import { prepareReportDir, reportPath, writeReportFile } from './report'
import {
  badDays,
  flatColumns,
  flatRows,
  type Kind,
  kindLabels,
  kindOfHeader,
  kinds,
  paidOutsideBody,
  paidOutsideSchema,
  type ResourceSpec,
  type Row,
  specs,
} from './resources'

export type Outcome = 'CREATED' | 'UPDATED' | 'UNCHANGED' | 'ERROR' | 'SKIPPED'

interface RowState {
  outcomes: Outcome[]
  errors: string[]
  portalId?: string
}

interface InputFile {
  path: string
  kind: Kind | 'flat'
  encoding: Encoding
  header: string[]
  rows: Map<number, RowState>
}

export interface ImportOptions {
  files: string[]
  dryRun: boolean
  partial: boolean
  reportDir: string
  /** The files' encoding when the user chose one (`--encoding`); else each file's is detected. */
  encoding?: Encoding
  now: () => Date
  /** Rows read so far in this pass, of how many (0 while unknown). */
  progress?: (pass: 'verificando' | 'gravando', done: number, total: number) => void
  /** Where a failure of ours is written (the server's logger, or the command's). */
  logger: PaymentsDeps['logger']
  /** The payments a changed instalment's live collection is cancelled through, if any. */
  payments?: Omit<PaymentsDeps, 'db'>
}

export type Counts = Record<Outcome, number>

export interface ImportResult {
  counts: Record<Kind, Counts>
  /** Rows with a problem (none written when not --partial). */
  errorRows: number
  written: boolean
  reports: string[]
}

export { ImportFileError }

/**
 * A failure the import cannot lay on a row (the database refusing a write, a bug of ours): the
 * transaction is undone, so nothing was written, even with --partial.
 */
export class ImportInternalError extends Error {}

const emptyCounts = (): Counts => ({ CREATED: 0, UPDATED: 0, UNCHANGED: 0, ERROR: 0, SKIPPED: 0 })

/** The order files are read in: what a row refers to is defined before it. */
const fileOrder = (kind: Kind | 'flat') => (kind === 'flat' ? 1.5 : kinds.indexOf(kind))

async function openInput(path: string, chosen?: Encoding): Promise<InputFile> {
  const encoding = await detectEncoding(path, chosen).catch((error: NodeJS.ErrnoException) => {
    if (error instanceof ImportFileError || !error.code) throw error
    const why: Record<string, string> = {
      ENOENT: 'não existe',
      EISDIR: 'é uma pasta, não um arquivo',
      EACCES: 'sem permissão de leitura',
    }
    throw new ImportFileError(`${path}: ${why[error.code] ?? `não deu para ler (${error.code})`}.`)
  })
  let header: string[] | undefined
  for await (const record of readRecords(path, encoding)) {
    header = record.fields.map((name) => name.trim().toLowerCase())
    break
  }
  if (!header) throw new ImportFileError(`${path}: o arquivo está vazio.`)
  const kind = kindOfHeader(header)
  if (!kind)
    throw new ImportFileError(
      `${path}: cabeçalho não reconhecido. Use um dos modelos de docs/importacao/ (colunas como id_externo, nome, cpf…).`,
    )
  return { path, kind, encoding, header, rows: new Map() }
}

async function* dataRows(
  file: InputFile,
): AsyncGenerator<{ line: number; row: Row; fields: number }> {
  let first = true
  for await (const record of readRecords(file.path, file.encoding) as AsyncGenerator<CsvRecord>) {
    if (first) {
      first = false
      continue
    }
    const row: Row = {}
    file.header.forEach((name, index) => {
      row[name] = record.fields[index] ?? ''
    })
    yield { line: record.line, row, fields: record.fields.length }
  }
}

/** A valibot issue as `CODE:column`, the column the field came from. */
function issueCode(issue: v.BaseIssue<unknown>, spec: ResourceSpec): string {
  const field = (issue.path ?? []).map((item) => String(item.key)).join('.')
  const column = spec.fieldColumns[field] ?? field ?? 'linha'
  const code =
    issue.input === undefined && issue.kind === 'schema'
      ? 'REQUIRED'
      : issue.type === 'strict_object'
        ? 'UNKNOWN'
        : 'INVALID'
  return `${code}:${column}`
}

/** What the portal already holds: external ids per kind, and whose each CPF and e-mail is. */
async function loadExisting(db: Database) {
  const ids = (rows: Array<{ externalId: string | null }>) =>
    new Set(rows.flatMap((row) => (row.externalId ? [row.externalId] : [])))
  const people = await db
    .select({ externalId: persons.externalId, cpf: persons.cpf, email: persons.email })
    .from(persons)
  const owner = (key: 'cpf' | 'email') =>
    new Map(
      people.flatMap((person) =>
        person[key] ? [[person[key] as string, person.externalId ?? '(sem id externo)']] : [],
      ),
    )
  return {
    ids: {
      plans: ids(
        await db
          .select({ externalId: modelContracts.externalId })
          .from(modelContracts)
          .where(isNotNull(modelContracts.externalId)),
      ),
      members: ids(people),
      contracts: ids(
        await db
          .select({ externalId: contracts.externalId })
          .from(contracts)
          .where(isNotNull(contracts.externalId)),
      ),
      dependents: ids(
        await db
          .select({ externalId: dependents.externalId })
          .from(dependents)
          .where(isNotNull(dependents.externalId)),
      ),
      instalments: ids(
        await db
          .select({ externalId: paymentOrders.externalId })
          .from(paymentOrders)
          .where(isNotNull(paymentOrders.externalId)),
      ),
      cards: ids(
        await db
          .select({ externalId: cards.externalId })
          .from(cards)
          .where(isNotNull(cards.externalId)),
      ),
    } satisfies Record<Kind, Set<string>>,
    cpfOwner: owner('cpf'),
    emailOwner: owner('email'),
  }
}

/** The resource rows a file row stands for (one, or two for the flat sheet). */
function* expand(file: InputFile, row: Row, state: { holderContract?: string }) {
  if (file.kind !== 'flat') {
    yield { kind: file.kind, row }
    return
  }
  const flat = flatRows(row, state.holderContract)
  yield { kind: 'members' as Kind, row: flat.member as Row }
  if (flat.contractRow) {
    state.holderContract = flat.contract
    yield { kind: 'contracts' as Kind, row: flat.contractRow }
  } else if (flat.dependentRow) yield { kind: 'dependents' as Kind, row: flat.dependentRow }
}

/** Checks every file whole; the problems land in each file's row states. */
async function verify(db: Database, inputs: InputFile[], options: ImportOptions) {
  const existing = await loadExisting(db)
  const defined = Object.fromEntries(
    kinds.map((kind) => [kind, new Map<string, RowState>()]),
  ) as Record<Kind, Map<string, RowState>>
  const cpfRows = new Map<string, { owner: string; state: RowState }>()
  const emailRows = new Map<string, { owner: string; state: RowState }>()
  let done = 0
  for (const file of inputs) {
    const expected = file.kind === 'flat' ? flatColumns : specs[file.kind].columns
    const missing = expected.filter((column) => !file.header.includes(column))
    const unknown = file.header.filter((column) => !expected.includes(column))
    if (unknown.length)
      throw new ImportFileError(
        `${file.path}: colunas desconhecidas: ${unknown.join(', ')}. Colunas aceitas: ${expected.join(', ')}.`,
      )
    const flatState: { holderContract?: string } = {}
    for await (const { line, row, fields } of dataRows(file)) {
      const state: RowState = { outcomes: [], errors: [] }
      file.rows.set(line, state)
      // More cells than the header has, or a single one (the row uses another separator, or a
      // quote swallowed its separators): the cells cannot be told apart, so the row is refused.
      if (fields > file.header.length || (fields === 1 && file.header.length > 1)) {
        state.errors.push('COLUMNS:linha')
        options.progress?.('verificando', ++done, 0)
        continue
      }
      for (const column of missing) row[column] = ''
      for (const part of expand(file, row, flatState)) {
        const spec = specs[part.kind]
        const externalId = (part.row.id_externo ?? '').trim()
        if (!v.is(externalIdField, externalId))
          state.errors.push(
            `${externalId ? 'INVALID' : 'REQUIRED'}:${file.kind === 'flat' ? (part.kind === 'members' ? 'pessoa' : 'contrato') : 'id_externo'}`,
          )
        else if (defined[part.kind].has(externalId))
          state.errors.push(
            `DUPLICATE_ID:${file.kind === 'flat' ? (part.kind === 'members' ? 'pessoa' : 'contrato') : 'id_externo'}`,
          )
        else defined[part.kind].set(externalId, state)
        const body = spec.body(part.row)
        const parsed = v.safeParse(spec.schema, body)
        if (!parsed.success)
          state.errors.push(...parsed.issues.map((issue) => issueCode(issue, spec)))
        state.errors.push(...badDays(spec, part.row).map((column) => `INVALID:${column}`))
        for (const target of spec.refs(body)) {
          const inFile = defined[target.kind].get(target.id)
          if (inFile === undefined && !existing.ids[target.kind].has(target.id))
            state.errors.push(`NOT_FOUND:${target.column}`)
          else if (inFile && inFile !== state && inFile.errors.length)
            state.errors.push(`INVALID_REF:${target.column}`)
        }
        if (part.kind === 'members' && parsed.success) {
          const person = parsed.output as { cpf: string | null; email: string | null }
          samePerson(cpfRows, existing.cpfOwner, person.cpf, externalId, state, 'cpf')
          samePerson(emailRows, existing.emailOwner, person.email, externalId, state, 'email')
        }
        if (part.kind === 'instalments') {
          const paid = paidOutsideBody(part.row)
          if (paid) {
            const check = v.safeParse(paidOutsideSchema, paid)
            if (!check.success)
              state.errors.push(
                ...check.issues.map((issue) =>
                  issueCode(
                    {
                      ...issue,
                      path: [{ key: `paid.${String(issue.path?.[0]?.key ?? '')}` }],
                    } as never,
                    spec,
                  ),
                ),
              )
          }
        }
      }
      // A date the schema and the calendar check both refuse is said once.
      state.errors.splice(0, state.errors.length, ...new Set(state.errors))
      options.progress?.('verificando', ++done, 0)
    }
  }
}

/**
 * Two rows, or a row and a stored person, that would be one person by CPF or e-mail: both are
 * refused (`SAME_PERSON:cpf`), never merged by a guess.
 */
function samePerson(
  seen: Map<string, { owner: string; state: RowState }>,
  stored: Map<string, string>,
  value: string | null,
  externalId: string,
  state: RowState,
  column: 'cpf' | 'email',
) {
  if (!value) return
  const owner = stored.get(value)
  if (owner !== undefined && owner !== externalId) state.errors.push(`SAME_PERSON:${column}`)
  const earlier = seen.get(value)
  if (earlier && earlier.owner !== externalId) {
    state.errors.push(`SAME_PERSON:${column}`)
    if (!earlier.state.errors.includes(`SAME_PERSON:${column}`))
      earlier.state.errors.push(`SAME_PERSON:${column}`)
  } else seen.set(value, { owner: externalId, state })
}

/** A refusal at write time as `CODE:column`. */
function writeProblem(error: unknown, spec: ResourceSpec, idColumn: string): string[] {
  if (!(error instanceof ProblemError)) throw error
  if (error.status === 412) return [`HOLDER_EDITED:${idColumn}`]
  if (error.errors?.length)
    return error.errors.map((entry) => {
      const field = entry.path.replace(/^body\./, '')
      return `${entry.code.toUpperCase()}:${spec.fieldColumns[field] ?? field}`
    })
  return [`CONFLICT:${idColumn}`]
}

/** Rows written together (bulk.ts): a few statements per chunk instead of several per row. */
const CHUNK = 500

/** One resource a row stands for, ready to write. */
interface Part extends BulkItem {
  kind: Kind
  state: RowState
  row: Row
  input: never
  /** The column a write-time problem is reported on. */
  idColumn: string
  /** The row's id_portal is this part's (the person's, in the flat sheet). */
  setsPortalId: boolean
}

/** Ends the import's transaction without committing it (a dry run, or a row that failed). */
class Rollback extends Error {}

async function write(db: Database, inputs: InputFile[], options: ImportOptions) {
  const now = options.now()
  const total = inputs.reduce((sum, file) => sum + file.rows.size, 0)
  let done = 0
  let failed = false
  const run = async (tx: Database) => {
    // Without a bank or gateway here, an instalment held by a live collection is refused
    // (503 on that row) instead of changed: the integration API's server cancels those.
    const billing = {
      gateway: undefined,
      pix: undefined,
      live: liveMethods(undefined, undefined),
      now: options.now,
      logger: options.logger,
      ...options.payments,
      db: tx,
    } as PaymentsDeps
    // Rows go in chunks: the plain ones (new, or unchanged) a statement per table per chunk
    // (bulk.ts), every other one through the API's service, one by one.
    const flush = async (chunk: Part[]) => {
      for (const kind of kinds) {
        const parts = chunk.filter((part) => part.kind === kind)
        if (parts.length === 0) continue
        const results = await writeBulk(tx, kind, parts, now)
        for (const [index, part] of parts.entries()) {
          const result = results[index]
          try {
            const written =
              result && result !== 'single'
                ? result
                : await writeOne(tx, billing, kind, part.externalId, part.input, part.row, now)
            part.state.outcomes.push(written.outcome)
            if (part.setsPortalId) part.state.portalId = written.id
          } catch (error) {
            part.state.errors.push(...writeProblem(error, specs[kind], part.idColumn))
            failed = true
          }
        }
      }
    }
    for (const file of inputs) {
      const flatState: { holderContract?: string } = {}
      let chunk: Part[] = []
      for await (const { line, row } of dataRows(file)) {
        const state = file.rows.get(line) as RowState
        const parts = [...expand(file, row, flatState)]
        options.progress?.('gravando', ++done, total)
        if (state.errors.length) continue
        for (const part of parts) {
          const spec = specs[part.kind]
          chunk.push({
            kind: part.kind,
            state,
            row: part.row,
            externalId: (part.row.id_externo ?? '').trim(),
            input: v.parse(spec.schema, spec.body(part.row)) as never,
            paidOutside: part.kind === 'instalments' && paidOutsideBody(part.row) !== undefined,
            idColumn:
              file.kind === 'flat'
                ? part.kind === 'members'
                  ? 'pessoa'
                  : 'contrato'
                : 'id_externo',
            setsPortalId: part.kind === 'members' || file.kind !== 'flat',
          })
        }
        if (chunk.length >= CHUNK) {
          await flush(chunk)
          chunk = []
        }
      }
      await flush(chunk)
    }
    if (failed && !options.partial) throw new Rollback('failed')
    if (options.dryRun) throw new Rollback('dry-run')
  }
  try {
    await db.transaction(run)
    return 'committed' as const
  } catch (error) {
    if (error instanceof Rollback)
      return error.message === 'dry-run' ? ('dry-run' as const) : ('rolled-back' as const)
    throw error
  }
}

/** What became of the writes: committed, a dry run's plan (rolled back), or nothing. */
type Writes = 'committed' | 'dry-run' | 'rolled-back' | 'none'

type Written = { outcome: 'CREATED' | 'UPDATED' | 'UNCHANGED'; id: string }
const outcomeOf = (outcome: 'created' | 'updated' | 'unchanged') =>
  outcome.toUpperCase() as Written['outcome']

async function writeOne(
  tx: Database,
  billing: PaymentsDeps,
  kind: Kind,
  externalId: string,
  input: never,
  row: Row,
  now: Date,
): Promise<Written> {
  const done = ({
    outcome,
    item,
  }: {
    outcome: 'created' | 'updated' | 'unchanged'
    item: { id: string }
  }) => ({
    outcome: outcomeOf(outcome),
    id: item.id,
  })
  switch (kind) {
    case 'plans':
      return done(await upsertPlan(tx, externalId, input, now))
    case 'members':
      return done(await upsertMember(tx, externalId, input, undefined, now))
    case 'contracts':
      return done(await upsertProviderContract(tx, externalId, input, now))
    case 'dependents':
      return done(await upsertDependent(tx, externalId, input, undefined, now))
    case 'cards':
      return done(await upsertCard(tx, externalId, input, now))
    case 'instalments': {
      const upserted = await upsertInstalment(billing, externalId, input)
      const paid = paidOutsideBody(row)
      if (!paid) return done(upserted)
      const before = upserted.item.status
      const after = await markInstalmentPaid(billing, externalId, v.parse(paidOutsideSchema, paid))
      return {
        outcome:
          upserted.outcome === 'unchanged' && before === 'PAID'
            ? 'UNCHANGED'
            : outcomeOf(upserted.outcome === 'unchanged' ? 'updated' : upserted.outcome),
        id: after.id,
      }
    }
  }
}

/** The row's final status: its problems, else what its writes did (or would do, in a dry run). */
function statusOf(state: RowState, writes: Writes): Outcome {
  if (state.errors.length) return 'ERROR'
  if (writes === 'none' || writes === 'rolled-back' || state.outcomes.length === 0) return 'SKIPPED'
  if (state.outcomes.includes('CREATED')) return 'CREATED'
  if (state.outcomes.includes('UPDATED')) return 'UPDATED'
  return 'UNCHANGED'
}

/** Each row again, with status, id_portal and erros (report.ts writes it). */
async function* reportLines(file: InputFile, writes: Writes): AsyncGenerator<string[]> {
  yield ['linha', 'status', 'id_portal', 'erros', ...file.header]
  for await (const { line, row } of dataRows(file)) {
    // A row the check never reached (a failure stopped it) is reported not written.
    const state = file.rows.get(line) ?? { outcomes: [], errors: [] }
    yield [
      String(line),
      statusOf(state, writes),
      state.errors.length || writes !== 'committed' ? '' : (state.portalId ?? ''),
      state.errors.join(' '),
      ...file.header.map((column) => row[column] ?? ''),
    ]
  }
}

/**
 * What the database (or whatever failed) said, without the query and its parameters, which hold
 * the rows' personal data: the innermost cause's first line.
 */
function reason(error: unknown): string {
  let inner = error
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause
  return (inner instanceof Error ? inner.message : String(inner)).split('\n')[0] ?? ''
}

const countErrors = (inputs: InputFile[]) =>
  inputs.reduce(
    (sum, file) => sum + [...file.rows.values()].filter((state) => state.errors.length).length,
    0,
  )

export async function runImport(db: Database, options: ImportOptions): Promise<ImportResult> {
  prepareReportDir(options.reportDir)
  const inputs: InputFile[] = []
  let writes: Writes = 'none'
  let failure: unknown
  try {
    for (const path of options.files) inputs.push(await openInput(path, options.encoding))
    inputs.sort((a, b) => fileOrder(a.kind) - fileOrder(b.kind))
    await verify(db, inputs, options)
    if (countErrors(inputs) === 0 || options.partial) writes = await write(db, inputs, options)
  } catch (error) {
    if (error instanceof ImportFileError) throw error
    // Its transaction is undone: every row is reported not written, then the run fails.
    failure = error
    writes = 'rolled-back'
  }
  const counts = Object.fromEntries(kinds.map((kind) => [kind, emptyCounts()])) as Record<
    Kind,
    Counts
  >
  const reports: string[] = []
  for (const file of inputs) {
    const kind = file.kind === 'flat' ? 'members' : file.kind
    for (const state of file.rows.values()) counts[kind][statusOf(state, writes)]++
    const target = reportPath(options.reportDir, file.path)
    const problem = await writeReportFile(target, reportLines(file, writes)).then(
      () => undefined,
      (error: NodeJS.ErrnoException) => error.code ?? error.message,
    )
    // After a commit the rows are in: a report that could not be written is said, and the run
    // still ends as what it did.
    if (problem && writes !== 'committed' && failure === undefined)
      throw new ImportFileError(
        `Não deu para gravar o relatório ${target} (${problem}). Nada foi gravado no portal.`,
      )
    reports.push(problem ? `${target} (não gravado: ${problem})` : target)
  }
  if (failure !== undefined) {
    throw new ImportInternalError(
      `A importação parou num erro que não é de uma linha da planilha (${reason(failure)}). Nada foi gravado: a transação foi desfeita. Relatório: ${reports.join(', ')}`,
    )
  }
  return { counts, errorRows: countErrors(inputs), written: writes === 'committed', reports }
}

/** The summary a person reads at the end, in Portuguese. */
export function summaryLines(
  result: ImportResult,
  options: Pick<ImportOptions, 'dryRun' | 'partial'>,
) {
  const lines: string[] = []
  for (const kind of kinds) {
    const count = result.counts[kind]
    const total = Object.values(count).reduce((sum, value) => sum + value, 0)
    if (!total) continue
    lines.push(
      `${kindLabels[kind]}: ${total} linha(s) — ${count.CREATED} criada(s), ${count.UPDATED} atualizada(s), ${count.UNCHANGED} sem mudança, ${count.ERROR} com erro, ${count.SKIPPED} não gravada(s)`,
    )
  }
  if (result.errorRows && !options.partial)
    lines.push(
      `${result.errorRows} linha(s) com erro: nada foi gravado. Corrija as linhas marcadas ERROR no relatório e importe de novo (ou use --partial para gravar só as válidas).`,
    )
  else if (result.errorRows)
    lines.push(`${result.errorRows} linha(s) com erro ficaram de fora; as demais foram gravadas.`)
  if (options.dryRun) lines.push('Simulação (--dry-run): nada foi gravado.')
  lines.push(`Relatório: ${result.reports.join(', ')}`)
  return lines
}
