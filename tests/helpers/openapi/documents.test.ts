import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { loadPixDocument, loadStripeDocument, type OpenApiDocument } from './documents'

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../../fixtures/openapi', name), 'utf8')

/** Every `pattern` string of a document. */
const patterns = (document: OpenApiDocument) =>
  [...JSON.stringify(document).matchAll(/"pattern":("(?:[^"\\]|\\.)*")/g)].map(
    (match) => JSON.parse(match[1] ?? '""') as string,
  )

// Each parses a document of megabytes (the YAML twice): seconds on a busy 2-core machine, past
// the unit project's 5 s default once (2026-11-27, beside a CI run).
describe('the official documents, as the validating proxy reads them', { timeout: 30_000 }, () => {
  it('bacen: the corrections hold in memory; the file stays as published', () => {
    const pix = loadPixDocument()
    expect(loadPixDocument()).toBe(pix)
    expect(patterns(pix).filter((pattern) => pattern.startsWith('/'))).toEqual([])
    expect(patterns(pix)).toContain('^\\d{11}$')
    const schemas = pix.components?.schemas as Record<string, { required?: string[] }>
    expect(schemas.WebhookCompleto?.required).toEqual(['webhookUrl', 'criacao'])
    expect(JSON.stringify(pix)).not.toMatch(/"location":\{[^{}]*"format":"uri"/)
    expect(Object.keys(pix.paths)).toContain('/rec/{idRec}')
    expect(Object.keys(pix.paths)).not.toContain('/rec/{recUrlAccessToken}')
    expect(schemas.RecBase?.required).toEqual(['calendario', 'vinculo'])
    expect(schemas.RecNotification?.required).toEqual(['idRec', 'status', 'atualizacao'])

    const published = parse(fixture('bacen-pix-api-2.9.0.yaml')) as OpenApiDocument
    expect(patterns(published).filter((pattern) => /^\/.+\/$/.test(pattern))).toHaveLength(14)
    expect(published.info?.version).toBe('2.9.0')
  })

  it('Stripe: read as published, once per process', () => {
    const stripe = loadStripeDocument()
    expect(loadStripeDocument()).toBe(stripe)
    expect(stripe.info?.version).toBe('2024-04-10')
    expect(Object.keys(stripe.paths)).toHaveLength(365)
  })
})
