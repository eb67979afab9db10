/**
 * The validating proxy against a tiny document written here: what it lets through unchanged,
 * and what it catches on each side (a wrong answer, a wrong request, an unknown route).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { OpenApiDocument } from './documents'
import { json, type Reply, startTinyUpstream } from './tiny-upstream'
import { startValidatingProxy, type ValidatingProxy } from './validating-proxy'

const pedido = { $ref: '#/components/schemas/Pedido' }
const document: OpenApiDocument = {
  openapi: '3.0.3',
  info: { title: 'Loja de teste', version: '1' },
  paths: {
    '/pedidos/{id}': {
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { $ref: '#/components/schemas/Id' } },
      ],
      get: {
        operationId: 'lerPedido',
        parameters: [{ name: 'versao', in: 'query', schema: { type: 'integer', minimum: 1 } }],
        responses: {
          200: { description: 'o pedido', content: { 'application/json': { schema: pedido } } },
          404: {
            description: 'não há',
            content: {
              'application/problem+json': { schema: { $ref: '#/components/schemas/Erro' } },
            },
          },
        },
      },
      put: {
        operationId: 'gravarPedido',
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: pedido },
            'application/x-www-form-urlencoded': { schema: pedido },
          },
        },
        responses: {
          201: { description: 'gravado', content: { 'application/json': { schema: pedido } } },
        },
      },
      delete: { operationId: 'apagarPedido', responses: { 204: { description: 'apagado' } } },
    },
    '/pedidos/novo': { get: { responses: { 200: { description: 'um modelo de pedido' } } } },
  },
  components: {
    schemas: {
      Id: { type: 'string', pattern: '^[a-z0-9]{4}$' },
      Pedido: {
        type: 'object',
        required: ['id', 'total', 'criado'],
        properties: {
          id: { $ref: '#/components/schemas/Id' },
          total: { type: 'integer', minimum: 0 },
          criado: { type: 'string', format: 'date-time' },
          nota: { type: 'string', nullable: true },
          itens: { type: 'array', items: { type: 'string' } },
        },
      },
      Erro: { type: 'object', required: ['title'], properties: { title: { type: 'string' } } },
    },
  },
}

const good = { id: 'ab12', total: 3700, criado: '2024-04-10T12:00:00.000Z', nota: null }

describe('validating proxy, against a document written here', () => {
  let reply: Reply = json(200, good)
  let upstream: Awaited<ReturnType<typeof startTinyUpstream>>
  let proxy: ValidatingProxy

  beforeAll(async () => {
    upstream = await startTinyUpstream(() => reply)
    proxy = await startValidatingProxy({
      document,
      upstream: `${upstream.url}/loja`,
      basePath: '/api',
    })
  })
  afterAll(async () => {
    await proxy.close()
    await upstream.close()
  })
  afterEach(() => {
    reply = json(200, good)
  })

  const call = (path: string, init: RequestInit = {}) => fetch(`${proxy.url}/api${path}`, init)
  const last = () => proxy.violations().at(-1)

  it('passes a request and an answer that follow the document through, unchanged', async () => {
    reply = { ...json(200, good), headers: { 'content-type': 'application/json', 'x-conta': '7' } }
    const answer = await call('/pedidos/ab12?versao=2', { headers: { 'x-cliente': 'teste' } })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('x-conta')).toBe('7')
    expect(await answer.text()).toBe(JSON.stringify(good))
    // The upstream got the same path (after its own prefix), query and headers.
    expect(upstream.received.at(-1)).toMatchObject({
      method: 'GET',
      url: '/loja/api/pedidos/ab12?versao=2',
      headers: expect.objectContaining({ 'x-cliente': 'teste' }),
    })
    expect(proxy.calls().at(-1)).toEqual({
      method: 'GET',
      path: '/api/pedidos/ab12',
      operationId: 'lerPedido',
      status: 200,
    })
    proxy.assertClean()
  })

  it('a JSON body and a form body (values as strings, coerced) that follow it', async () => {
    reply = json(201, good)
    const sentJson = JSON.stringify({ ...good, itens: ['camisa'] })
    await call('/pedidos/ab12', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: sentJson,
    })
    await call('/pedidos/ab12', {
      method: 'PUT',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'id=ab12&total=3700&criado=2024-04-10T12%3A00%3A00Z&itens[0]=camisa&itens[1]=meia',
    })
    expect(upstream.received.at(-2)?.body).toBe(sentJson)
    reply = { status: 204 }
    expect((await call('/pedidos/ab12', { method: 'DELETE' })).status).toBe(204)
    expect(
      proxy
        .calls()
        .slice(-3)
        .map((item) => `${item.operationId} ${item.status}`),
    ).toEqual(['gravarPedido 201', 'gravarPedido 201', 'apagarPedido 204'])
    proxy.assertClean()
  })

  it('catches a wrong answer, and still hands it to the client as it came', async () => {
    const wrong = { id: 'AB-12', total: -1, criado: '10/04/2024', nota: 5 }
    reply = json(200, wrong)
    const answer = await call('/pedidos/ab12')
    expect(await answer.json()).toEqual(wrong)
    expect(last()).toMatchObject({ where: 'response', operationId: 'lerPedido', status: 200 })
    expect(last()?.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^id: must match pattern/),
        expect.stringMatching(/^total: must be >= 0/),
        expect.stringMatching(/^criado: must match format "date-time"/),
        expect.stringMatching(/^nota: must be string,null/),
      ]),
    )
    expect(() => proxy.assertClean()).toThrow(/1 violação\(ões\)[\s\S]*GET \/api\/pedidos\/ab12/)
    // Reported once: the next test is not blamed for it.
    expect(() => proxy.assertClean()).not.toThrow()
  })

  it('catches answers the document does not declare: status, media type, a body where none is', async () => {
    reply = json(500, { title: 'falhou' })
    await call('/pedidos/ab12')
    expect(last()?.errors).toEqual([expect.stringMatching(/^status 500 não documentado/)])
    reply = json(404, { title: 'não há' })
    await call('/pedidos/ab12')
    expect(last()?.errors).toEqual([
      'content-type application/json não declarado para 404 (application/problem+json)',
    ])
    reply = json(200, { qualquer: 'coisa' })
    await call('/pedidos/novo')
    expect(last()?.errors).toEqual(['status 200: o documento não declara corpo, veio um'])
    expect(() => proxy.assertClean()).toThrow(/3 violação/)
  })

  it('catches a wrong request, and still forwards it so the test sees what came next', async () => {
    const before = upstream.received.length
    await call('/pedidos/AB-12?versao=0', { method: 'GET' })
    expect(last()).toMatchObject({ where: 'request', operationId: 'lerPedido' })
    expect(last()?.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^path id: must match pattern/),
        expect.stringMatching(/^query versao: must be >= 1/),
      ]),
    )
    reply = json(201, good)
    await call('/pedidos/ab12', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...good, total: '3700' }),
    })
    expect(last()?.errors).toEqual(['body total: must be integer'])
    await call('/pedidos/ab12', {
      method: 'PUT',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'id=ab12&total=muito&criado=2024-04-10T12%3A00%3A00Z',
    })
    expect(last()?.errors).toEqual(['body total: must be integer'])
    await call('/pedidos/ab12', {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'um pedido',
    })
    expect(last()?.errors).toEqual(['Unsupported Content-Type text/plain'])
    reply = { status: 204 }
    await call('/pedidos/ab12?extra=1', { method: 'DELETE' })
    expect(last()?.errors).toEqual(['query: parâmetros não declarados: extra'])
    expect(upstream.received.length).toBe(before + 5)
    expect(() => proxy.assertClean()).toThrow(/5 violação/)
  })

  it('records a route the document does not have, outside the base path or not', async () => {
    await call('/clientes/1')
    await fetch(`${proxy.url}/pedidos/ab12`)
    await call('/pedidos/ab12', { method: 'POST' })
    expect(proxy.violations().slice(-3)).toEqual([
      expect.objectContaining({ where: 'route', path: '/api/clientes/1' }),
      expect.objectContaining({ where: 'route', path: '/pedidos/ab12' }),
      expect.objectContaining({ where: 'route', method: 'POST' }),
    ])
    expect(proxy.calls().at(-1)?.operationId).toBeUndefined()
    expect(() => proxy.assertClean()).toThrow(/nenhuma operação do documento para POST/)
  })

  it('a literal path segment wins over a parameter', async () => {
    reply = { status: 200 }
    await call('/pedidos/novo')
    expect(proxy.calls().at(-1)?.operationId).toBe('GET /pedidos/novo')
    proxy.assertClean()
  })
})
