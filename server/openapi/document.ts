/**
 * The API's OpenAPI 3.1 document, made from the declarations in contract/operations.ts (issue
 * 24): the schemas are the valibot ones the server validates with and the app reads with,
 * converted by @valibot/to-json-schema. The same function makes the committed copy
 * (docs/api/openapi.json, `npm run openapi`) and the one the server serves at
 * /socios-api/openapi.json, and a test fails when they differ.
 */
import { type JsonSchema, toJsonSchema, toJsonSchemaDefs } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import { card } from '../../contract/cards'
import { contract, dependent, fileAttachment, holder, person } from '../../contract/contracts'
import { messageResponse } from '../../contract/http'
import { plan, problemResponse } from '../../contract/integration'
import {
  type Answer,
  apiBase,
  apiVersion,
  isEmptyAnswer,
  isFileAnswer,
  type Operation,
  tags,
} from '../../contract/operation'
import { operations } from '../../contract/operations'
import { passkeySummary } from '../../contract/passkeys'
import { paymentLinkData, paymentOrder } from '../../contract/payments'
import { reminderPreferences } from '../../contract/reminders'
import { eventSchemas, eventSummaries, eventTypes } from '../../contract/webhooks'

/**
 * The answers' shared shapes, named once under components.schemas and referred to from each
 * operation (as a JSON answer, not a request: a request schema is read with its own rules).
 */
const named = {
  Erro: messageResponse,
  Pessoa: person,
  Anexo: fileAttachment,
  Titular: holder,
  Dependente: dependent,
  Contrato: contract,
  Carteirinha: card,
  Parcela: paymentOrder,
  LinkDePagamento: paymentLinkData,
  Passkey: passkeySummary,
  PreferenciasDeLembrete: reminderPreferences,
  Problema: problemResponse,
  Plano: plan,
} satisfies Record<string, v.GenericSchema>

const componentRef = (json: JsonSchema): JsonSchema =>
  JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/'))

type Json = Record<string, unknown>

/**
 * Checks a valibot schema makes that JSON Schema cannot say (a custom check, a transform) are
 * left out: the document then allows a little more than the server, never less.
 */
const convert = (schema: v.GenericSchema, typeMode: 'input' | 'output'): JsonSchema => {
  // Requests only: an answer's named shapes are matched by identity, which a copy would lose.
  const read =
    typeMode === 'input'
      ? (documented(schema as unknown as Node) as unknown as v.GenericSchema)
      : schema
  const { $schema: _, $defs: defs, ...rest } = toJsonSchema(read, config(typeMode))
  // A request's shapes used twice get definitions of their own (numbered): put them back inline.
  if (typeMode === 'input' && defs) return inline(rest, defs)
  return componentRef(rest)
}

function inline(json: JsonSchema, defs: Record<string, unknown>): JsonSchema {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk)
    if (typeof value !== 'object' || value === null) return value
    const ref = (value as { $ref?: string }).$ref
    if (ref?.startsWith('#/$defs/')) return walk(defs[ref.slice('#/$defs/'.length)])
    return mapValues(value as Record<string, unknown>, walk)
  }
  return walk(json) as JsonSchema
}

type Node = {
  kind: string
  type: string
  pipe?: readonly Node[]
  entries?: Record<string, Node>
  wrapped?: Node
  item?: Node
  options?: readonly Node[]
}

const mapValues = <T, U>(record: Record<string, T>, map: (value: T) => U) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]))

/**
 * The schema as the document should read it. A nested request section is
 * `pipe(custom(isPlainObject), strictObject(…))` (contract/http.ts): the custom check says what
 * to answer when it is no object, the object says the fields. JSON Schema cannot say the custom
 * check, and the converter then drops the whole section ("anything"); here the section is its
 * object. Only for the document: a shallow copy, the server's schema is untouched.
 */
function documented(node: Node): Node {
  const pipe = node.pipe
  if (pipe && pipe[0]?.type === 'custom') {
    const object = pipe.find(
      (item, index) =>
        index > 0 &&
        item.kind === 'schema' &&
        (item.type === 'strict_object' || item.type === 'object'),
    )
    if (object) return documented(object)
  }
  const copy: Node = { ...node }
  if (pipe) copy.pipe = pipe.map(documentedItem)
  if (node.entries) copy.entries = mapValues(node.entries, documented)
  if (node.wrapped) copy.wrapped = documented(node.wrapped)
  if (node.item) copy.item = documented(node.item)
  if (node.options) copy.options = node.options.map(documented)
  return copy
}
const documentedItem = (item: Node) => (item.kind === 'schema' ? documented(item) : item)

function config(typeMode: 'input' | 'output') {
  return {
    target: 'draft-2020-12',
    typeMode,
    errorMode: 'ignore',
    ...(typeMode === 'output' ? { definitions: named } : {}),
  } as const
}

function components(): Record<string, JsonSchema> {
  const defs = toJsonSchemaDefs(named, config('output'))
  return Object.fromEntries(
    Object.entries(defs).map(([name, json]) => {
      const { $schema: _, ...rest } = json
      return [name, componentRef(rest)]
    }),
  )
}

const statusText: Record<number, string> = {
  200: 'Sucesso.',
  201: 'Criado.',
  304: 'Não mudou desde a versão que o aparelho tem (If-None-Match).',
  400: 'Requisição inválida: a mensagem diz o que corrigir.',
  401: 'Sem sessão, ou a sessão terminou.',
  402: 'Pagamento recusado.',
  403: 'Não permitido neste contrato (por exemplo, cadastro em análise).',
  404: 'Não encontrado.',
  409: 'Em conflito com o estado atual (por exemplo, já pago ou em andamento).',
  410: 'O link não vale mais.',
  413: 'Corpo grande demais.',
  415: 'O corpo não é JSON (Content-Type: application/json).',
  422: 'Não pode ser feito agora: a mensagem diz por quê.',
  429: 'Tentativas demais: espere os segundos de Retry-After.',
  500: 'Erro interno.',
  502: 'O provedor de pagamento não respondeu como devia.',
  503: 'Indisponível (pagamento não configurado, banco de dados fora).',
}

/** The integration API's refusals are problem details (RFC 9457), the others JSON. */
const mediaOf = (op: Operation, status: number) =>
  op.access === 'integration' && status >= 400 ? 'application/problem+json' : 'application/json'

function answerObject(op: Operation, status: number, answer: Answer): Json {
  const description = statusText[status] ?? 'Resposta.'
  if (isEmptyAnswer(answer)) return { description }
  if (isFileAnswer(answer))
    return { description, content: { [answer.file]: { schema: { type: 'string' } } } }
  return {
    description,
    content: { [mediaOf(op, status)]: { schema: convert(answer, 'output') } },
  }
}

/** Every error answer has this shape; a 500 too (a problem detail on the integration API). */
const errorAnswer = (op: Operation) => ({
  description: statusText[500],
  content: {
    [mediaOf(op, 500)]: {
      schema: convert(op.access === 'integration' ? problemResponse : messageResponse, 'output'),
    },
  },
})

function parameters(op: Operation): Json[] {
  const list: Json[] = []
  for (const [name, schema] of Object.entries(op.params ?? {}))
    list.push({ name, in: 'path', required: true, schema: convert(schema, 'input') })
  if (op.query) {
    const query = convert(op.query, 'input') as {
      properties?: Record<string, JsonSchema>
      required?: string[]
    }
    for (const [name, schema] of Object.entries(query.properties ?? {}))
      list.push({
        name,
        in: 'query',
        required: query.required?.includes(name) ?? false,
        schema,
      })
  }
  for (const [name, header] of Object.entries(op.headers ?? {}))
    list.push({
      name,
      in: 'header',
      required: header.required,
      description: header.description,
      schema: { type: 'string' },
    })
  return list
}

const security: Record<Operation['access'], Json[] | undefined> = {
  public: [],
  holder: [{ sessao: [] }],
  provider: [],
  operator: [{ metricas: [] }],
  integration: [],
}

function operationObject(op: Operation): Json {
  const answers = Object.entries(op.answers) as Array<[string, Answer]>
  const object: Json = {
    operationId: op.id,
    summary: op.summary,
    tags: [tags[op.tag]],
    // An integration key's scope, as OpenAPI 3.1 allows for a bearer scheme (its "roles").
    security:
      op.access === 'integration'
        ? [{ integracao: op.scope && op.scope !== 'any' ? [op.scope] : [] }]
        : security[op.access],
  }
  if (op.access === 'integration' && op.scope)
    object['x-scope'] = op.scope === 'any' ? 'qualquer' : op.scope
  if (op.queuedOffline) object['x-queued-offline'] = true
  const params = parameters(op)
  if (params.length) object.parameters = params
  if (op.body)
    object.requestBody = {
      required: !op.bodyOptional,
      content: { 'application/json': { schema: convert(op.body, 'input') } },
    }
  object.responses = {
    ...Object.fromEntries(
      answers.map(([status, answer]) => [status, answerObject(op, Number(status), answer)]),
    ),
    500: errorAnswer(op),
  }
  return object
}

export function openApiDocument(): Json {
  const paths: Record<string, Json> = {}
  for (const op of operations as readonly Operation[]) {
    const item = paths[op.path] ?? {}
    paths[op.path] = item
    item[op.method.toLowerCase()] = operationObject(op)
    // The one path outside the API base is served from the site's root.
    if (op.outsideApi) item.servers = [{ url: '/', description: 'Raiz do site' }]
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Portal do Titular — API',
      version: apiVersion,
      description:
        'A API que o Portal do Titular chama: login sem senha, contratos, cadastro, carteirinhas, parcelas e links de pagamento. Todo erro responde `{ "message": "…" }`, uma frase em português para a pessoa. Um backend próprio implementa este documento e confere com `npm run conformance -- <url>`.',
    },
    servers: [{ url: apiBase, description: 'Base da API (VITE_API_BASE)' }],
    tags: Object.values(tags).map((name) => ({ name })),
    paths,
    webhooks: webhookItems(),
    components: {
      schemas: components(),
      securitySchemes: {
        sessao: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'O token de POST /client/login.',
        },
        metricas: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN.' },
        integracao: {
          type: 'http',
          scheme: 'bearer',
          description:
            'Chave de integração do provedor (`ptk_…`), criada com `npm run portal -- keys create --name … --scopes …`; cada operação pede um escopo.',
        },
      },
    },
  }
}

/**
 * The events the portal sends to the provider's endpoints (decision 019), as OpenAPI 3.1
 * `webhooks`: a POST of `{ type, timestamp, data }` signed per Standard Webhooks.
 */
function webhookItems(): Record<string, Json> {
  return Object.fromEntries(
    eventTypes.map((type) => [
      type,
      {
        post: {
          operationId: `evento_${type.replace('.', '_')}`,
          summary: eventSummaries[type],
          description:
            'Assinado conforme Standard Webhooks: cabeçalhos `webhook-id` (o mesmo em toda tentativa e reenvio), `webhook-timestamp` e `webhook-signature` (`v1,<HMAC-SHA256 em base64>` de `id.timestamp.corpo` com o segredo `whsec_` do endpoint; dois durante uma troca de segredo). Qualquer 2xx confirma; 410 desativa o endpoint; 429 e 503 respeitam Retry-After; novas tentativas por cerca de 3 dias. A ordem não é garantida: use `data.sequence` para descartar um evento mais antigo do mesmo objeto.',
          tags: [tags.integration],
          parameters: ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => ({
            name,
            in: 'header',
            required: true,
            schema: { type: 'string' },
          })),
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['type', 'timestamp', 'data'],
                  properties: {
                    type: { const: type },
                    timestamp: { type: 'string', format: 'date-time' },
                    data: convert(eventSchemas[type], 'output'),
                  },
                },
              },
            },
          },
          responses: { '2XX': { description: 'Recebido.' } },
        },
      },
    ]),
  )
}

/** The committed copy's text: stable key order, two spaces, a final newline. */
export const openApiText = () => `${JSON.stringify(openApiDocument(), null, 2)}\n`
