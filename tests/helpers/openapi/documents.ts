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

type Correction = [fix: (document: OpenApiDocument) => number, places: number]

const pixCorrections: Correction[] = [
  [unwrapRegexLiteralPatterns, 14],
  [locationWithoutScheme, 4],
  [webhookWithoutCnpj, 1],
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
