/**
 * Helpers of the registration tests: bodies as the forms send them (built from the contract
 * read, like the app does), the save calls with an Idempotency-Key, and a snapshot of every
 * table a save can write, to prove a refused save wrote nothing.
 */
import { randomUUID } from 'node:crypto'
import { asc, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { type Contract, contract as contractSchema, type Person } from '../../contract/contracts'
import { cpfWithCheckDigits } from '../../contract/rules'
import type { App } from '../app'
import type { Database } from '../db/client'
import { pdfBase64 } from '../db/pdf'
import { encodePng } from '../db/png'
import { dependents, filesAttached, holders, idempotencyKeys, persons } from '../db/schema'
import { demoIds } from '../demo/seed'

export const paths = {
  holder: '/socios-api/client/photo-holder',
  dependent: '/socios-api/client/add-dependent',
  types: '/socios-api/rql/dependent-types',
} as const

export interface SaveCall {
  status: number
  body: { message: string; updated_at?: string; id?: string }
  text: string
  replayed: boolean
}

/** POSTs a save; a fresh Idempotency-Key unless one is given (null: none at all). */
export async function postSave(
  app: App,
  path: string,
  token: string,
  body: unknown,
  key: string | null = randomUUID(),
): Promise<SaveCall> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
  }
  if (key !== null) headers['idempotency-key'] = key
  const response = await app.request(path, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  return {
    status: response.status,
    body: JSON.parse(text) as SaveCall['body'],
    text,
    replayed: response.headers.get('idempotent-replayed') === 'true',
  }
}

export async function readContract(app: App, token: string, id: string): Promise<Contract> {
  const response = await app.request(`/socios-api/client/contract/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  if (response.status !== 200) throw new Error(`contract ${response.status}`)
  return v.parse(contractSchema, await response.json())
}

type Json = Record<string, unknown>

/** The person part of a save as the form sends it back: existing files by id only. */
export function personInputFrom(read: Person): Json {
  // A copy: tests change the nested objects freely.
  const person = structuredClone(read)
  return {
    id: person.id,
    person_id: person.id,
    first_name: person.first_name,
    last_name: person.last_name,
    birth_date: person.birth_date,
    gender: person.gender,
    email: person.email,
    documents: person.documents,
    phone: person.phone,
    address: person.address,
    files_attached: person.files_attached.map((file) => ({ id: file.id })),
  }
}

/** photo-holder for the contract as read, with the person changed by `change`. */
export function holderSave(contract: Contract, change: (person: Json) => void = () => {}): Json {
  const holder = contract.holder
  if (!holder) throw new Error('contrato sem titular')
  const person = personInputFrom(holder.person)
  change(person)
  return {
    contract_id: contract.id,
    updated_at: holder.updated_at,
    holder: { id: holder.id, person_id: holder.person.id, person },
  }
}

/** add-dependent editing a dependent as read. */
export function dependentEdit(
  contract: Contract,
  dependentId: string,
  change: (person: Json) => void = () => {},
): Json {
  const dependent = contract.dependents.find((row) => row.id === dependentId)
  if (!dependent) throw new Error(`dependente ${dependentId} não está no contrato`)
  const person = personInputFrom(dependent.person)
  change(person)
  return {
    contract_id: contract.id,
    updated_at: dependent.updated_at,
    dependent: {
      id: dependent.id,
      person_id: dependent.person.id,
      status: dependent.status,
      dependent_type: { id: dependent.dependent_type?.id ?? demoIds.dependentTypes.child },
      person,
    },
  }
}

let people = 0

/**
 * A CPF no one in the demo data has, new on every call: one person per CPF (migration 0021).
 * Random, since test files run in parallel on databases of their own and some share a server.
 */
export const freshCpf = () =>
  cpfWithCheckDigits(String(200_000_000 + Math.floor(Math.random() * 700_000_000)))

/** A complete new person: every field the demo contracts require is filled; a fresh CPF. */
export function newPerson(overrides: Json = {}): Json {
  people += 1
  return {
    first_name: 'Lia',
    last_name: 'Souza',
    birth_date: '2016-04-09',
    gender: 'Feminino',
    email: `lia.${people}.${randomUUID().slice(0, 8)}@exemplo.com.br`,
    documents: { rg: '123456789', cpf: freshCpf(), passport: '', birth_certificate: null },
    phone: { number_ddi: '55', number: '11955554444' },
    address: {
      cep: '01310-100',
      state: 'SP',
      city: 'São Paulo',
      country: 'Brasil',
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      number: '1000',
      complement: 'Apto 42',
    },
    files_attached: [],
    ...overrides,
  }
}

/** add-dependent creating a new dependent on a contract. */
export function dependentCreate(
  contractId: string,
  person: Json = newPerson(),
  typeId: string = demoIds.dependentTypes.child,
): Json {
  return { contract_id: contractId, dependent: { dependent_type: { id: typeId }, person } }
}

/** Base64 of `bytes` bytes starting with a file signature, e.g. a JPEG or a PDF. */
export function fileBase64(kind: 'jpeg' | 'png' | 'pdf', bytes: number): string {
  const signature = {
    jpeg: [0xff, 0xd8, 0xff, 0xe0],
    png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    pdf: [...Buffer.from('%PDF-1.4\n')],
  }[kind]
  const content = Buffer.alloc(bytes, 0x41)
  Buffer.from(signature).copy(content)
  return content.toString('base64')
}

/** An 8×8 blue JPEG (baseline, quality 80), made once with jpeg-js: a real file, not a header. */
const bluePixelsJpeg =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSgBBwcHCggKEwoKEygaFhooKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKP/AABEIAAgACAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/APMK/QD5A//Z'

/** Complete, valid files of each accepted type, in base64. */
export const realFiles = {
  pdf: pdfBase64('Comprovante', ['Um PDF de verdade.']),
  png: encodePng(4, 4, () => [11, 79, 168]).toString('base64'),
  jpeg: bluePixelsJpeg,
} as const

/** A web page, the kind of content that must never pass for an image or a PDF. */
export const htmlBase64 = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
).toString('base64')

/** Everything a registration save can write, in a stable order. */
export async function registrationSnapshot(db: Database) {
  return {
    persons: await db.select().from(persons).orderBy(asc(persons.id)),
    holders: await db.select().from(holders).orderBy(asc(holders.id)),
    dependents: await db.select().from(dependents).orderBy(asc(dependents.id)),
    files: await db.select().from(filesAttached).orderBy(asc(filesAttached.id)),
    keys: await db
      .select({ count: sql<number>`count(*)::int` })
      .from(idempotencyKeys)
      .then((rows) => rows[0]?.count ?? 0),
  }
}
