/**
 * The providers' official OpenAPI documents (tests/fixtures/openapi/), parsed once per process.
 * The files stay byte-identical to what the providers publish; the few defects of the documents
 * themselves are corrected here, in memory, each by one named function (listed, with its reason,
 * in tests/fixtures/openapi/README.md). Each correction must change exactly the number of places
 * the README gives: a new release of a document that fixed or moved a defect fails loudly here
 * instead of silently validating against something else.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'

/** As much of an OpenAPI 3.0 document as the helpers read; the rest is walked as plain JSON. */
export interface OpenApiDocument {
  openapi: string
  info?: { title?: string; version?: string }
  paths: Record<string, Record<string, unknown>>
  components?: Record<string, Record<string, unknown>>
}

type Node = Record<string, unknown>

const fixtures = join(import.meta.dirname, '../../fixtures/openapi')

/** Calls `visit` on every object of the document (arrays are walked, not visited). */
function eachObject(value: unknown, visit: (node: Node) => void) {
  if (Array.isArray(value)) for (const item of value) eachObject(item, visit)
  else if (value && typeof value === 'object') {
    visit(value as Node)
    for (const child of Object.values(value)) eachObject(child, visit)
  }
}

/**
 * bacen: 14 `pattern`s are written as JavaScript regex literals, e.g. "/^\\d{11}$/". As a JSON
 * Schema pattern no string matches it (it wants a slash before the start), so every CPF (and
 * every IBGE municipality code) would be refused. The pattern meant lies between the slashes.
 */
export function unwrapRegexLiteralPatterns(document: OpenApiDocument): number {
  let changed = 0
  eachObject(document, (node) => {
    if (typeof node.pattern === 'string' && /^\/.+\/$/.test(node.pattern)) {
      node.pattern = node.pattern.slice(1, -1)
      changed++
    }
  })
  return changed
}

/**
 * bacen: a cob's `location` is declared `format: uri`, while the document's own examples
 * ("pix.example.com/qr/v2/…") and the BR Code, which carries it, write it without a scheme:
 * a PSP that follows the examples would fail the format. The format is dropped; the string,
 * its maximum length and everything else stay.
 */
export function locationWithoutScheme(document: OpenApiDocument): number {
  let changed = 0
  eachObject(document, (node) => {
    const location = (node.properties as Node | undefined)?.location as Node | undefined
    if (location?.format === 'uri') {
      delete location.format
      changed++
    }
  })
  return changed
}

/**
 * bacen: WebhookCompleto (the answer of GET /webhook/{chave}) requires `cnpj`, described as
 * "Filtro pelo CNPJ do devedor. Não pode ser utilizado ao mesmo tempo que o CPF." — the query
 * filter of GET /cob pasted into the answer. Since 2.1.0 a webhook belongs to a Pix key, and the
 * document's own example of that answer (webhookResponse1) has `chave` and no `cnpj`. Only the
 * requirement is dropped; the property stays declared.
 */
export function webhookWithoutCnpj(document: OpenApiDocument): number {
  const schema = document.components?.schemas?.WebhookCompleto as Node | undefined
  const required = schema?.required
  if (!schema || !Array.isArray(required) || !required.includes('cnpj')) return 0
  schema.required = required.filter((name) => name !== 'cnpj')
  return 1
}

/**
 * bacen: RecBase requires `idRec` and `retentativa`. `retentativa` is no property of it (the
 * policy is `politicaRetentativa`, which RecConfiguracao requires), and RecBase is also the body
 * of POST /rec, where the PSP has not made the idRec yet: no correct request can satisfy it.
 * The document's own examples of that body (recBody1, recBody2) carry neither. Both names go;
 * RecPayload still requires the idRec it carries.
 */
export function recBaseRequiresItsOwnFields(document: OpenApiDocument): number {
  const schema = document.components?.schemas?.RecBase as Node | undefined
  const required = schema?.required
  if (!schema || !Array.isArray(required)) return 0
  const kept = required.filter((name) => name !== 'idRec' && name !== 'retentativa')
  schema.required = kept
  return required.length - kept.length
}

/**
 * bacen: the locations a payer's bank reads (`/{pixUrlAccessToken}`, `/cobv/{pixUrlAccessToken}`,
 * `/rec/{recUrlAccessToken}`) are declared beside the API's paths, each with its own `servers`.
 * OpenAPI forbids templates that differ only in their parameters' names, and
 * `/rec/{recUrlAccessToken}` comes before `/rec/{idRec}`: every GET /rec/{idRec} would be read
 * as the payload (application/jose, no query). They are served elsewhere, so they are taken out
 * of the API's paths.
 */
export function payerLocationsApart(document: OpenApiDocument): number {
  let changed = 0
  for (const [template, item] of Object.entries(document.paths)) {
    const operations = Object.entries(item).filter(([key]) => key !== 'parameters')
    if (operations.length && operations.every(([, operation]) => (operation as Node).servers)) {
      delete document.paths[template]
      changed++
    }
  }
  return changed
}

/**
 * bacen: RecNotification requires `atualizacao"`, a typo in the YAML flow sequence
 * (`["idRec","status",atualizacao"]`): no notification has such a property. Meant: `atualizacao`.
 */
export function recNotificationRequiredTypo(document: OpenApiDocument): number {
  const schema = document.components?.schemas?.RecNotification as Node | undefined
  const required = schema?.required
  if (!schema || !Array.isArray(required) || !required.includes('atualizacao"')) return 0
  schema.required = required.map((name) => (name === 'atualizacao"' ? 'atualizacao' : name))
  return 1
}

/**
 * bacen: DadosPagadorRec declares the payer under `pagador` (its ISPB, its municipality, one of
 * CPF or CNPJ), but requires `ispbParticipante` beside it, at the top of the recurrence
 * (RecCompleta): an answer with the payer where the document puts it (its examples
 * recResponse3–5) fails. The requirement moves inside `pagador`.
 */
export function payerRequirementsInside(document: OpenApiDocument): number {
  const schema = document.components?.schemas?.DadosPagadorRec as Node | undefined
  const pagador = (schema?.properties as Node | undefined)?.pagador as Node | undefined
  if (!schema || !pagador || !schema.required) return 0
  pagador.required = schema.required
  delete schema.required
  return 1
}

/**
 * bacen: a solicitação de recorrência requires two properties it never declares: `pagador`
 * (SolicRecBase, so also the body of POST /solicrec) and `rec` (SolicRecCompleta). The
 * document's own examples (solicRecBody1, solicRecResponse1 and 2) have neither. Both go.
 */
export function solicRecRequiresItsOwnFields(document: OpenApiDocument): number {
  let changed = 0
  for (const [name, field] of [
    ['SolicRecBase', 'pagador'],
    ['SolicRecCompleta', 'rec'],
  ] as const) {
    const schema = document.components?.schemas?.[name] as Node | undefined
    const required = schema?.required
    if (!schema || !Array.isArray(required) || !required.includes(field)) continue
    schema.required = required.filter((item) => item !== field)
    changed++
  }
  return changed
}

/**
 * bacen: an `encerramento` (of a recurrence, RecEncerramento, and of a recurring charge,
 * CobRAtualizacao) is `oneOf` a branch with `rejeicao` and one with `cancelamento`, neither
 * requiring its property: any object matches both, so no encerramento can match exactly one.
 * Each branch requires its own property.
 */
export function encerramentoBranchesRequired(document: OpenApiDocument): number {
  let changed = 0
  eachObject(document.components?.schemas, (node) => {
    const encerramento = (node.properties as Node | undefined)?.encerramento as Node | undefined
    if (!Array.isArray(encerramento?.oneOf)) return
    for (const branch of encerramento.oneOf as Node[]) {
      const names = Object.keys((branch.properties as Node | undefined) ?? {})
      if (names.length === 1 && !branch.required) {
        branch.required = names
        changed++
      }
    }
  })
  return changed
}

/**
 * bacen: PixAutomatico's `valor` is a string ("106.07", its pattern) and also `anyOf` five
 * objects (PixValorOriginal…, the parts of Pix.componentesValor): no value is both, so no
 * recurring charge with its Pix can be answered. The `anyOf` goes; the string stays.
 */
export function pixAutomaticoValorString(document: OpenApiDocument): number {
  const schema = document.components?.schemas?.PixAutomatico as Node | undefined
  const valor = (schema?.properties as Node | undefined)?.valor as Node | undefined
  if (valor?.type !== 'string' || !valor.anyOf) return 0
  delete valor.anyOf
  return 1
}

/**
 * bacen: DadosRecebedor (the receiver of a cobv, CobVGerada) declares its address under
 * `recebedor`, but requires `logradouro`, `cidade`, `uf` and `cep` at the top of the cobv: an
 * answer like the document's own example (cobResponse4, the address inside `recebedor`) fails.
 * The top-level requirement goes; the one inside `recebedor` (its allOf) stays.
 */
export function receiverAddressInside(document: OpenApiDocument): number {
  const schema = document.components?.schemas?.DadosRecebedor as Node | undefined
  if (!schema || !Array.isArray(schema.required)) return 0
  delete schema.required
  return 1
}

/**
 * bacen: a cobv's `desconto` is `oneOf` a branch with `descontoDataFixa` (modalidades 1 and 2)
 * and one requiring `valorPerc` (3 to 6); the first requires nothing, so a discount per day
 * paid early (`{ modalidade: 5, valorPerc: "0.10" }`, as the document's own rules ask) matches
 * both and fails the oneOf. The first branch requires its `descontoDataFixa`.
 */
export function discountByDatesRequiresDates(document: OpenApiDocument): number {
  const valor = document.components?.schemas?.CobVValor as Node | undefined
  const desconto = (valor?.properties as Node | undefined)?.desconto as Node | undefined
  const [byDates] = (desconto?.oneOf as Node[] | undefined) ?? []
  const properties = Object.keys((byDates?.properties as Node | undefined) ?? {})
  if (!byDates || byDates.required || properties.join() !== 'descontoDataFixa') return 0
  byDates.required = ['descontoDataFixa']
  return 1
}

type Correction = [fix: (document: OpenApiDocument) => number, places: number]

const pixCorrections: Correction[] = [
  [unwrapRegexLiteralPatterns, 14],
  [locationWithoutScheme, 4],
  [webhookWithoutCnpj, 1],
  [recBaseRequiresItsOwnFields, 2],
  [payerLocationsApart, 3],
  [recNotificationRequiredTypo, 1],
  [payerRequirementsInside, 1],
  [solicRecRequiresItsOwnFields, 2],
  [encerramentoBranchesRequired, 4],
  [pixAutomaticoValorString, 1],
  [receiverAddressInside, 1],
  [discountByDatesRequiresDates, 1],
]

function corrected(document: OpenApiDocument, corrections: Correction[]): OpenApiDocument {
  for (const [fix, places] of corrections) {
    const changed = fix(document)
    if (changed !== places)
      throw new Error(
        `Correção ${fix.name}: ${changed} lugares alterados no documento, esperados ${places}. ` +
          'O documento mudou: revise a correção e tests/fixtures/openapi/README.md.',
      )
  }
  return document
}

let stripe: OpenApiDocument | undefined
let pix: OpenApiDocument | undefined

/** Stripe's REST API, version 2024-04-10 (the one `stripe` 15.x speaks), uncorrected. */
export function loadStripeDocument(): OpenApiDocument {
  stripe ??= JSON.parse(
    readFileSync(join(fixtures, 'stripe-openapi-2024-04-10.json'), 'utf8'),
  ) as OpenApiDocument
  return stripe
}

/** The Central Bank's API Pix 2.9.0, with the corrections above. Its paths have no /v2. */
export function loadPixDocument(): OpenApiDocument {
  pix ??= corrected(
    parse(readFileSync(join(fixtures, 'bacen-pix-api-2.9.0.yaml'), 'utf8')) as OpenApiDocument,
    pixCorrections,
  )
  return pix
}
