/** Carla (terms not accepted), Davi (contract in REVIEW) and Elisa (no contracts). */
import type { Database } from '../../db/client'
import { contracts, holders, paymentOrders, persons } from '../../db/schema'
import { contractRow } from './catalogue'
import { addMonths, isoDay } from './dates'
import { demoEmails, demoIds } from './ids'
import { demoPhoto } from './portraits'

type PersonRow = typeof persons.$inferInsert

export async function seedCarla(tx: Database, now: Date) {
  const ids = demoIds.carla
  await tx.insert(persons).values({
    id: ids.person,
    firstName: 'Carla',
    lastName: 'Mendes Rocha',
    birthDate: '1978-01-09',
    gender: 'Feminino',
    email: demoEmails.carla,
    imageBase64: demoPhoto('carla'),
    rg: '295617384',
    cpf: '61835092721',
    phoneDdi: '55',
    phoneNumber: '31991234567',
    cep: '30130010',
    state: 'MG',
    city: 'Belo Horizonte',
    country: 'Brasil',
    street: 'Avenida Afonso Pena',
    neighborhood: 'Centro',
    addressNumber: '867',
    complement: 'Sala 3',
  } satisfies PersonRow)
  await tx.insert(contracts).values(
    contractRow(now, {
      id: ids.contract,
      modelContractId: demoIds.models.gym,
      status: 'ACTIVE',
      serie: 'B',
      contractNumber: '000512',
      terms: false,
      dependentsIncluded: 0,
      monthsAgo: 0,
    }),
  )
  await tx.insert(holders).values({
    id: ids.holder,
    contractId: ids.contract,
    personId: ids.person,
    status: 'ACTIVE',
  })
  // A new sale: twelve monthly instalments of R$ 99,90, none due yet (her terms state them).
  await tx.insert(paymentOrders).values(
    ids.instalments.map((instalmentId, index) => ({
      id: instalmentId,
      contractId: ids.contract,
      description: `Mensalidade Plano Individual Academia ${String(index + 1).padStart(2, '0')}/12`,
      installment: index + 1,
      status: 'NOT_PAID' as const,
      dueDate: isoDay(addMonths(now, index + 1)),
      value: 9990,
      data: { lastLinkAdjustment: 0 },
    })),
  )
}

export async function seedDavi(tx: Database, now: Date) {
  const ids = demoIds.davi
  await tx.insert(persons).values({
    id: ids.person,
    firstName: 'Davi',
    lastName: 'Carvalho Pereira',
    birthDate: '1995-05-30',
    gender: 'Masculino',
    email: demoEmails.davi,
    imageBase64: demoPhoto('davi'),
    rg: '507381926',
    cpf: '84512039651',
    phoneDdi: '55',
    phoneNumber: '41998877665',
    cep: '80020310',
    state: 'PR',
    city: 'Curitiba',
    country: 'Brasil',
    street: 'Rua XV de Novembro',
    neighborhood: 'Centro',
    addressNumber: '250',
    complement: null,
  } satisfies PersonRow)
  await tx.insert(contracts).values(
    contractRow(now, {
      id: ids.contract,
      modelContractId: demoIds.models.familyClub,
      status: 'REVIEW',
      serie: 'A',
      contractNumber: '000634',
      terms: true,
      dependentsIncluded: 2,
      monthsAgo: 1,
    }),
  )
  await tx.insert(holders).values({
    id: ids.holder,
    contractId: ids.contract,
    personId: ids.person,
    status: 'REVIEW',
  })
}

export async function seedElisa(tx: Database) {
  await tx.insert(persons).values({
    id: demoIds.elisa.person,
    firstName: 'Elisa',
    lastName: 'Martins Ferreira',
    birthDate: '2000-12-03',
    gender: 'Feminino',
    email: demoEmails.elisa,
    imageBase64: demoPhoto('elisa'),
    rg: '613928475',
    cpf: '70321586417',
    phoneDdi: '55',
    phoneNumber: '51987651234',
    cep: '90010150',
    state: 'RS',
    city: 'Porto Alegre',
    country: 'Brasil',
    street: 'Rua dos Andradas',
    neighborhood: 'Centro Histórico',
    addressNumber: '1001',
    complement: null,
  } satisfies PersonRow)
}
