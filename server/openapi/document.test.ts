/**
 * docs/api/openapi.json is what the declarations make (`npm run openapi` rewrites it), passes
 * an independent OpenAPI 3.1 validator (swagger-parser, with the official schemas), and the
 * server serves the same document at /socios-api/openapi.json.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import SwaggerParser from '@apidevtools/swagger-parser'
import { describe, expect, it } from 'vitest'
import { operations } from '../../contract/operations'
import { createTestServer } from '../testing'
import { openApiDocument, openApiText } from './document'

const root = resolve(import.meta.dirname, '../..')
const committedPath = resolve(root, 'docs/api/openapi.json')

describe('the OpenAPI document', () => {
  it('the committed copy is what the declarations make (else: npm run openapi)', () => {
    expect(readFileSync(committedPath, 'utf8')).toBe(openApiText())
  })

  it('is a valid OpenAPI 3.1 document', async () => {
    const parsed = (await SwaggerParser.validate(committedPath)) as { openapi?: string }
    expect(parsed.openapi).toBe('3.1.0')
  })

  it('an invalid one is refused by the same validator', async () => {
    const broken = openApiDocument() as { paths: Record<string, Record<string, unknown>> }
    broken.paths['/client/login'] = { post: { responses: 'nenhuma' } }
    await expect(SwaggerParser.validate(structuredClone(broken) as never)).rejects.toThrow()
  })

  it('is served at /socios-api/openapi.json', async () => {
    const server = await createTestServer('pglite')
    try {
      const answer = await server.app.request('/socios-api/openapi.json')
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await answer.json()).toEqual(JSON.parse(readFileSync(committedPath, 'utf8')))
    } finally {
      await server.close()
    }
  })

  it('its page at /socios-api/docs lists every operation, and runs and loads nothing', async () => {
    const server = await createTestServer('pglite')
    try {
      const answer = await server.app.request('/socios-api/docs')
      expect(answer.status).toBe(200)
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/)
      expect(answer.headers.get('content-security-policy')).toMatch(
        /^default-src 'none'; style-src 'sha256-[^']+'; /,
      )
      const page = await answer.text()
      for (const op of operations) expect(page, op.id).toContain(`id="${op.id}"`)
      expect(page).toContain('<span class="path">/client/contract/{id}</span>')
      // A request body's fields, with what the server demands of them.
      expect(page).toMatch(
        /<code>email<\/code> <span class="type">string \(email\)<\/span> <span class="req">obrigatório/,
      )
      expect(page).not.toMatch(/<script|https?:\/\/(?!schemas)/)
    } finally {
      await server.close()
    }
  })
})
