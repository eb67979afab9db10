/**
 * GET /socios-api/docs: the API's reference as one HTML page, rendered by this server from the
 * same OpenAPI document it serves (decision 018). Not Scalar or Redoc: installed beside this
 * project they added 1,131 and 966 packages (Redoc 3 does not resolve at all), for a page that
 * is a list of operations. Here nothing runs and nothing loads from elsewhere: the one style
 * element is allowed by its hash, as in the terms page (term-html.ts).
 */
import { createHash } from 'node:crypto'
import { html, raw } from 'hono/html'
import { problemTypes } from '../http/integration'
import { openApiDocument } from './document'

type Schema = {
  $ref?: string
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  anyOf?: Schema[]
  enum?: unknown[]
  const?: unknown
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  minItems?: number
  maxItems?: number
  additionalProperties?: boolean | Schema
  default?: unknown
}
type Parameter = {
  name: string
  in: string
  required: boolean
  description?: string
  schema: Schema
}
type Response = { description: string; content?: Record<string, { schema: Schema }> }
type OperationObject = {
  operationId: string
  summary: string
  tags: string[]
  security: Array<Record<string, unknown>>
  parameters?: Parameter[]
  requestBody?: { required: boolean; content: Record<string, { schema: Schema }> }
  responses: Record<string, Response>
  'x-queued-offline'?: boolean
}
type Document = {
  info: { title: string; version: string; description: string }
  tags: Array<{ name: string }>
  paths: Record<string, Record<string, OperationObject>>
  components: { schemas: Record<string, Schema> }
}

const styleText = `
:root{color-scheme:light;font:16px/1.5 system-ui,sans-serif;color:#1a1f2b;background:#f6f8fb}
body{margin:0}main{max-width:960px;margin:0 auto;padding:24px 16px 64px}
h1{font-size:1.6rem;margin:0 0 4px}h2{margin:40px 0 8px;font-size:1.3rem}
h3{font-size:1.05rem;margin:0 0 4px;word-break:break-all}
nav ul{columns:2 240px;padding-left:18px}a{color:#0b4fa8}
section.op{background:#fff;border:1px solid #d9e0ea;border-radius:12px;padding:16px;margin:12px 0}
.method{display:inline-block;min-width:64px;font:700 .8rem/1.8 ui-monospace,monospace;text-align:center;border-radius:6px;color:#fff;margin-right:8px}
.GET{background:#1d6b3a}.POST{background:#0b4fa8}.PUT{background:#7a4b00}.DELETE{background:#a3122a}
code,.path{font-family:ui-monospace,monospace}.note{color:#4a5568;margin:4px 0}
table{border-collapse:collapse;width:100%;margin:8px 0}th,td{text-align:left;padding:4px 8px;border-top:1px solid #e5eaf1;vertical-align:top}
ul.schema{list-style:none;padding-left:16px;margin:4px 0;border-left:2px solid #e5eaf1}
.req{color:#a3122a;font-size:.8rem}.type{color:#4a5568}
`.trim()

export const docsPagePolicy = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(styleText).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`

const refName = (ref: string) => ref.split('/').at(-1) ?? ref

function typeOf(schema: Schema): string {
  if (schema.$ref) return refName(schema.$ref)
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ')
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' ou ')
  if (schema.type === 'array') return `lista de ${schema.items ? typeOf(schema.items) : 'valores'}`
  const type = Array.isArray(schema.type) ? schema.type.join(' ou ') : (schema.type ?? 'qualquer')
  return schema.format ? `${type} (${schema.format})` : type
}

function limits(schema: Schema): string {
  const parts: string[] = []
  if (schema.minLength !== undefined) parts.push(`mín. ${schema.minLength} caracteres`)
  if (schema.maxLength !== undefined) parts.push(`máx. ${schema.maxLength} caracteres`)
  if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`)
  if (schema.maximum !== undefined) parts.push(`≤ ${schema.maximum}`)
  if (schema.minItems !== undefined) parts.push(`mín. ${schema.minItems} itens`)
  if (schema.maxItems !== undefined) parts.push(`máx. ${schema.maxItems} itens`)
  if (schema.pattern) parts.push(`padrão ${schema.pattern}`)
  return parts.join(', ')
}

/** The fields of an object (and of objects inside it), as nested lists; a named shape links. */
function fields(schema: Schema, depth = 0): ReturnType<typeof html> | string {
  const inner = schema.type === 'array' && schema.items ? schema.items : schema
  const objects = inner.anyOf ? inner.anyOf.filter((option) => option.properties) : [inner]
  const object = objects.find((candidate) => candidate.properties)
  if (!object?.properties || depth > 6) return ''
  const required = new Set(object.required ?? [])
  return html`<ul class="schema">
    ${Object.entries(object.properties).map(([name, property]) => {
      const rule = limits(property)
      return html`<li><code>${name}</code> <span class="type">${typeOf(property)}</span>${
        required.has(name) ? html` <span class="req">obrigatório</span>` : ''
      }${rule ? html` <span class="type">— ${rule}</span>` : ''}${
        property.$ref
          ? html` <a href="#schema-${refName(property.$ref)}">ver</a>`
          : fields(property, depth + 1)
      }</li>`
    })}
  </ul>`
}

function schemaBlock(schema: Schema) {
  return html`<p class="note">Tipo: <span class="type">${typeOf(schema)}</span>${
    schema.$ref ? html` <a href="#schema-${refName(schema.$ref)}">ver</a>` : ''
  }</p>${schema.$ref ? '' : fields(schema)}`
}

const accessText = (op: OperationObject) =>
  op.security.some((entry) => 'sessao' in entry)
    ? 'Sessão do titular (Authorization: Bearer).'
    : op.security.some((entry) => 'metricas' in entry)
      ? 'Token de métricas do operador.'
      : 'Aberta (sem sessão).'

function operationSection(path: string, method: string, op: OperationObject) {
  const verb = method.toUpperCase()
  const body = op.requestBody?.content['application/json']
  return html`<section class="op" id="${op.operationId}">
  <h3><span class="method ${verb}">${verb}</span><span class="path">${path}</span></h3>
  <p>${op.summary}</p>
  <p class="note">${accessText(op)}${
    op['x-queued-offline'] ? ' Sem sinal, o app guarda no aparelho e envia depois.' : ''
  }</p>
  ${
    op.parameters?.length
      ? html`<table><thead><tr><th>Parâmetro</th><th>Onde</th><th>Tipo</th></tr></thead><tbody>${op.parameters.map(
          (parameter) =>
            html`<tr><td><code>${parameter.name}</code>${
              parameter.required ? html` <span class="req">obrigatório</span>` : ''
            }${parameter.description ? html`<br>${parameter.description}` : ''}</td><td>${
              parameter.in
            }</td><td>${typeOf(parameter.schema)}</td></tr>`,
        )}</tbody></table>`
      : ''
  }
  ${
    body
      ? html`<h4>Corpo (JSON${op.requestBody?.required ? '' : ', opcional'})</h4>${schemaBlock(
          body.schema,
        )}`
      : ''
  }
  <h4>Respostas</h4>
  <table><tbody>${Object.entries(op.responses).map(([status, answer]) => {
    const [mediaType, content] = Object.entries(answer.content ?? {})[0] ?? []
    return html`<tr><td><strong>${status}</strong></td><td>${answer.description}${
      mediaType && mediaType !== 'application/json'
        ? html` <span class="type">(${mediaType})</span>`
        : ''
    }${content && mediaType === 'application/json' ? schemaBlock(content.schema) : ''}</td></tr>`
  })}</tbody></table>
</section>`
}

export function renderDocsPage() {
  const doc = openApiDocument() as unknown as Document
  const byTag = doc.tags.map(({ name }) => ({
    name,
    operations: Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => method !== 'servers')
        .map(([method, op]) => ({ path, method, op }))
        .filter(({ op }) => op.tags.includes(name)),
    ),
  }))
  return html`<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${doc.info.title}</title>
<style>${raw(styleText)}</style>
</head>
<body>
<main>
<h1>${doc.info.title}</h1>
<p class="note">Versão ${doc.info.version} · OpenAPI 3.1: <a href="openapi.json">openapi.json</a></p>
<p>${doc.info.description}</p>
<nav aria-label="Operações"><ul>${byTag.map(
    (tag) =>
      html`<li>${tag.name}<ul>${tag.operations.map(
        ({ op }) => html`<li><a href="#${op.operationId}">${op.summary}</a></li>`,
      )}</ul></li>`,
  )}</ul></nav>
${byTag.map(
  (tag) =>
    html`<h2>${tag.name}</h2>${tag.operations.map(({ path, method, op }) =>
      operationSection(path, method, op),
    )}`,
)}
<h2>Problemas da API de integração</h2>
<p>A API de integração responde toda recusa como <em>problem details</em> (RFC 9457,
<code>application/problem+json</code>): <code>type</code> aponta para a linha abaixo,
<code>detail</code> diz o que houve em português e, numa requisição inválida, <code>errors</code>
lista cada problema com <code>path</code> (onde), <code>code</code> (para um programa) e
<code>message</code> (para uma pessoa).</p>
<table><tbody>${problemTypes.map(
    ({ status, kind, title }) =>
      html`<tr id="problema-${kind}"><td><strong>${String(status)}</strong></td><td>${title}</td></tr>`,
  )}</tbody></table>
<h2>Formatos</h2>
${Object.entries(doc.components.schemas).map(
  ([name, schema]) =>
    html`<section class="op" id="schema-${name}"><h3>${name}</h3>${fields(schema)}</section>`,
)}
</main>
</body>
</html>`
}
