/**
 * The conformance kit (issue 24, decision 018): drives any backend that implements the holder
 * API through the flows the app goes through (login, contracts, instalments, a registration save
 * replayed with the same Idempotency-Key, a payment link, logout) and checks every answer it
 * provokes, errors included, against docs/api/openapi.json: the status must be one the document
 * declares for the operation, and the body must match that status's schema (Ajv, JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1). It reads the document, not this server's code, so it
 * judges another backend exactly as it judges this one.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { Contract } from '../../contract/contracts'
import { toFormValues, toPersonPayload } from '../../src/features/registration/logic/form'

type Json = Record<string, unknown>
type Schema = Json
type ResponseObject = { content?: Record<string, { schema: Schema }> }
type OperationObject = { operationId: string; responses: Record<string, ResponseObject> }
type OpenApi = {
  paths: Record<string, Record<string, OperationObject>>
  components: { schemas: Record<string, Schema> }
}

export type KitOptions = {
  /** Where the backend answers, e.g. https://portal.example.com (no trailing slash). */
  baseUrl: string
  /** The API base under it (`/socios-api`, the app's VITE_API_BASE). */
  apiBase?: string
  /** A holder's e-mail: the kit asks a code for it and logs in. */
  email?: string
  /**
   * How the kit reads the code it asked for: this server's demo outbox (`GET /dev/outbox`, demo
   * mode, from the same machine), or none, when a token is given instead.
   */
  codeFrom?: 'demo-outbox'
  /** A holder's session token, when the backend has no test hook for codes. */
  token?: string
}

export type CheckResult = { name: string; ok: boolean; detail?: string }

const documentPath = resolve(import.meta.dirname, '../../docs/api/openapi.json')

/** Compiles each answer schema of the document once; refs go to its components. */
function documentChecker(doc: OpenApi) {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema({ $id: 'openapi', components: doc.components })
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>()
  const rewrite = (schema: Schema): Schema =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'))
  return (key: string, schema: Schema) => {
    let validate = compiled.get(key)
    if (!validate) {
      validate = ajv.compile(rewrite(schema))
      compiled.set(key, validate)
    }
    return validate
  }
}

export async function runConformance(options: KitOptions): Promise<CheckResult[]> {
  const doc = JSON.parse(readFileSync(documentPath, 'utf8')) as OpenApi
  const validatorFor = documentChecker(doc)
  const apiBase = options.apiBase ?? '/socios-api'
  const results: CheckResult[] = []
  const byId = new Map<string, { path: string; method: string; op: OperationObject }>()
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item))
      if (method !== 'servers') byId.set(op.operationId, { path, method: method.toUpperCase(), op })

  type Call = {
    params?: Record<string, string>
    query?: Record<string, string>
    body?: unknown
    rawBody?: string
    token?: string
    headers?: Record<string, string>
  }
  type Answer = { status: number; headers: Headers; body: unknown; text: string }

  /** One request, and the check of its answer against the document. */
  async function call(operationId: string, scenario: string, request: Call = {}): Promise<Answer> {
    const declared = byId.get(operationId)
    if (!declared) throw new Error(`O documento não declara ${operationId}.`)
    const path = declared.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(request.params?.[name] ?? ''),
    )
    const query = request.query ? `?${new URLSearchParams(request.query)}` : ''
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers }
    if (request.token) headers.authorization = `Bearer ${request.token}`
    let body: string | undefined = request.rawBody
    if (request.body !== undefined) body = JSON.stringify(request.body)
    if (body !== undefined) headers['content-type'] ??= 'application/json'
    const response = await fetch(`${options.baseUrl}${apiBase}${path}${query}`, {
      method: declared.method,
      headers,
      body,
    })
    const text = await response.text()
    const name = `${declared.method} ${declared.path} — ${scenario} → ${response.status}`
    const answer: Answer = { status: response.status, headers: response.headers, body: null, text }
    const expected = declared.op.responses[String(response.status)]
    if (!expected) {
      results.push({
        name,
        ok: false,
        detail: `status não declarado (o documento declara ${Object.keys(declared.op.responses).join(', ')}): ${text.slice(0, 200)}`,
      })
      return answer
    }
    const [mediaType, content] = Object.entries(expected.content ?? {})[0] ?? []
    if (!mediaType) {
      results.push({ name, ok: text === '', detail: text === '' ? undefined : 'corpo inesperado' })
      return answer
    }
    const contentType = response.headers.get('content-type') ?? ''
    if (!contentType.startsWith(mediaType)) {
      results.push({
        name,
        ok: false,
        detail: `Content-Type ${contentType}, esperado ${mediaType}`,
      })
      return answer
    }
    if (mediaType !== 'application/json' || !content) {
      results.push({ name, ok: true })
      return answer
    }
    try {
      answer.body = JSON.parse(text)
    } catch {
      results.push({ name, ok: false, detail: 'o corpo não é JSON' })
      return answer
    }
    const validate = validatorFor(`${operationId} ${response.status}`, content.schema)
    const ok = validate(answer.body) === true
    results.push({
      name,
      ok,
      detail: ok
        ? undefined
        : (validate.errors ?? [])
            .slice(0, 5)
            .map((error) => `${error.instancePath || '(corpo)'} ${error.message}`)
            .join('; '),
    })
    return answer
  }

  /** A check of a flow's promise beyond one answer's shape. */
  const expect = (name: string, ok: boolean, detail?: string) =>
    results.push({ name, ok, detail: ok ? undefined : detail })

  // ---------------------------------------------------------------- health and login
  await call('health', 'o processo responde')
  await call('openApi', 'o documento')
  await call('generateCode', 'e-mail inválido', {
    body: { email: 'não é e-mail', send_to: 'email' },
  })
  await call('generateCode', 'corpo que não é JSON', { rawBody: '{', headers: {} })
  await call('login', 'código com letras', { body: { email: 'a@b.com.br', code: '12a456' } })

  let token = options.token
  const email = options.email ?? 'ana@exemplo.com.br'
  if (!token && options.codeFrom === 'demo-outbox') {
    const asked = await call('generateCode', 'código por e-mail', {
      body: { email, send_to: 'email' },
    })
    expect('o código foi pedido', asked.status === 200, `status ${asked.status}`)
    const outbox = await fetch(`${options.baseUrl}/dev/outbox?to=${encodeURIComponent(email)}`)
    const { code } = (await outbox.json()) as { code: string }
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    await call('login', 'código errado', { body: { email, code: wrong } })
    const login = await call('login', 'código certo', { body: { email, code } })
    token = (login.body as { token?: string } | null)?.token
  }
  if (!token) {
    expect(
      'uma sessão para os fluxos do titular',
      false,
      'passe --token ou --code-from demo-outbox',
    )
    return results
  }

  // ---------------------------------------------------------------- contracts
  await call('listContracts', 'sem sessão')
  await call('listContracts', 'token que não vale', { token: 'x.y.z' })
  const listed = await call('listContracts', 'com sessão', { token })
  const contracts = (Array.isArray(listed.body) ? listed.body : []) as Contract[]
  const contract = contracts.find((item) => item.holder && item.terms) ?? contracts[0]
  expect('a pessoa tem um contrato', contract !== undefined, 'a lista veio vazia')
  if (!contract) return results

  const read = await call('getContract', 'o contrato', { token, params: { id: contract.id } })
  const etag = read.headers.get('etag')
  expect('o contrato vem com ETag', etag !== null, 'sem ETag')
  if (etag)
    await call('getContract', 'revalidado (If-None-Match)', {
      token,
      params: { id: contract.id },
      headers: { 'if-none-match': etag },
    })
  await call('getContract', 'id que não existe', {
    token,
    params: { id: '00000000-0000-4000-8000-000000000000' },
  })
  await call('getContract', 'id que não é UUID', { token, params: { id: 'abc' } })
  await call('getTerms', 'os termos', { token, query: { id: contract.id } })
  await call('adhesionTerm', 'o termo de adesão', { token, params: { id: contract.id } })
  await call('dependentTypes', 'os tipos', { token, body: {} })
  await call('listCards', 'as carteirinhas', {
    token,
    body: { filter: { contract_id: contract.id } },
  })
  await call('listCards', 'limite fora da faixa', {
    token,
    body: { limit: 1000, filter: { contract_id: contract.id } },
  })

  // ---------------------------------------------------------------- instalments and a link
  const instalments = await call('listInstalments', 'as parcelas', {
    token,
    params: { id: contract.id },
  })
  await call('instalmentCalendar', 'o calendário', { token, params: { id: contract.id } })
  await call('getReminderPreferences', 'os lembretes', { token })
  await call('saveReminderPreferences', 'campo a mais', {
    token,
    body: { email: true, whatsapp: true, sms: true },
  })
  const open = ((instalments.body ?? []) as Array<{ id: string; status: string }>).find(
    (instalment) => instalment.status !== 'PAID',
  )
  if (open) {
    const link = await call('sendPaymentLink', 'link de uma parcela em aberto', {
      token,
      query: { ids: open.id },
    })
    const code = typeof link.body === 'string' ? new URL(link.body).searchParams.get('code') : null
    expect('o link traz o código', code !== null, `resposta ${link.text.slice(0, 100)}`)
    if (code) await call('getPaymentLink', 'o link aberto', { query: { code } })
  }
  await call('getPaymentLink', 'código que não existe', { query: { code: 'naoexiste123' } })
  await call('sendPaymentLink', 'sem parcelas', { token, query: { ids: '' } })

  // ---------------------------------------------------------------- a save, replayed
  if (contract.holder) {
    const holder = contract.holder
    const person = holder.person
    const body = {
      contract_id: contract.id,
      updated_at: holder.updated_at,
      holder: {
        id: holder.id,
        person_id: person.id,
        person: {
          ...toPersonPayload(toFormValues(person), {
            id: person.id,
            documents: person.documents.id,
            phone: person.phone.id,
            address: person.address.id,
          }),
          files_attached: person.files_attached.map((file) => ({ id: file.id })),
        },
      },
    }
    const key = `conformidade-${Date.now()}`
    const headers = { 'idempotency-key': key }
    const first = await call('saveHolder', 'o cadastro como está', { token, body, headers })
    const again = await call('saveHolder', 'o mesmo, de novo, com a mesma chave', {
      token,
      body,
      headers,
    })
    expect(
      'a mesma Idempotency-Key devolve a mesma resposta',
      first.status === again.status && first.text === again.text,
      `${first.status} ${first.text.slice(0, 120)} ≠ ${again.status} ${again.text.slice(0, 120)}`,
    )
    await call('saveHolder', 'sem Idempotency-Key', { token, body })
  }
  await call('addDependent', 'corpo vazio', {
    token,
    body: {},
    headers: { 'idempotency-key': `conformidade-vazio-${Date.now()}` },
  })

  // ---------------------------------------------------------------- logout
  await call('logout', 'sair', { token })
  await call('listContracts', 'com o token de quem saiu', { token })
  return results
}
