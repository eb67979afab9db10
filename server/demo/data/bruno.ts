/** Bruno: two accepted contracts of different models, one ACTIVE and one OVERDUE. */
import type { Database } from '../../db/client'
import { cards, contracts, holders, paymentOrders, persons } from '../../db/schema'
import { contractRow } from './catalogue'
import { addDays, addMonths, isoDay } from './dates'
import { demoEmails, demoIds } from './ids'
import { demoPhoto } from './portraits'

type PersonRow = typeof persons.$inferInsert

export async function seedBruno(tx: Database, now: Date) {
  const ids = demoIds.bruno
  await tx.insert(persons).values({
    id: ids.person,
    firstName: 'Bruno Henrique',
    lastName: 'Lima',
    birthDate: '1990-08-21',
    gender: 'Masculino',
    email: demoEmails.bruno,
    imageBase64: demoPhoto('bruno'),
    rg: '418273659',
    cpf: '27493816573',
    phoneDdi: '55',
    phoneNumber: '21998765432',
    cep: '22071000',
    state: 'RJ',
    city: 'Rio de Janeiro',
    country: 'Brasil',
    street: 'Avenida Atlântica',
    neighborhood: 'Copacabana',
    addressNumber: '1702',
    complement: null,
  } satisfies PersonRow)
  await tx.insert(contracts).values([
    contractRow(now, {
      id: ids.active.contract,
      modelContractId: demoIds.models.gym,
      status: 'ACTIVE',
      serie: 'B',
      contractNumber: '000456',
      terms: true,
      dependentsIncluded: 0,
      monthsAgo: 6,
    }),
    contractRow(now, {
      id: ids.overdue.contract,
      modelContractId: demoIds.models.waterPark,
      status: 'OVERDUE',
      serie: 'C',
      contractNumber: '000789',
      terms: true,
      dependentsIncluded: 1,
      monthsAgo: 3,
    }),
  ])
  await tx.insert(holders).values([
    {
      id: ids.active.holder,
      contractId: ids.active.contract,
      personId: ids.person,
      status: 'ACTIVE',
    },
    {
      id: ids.overdue.holder,
      contractId: ids.overdue.contract,
      personId: ids.person,
      status: 'OVERDUE',
    },
  ])
  const expirationDate = isoDay(addMonths(now, 12))
  await tx.insert(cards).values(
    [
      { id: ids.active.card, contractId: ids.active.contract, code: '0004560001' },
      { id: ids.overdue.card, contractId: ids.overdue.contract, code: '0007890001' },
    ].map((card) => ({ ...card, personId: ids.person, status: 'ACTIVE', expirationDate })),
  )

  // Due dates count from five days ago: the gym is up to date, the water park owes two instalments.
  const plans = [
    {
      contractId: ids.active.contract,
      name: 'Plano Individual Academia',
      value: 9_990,
      schedule: [
        { months: -1, status: 'PAID' },
        { months: 0, status: 'PAID' },
        { months: 1, status: 'NOT_PAID' },
      ],
    },
    {
      contractId: ids.overdue.contract,
      name: 'Passaporte Parque Aquático',
      value: 14_990,
      schedule: [
        { months: -2, status: 'PAID' },
        { months: -1, status: 'OVERDUE' },
        { months: 0, status: 'OVERDUE' },
      ],
    },
  ] as const
  const firstDue = addDays(now, -5)
  await tx.insert(paymentOrders).values(
    plans.flatMap((plan, planIndex) =>
      plan.schedule.map(({ months, status }, index) => {
        const due = addMonths(firstDue, months)
        return {
          id: ids.instalments[planIndex * 3 + index] as string,
          contractId: plan.contractId,
          description: `Mensalidade ${plan.name} 0${index + 1}/03`,
          installment: index + 1,
          status,
          dueDate: isoDay(due),
          value: plan.value,
          paidValue: status === 'PAID' ? plan.value : null,
          paidAt: status === 'PAID' ? due : null,
          data: { lastLinkAdjustment: 0 },
        }
      }),
    ),
  )
}
