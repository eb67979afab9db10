import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { detectFileType } from '../../contract/file-signatures'
import {
  cardRecurrences,
  cards,
  contracts,
  dependents,
  dependentTypes,
  filesAttached,
  paymentAdjustments,
  paymentLinks,
  paymentOrders,
  paymentSettings,
  persons,
} from '../db/schema'
import { backends, createTestServer, type TestServer } from '../testing'
import { sandboxCardTokens } from './schema'
import { demoEmails, demoIds, demoPaymentLinks, seedDemoData } from './seed'

/** Brazilian CPF check digits (mod 11). */
function validCpf(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false
  const digits = [...cpf].map(Number)
  const check = (length: number) => {
    const sum = digits
      .slice(0, length)
      .reduce((total, digit, index) => total + digit * (length + 1 - index), 0)
    return ((sum * 10) % 11) % 10
  }
  return check(9) === digits[9] && check(10) === digits[10]
}

describe.each(backends)('demo data (%s)', (backend) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(backend)
  })
  afterAll(() => server.close())

  it('is written once: a second seed finds people and does nothing', async () => {
    expect(await seedDemoData(server.db)).toBe(false)
    expect(await server.db.$count(persons)).toBe(7)
  })

  it('gives every person a valid CPF, a mobile and a lower-case e-mail', async () => {
    const people = await server.db.select().from(persons)
    for (const person of people) {
      expect(validCpf(person.cpf ?? ''), `${person.firstName}: ${person.cpf}`).toBe(true)
      expect(person.phoneDdi).toBe('55')
      expect(person.phoneNumber).toMatch(/^\d{2}9\d{8}$/)
      expect(person.email).toBe(person.email?.toLowerCase())
    }
    expect(new Set(people.map((person) => person.cpf)).size).toBe(people.length)
    const logins = people.map((person) => person.email)
    expect(logins).toEqual(expect.arrayContaining(Object.values(demoEmails)))
  })

  it('ships genuine files: attachments of their declared type, photos JPEG or PNG', async () => {
    // A save refuses content that is not what it declares; the demo must pass the same check.
    const files = await server.db.select().from(filesAttached)
    expect(files.length).toBeGreaterThan(0)
    for (const file of files)
      expect(detectFileType(file.contentBase64), file.name).toBe(file.contentType)
    const photos = await server.db.select({ photo: persons.imageBase64 }).from(persons)
    for (const { photo } of photos) {
      if (photo) expect(['image/jpeg', 'image/png']).toContain(detectFileType(photo))
    }
  })

  it('seeds the four dependent types', async () => {
    const names = (await server.db.select().from(dependentTypes)).map((type) => type.name)
    expect(names.sort()).toEqual(['Cônjuge', 'Filho(a)', 'Outro', 'Pai/Mãe'])
  })

  it("keeps Ana's instalment statuses coherent with today's date", async () => {
    const today = new Date().toISOString().slice(0, 10)
    const instalments = await server.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.contractId, demoIds.ana.contract))
      .orderBy(paymentOrders.installment)
    expect(instalments.map((row) => row.status)).toEqual([
      ...Array(3).fill('PAID'),
      'OVERDUE',
      ...Array(8).fill('NOT_PAID'),
    ])
    for (const row of instalments) {
      if (row.status === 'NOT_PAID') expect(row.dueDate > today).toBe(true)
      else expect(row.dueDate < today).toBe(true)
      expect(row.paidValue).toBe(row.status === 'PAID' ? row.value - row.discount : null)
    }
    const dueMonths = instalments.map((row) => row.dueDate.slice(0, 7))
    expect(new Set(dueMonths).size).toBe(12)
  })

  it('gives Ana two ACTIVE cards and one INACTIVE, and one dependent of each status', async () => {
    const anaCards = await server.db
      .select()
      .from(cards)
      .where(eq(cards.contractId, demoIds.ana.contract))
    expect(anaCards.map((card) => card.status).sort()).toEqual(['ACTIVE', 'ACTIVE', 'INACTIVE'])
    const anaDependents = await server.db
      .select()
      .from(dependents)
      .where(eq(dependents.contractId, demoIds.ana.contract))
    expect(anaDependents.map((dependent) => dependent.status).sort()).toEqual([
      'ACTIVE',
      'INACTIVE',
    ])
  })

  it('covers the contract situations of docs/design.md §4', async () => {
    const rows = await server.db.select().from(contracts)
    const byId = new Map(rows.map((row) => [row.id, row]))
    expect(byId.get(demoIds.bruno.active.contract)).toMatchObject({ status: 'ACTIVE', terms: true })
    expect(byId.get(demoIds.bruno.overdue.contract)).toMatchObject({
      status: 'OVERDUE',
      terms: true,
    })
    expect(byId.get(demoIds.carla.contract)).toMatchObject({ terms: false, termsAcceptedAt: null })
    expect(byId.get(demoIds.davi.contract)).toMatchObject({ status: 'REVIEW' })
    expect(rows).toHaveLength(5)
  })

  it('adds the payment set-up to a demo database seeded before payments, once', async () => {
    await server.db.delete(paymentLinks)
    await server.db.delete(cardRecurrences)
    await server.db.delete(sandboxCardTokens)
    await server.db.delete(paymentAdjustments)
    await server.db.delete(paymentSettings)
    expect(await seedDemoData(server.db)).toBe(false)
    expect(await seedDemoData(server.db)).toBe(false)
    expect(await server.db.$count(paymentSettings)).toBe(3)
    const codes = (await server.db.select().from(paymentLinks)).map((link) => link.code)
    expect(codes.sort()).toEqual(Object.values(demoPaymentLinks).sort())
    expect(await server.db.$count(cardRecurrences)).toBe(1)
  })
})
