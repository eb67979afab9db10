/**
 * Demo payment set-up: each contract model's payment methods and price lists per channel, Ana's
 * card recurrence (with its card known to the sandbox gateway) and two payment links with fixed
 * codes: a card swap and a B2B link for her instalment 5.
 */

import { eq } from 'drizzle-orm'
import { changeCardRecurrenceSrc } from '../../../contract/payments'
import { sandboxCardTokens } from '../schema'
import type { Database } from '../../db/client'
import {
  type adjustmentChannels,
  cardRecurrences,
  contracts,
  modelContracts,
  paymentAdjustments,
  paymentLinks,
  paymentSettings,
  type ValidPaymentTypes,
} from '../../db/schema'
import { addMonths } from './dates'
import { demoGatewayId, demoIds, demoPaymentLinks } from './ids'

type Channel = (typeof adjustmentChannels)[number]
type Entry = Pick<
  typeof paymentAdjustments.$inferInsert,
  'typePayment' | 'type' | 'basisPoints' | 'installment'
>

const entry = (
  typePayment: Entry['typePayment'],
  type: Entry['type'],
  basisPoints: number,
  installment: number,
): Entry => ({ typePayment, type, basisPoints, installment })

/** The price lists every demo model uses: B2B gets the best prices, the general list the least. */
const priceLists: Record<Channel, Entry[]> = {
  B2C: [
    entry('PIX', 'DISCOUNT', 500, 1),
    entry('CREDIT', 'DISCOUNT', 300, 1),
    entry('CREDIT', 'INCREASE', 0, 2),
    entry('CREDIT', 'INCREASE', 0, 3),
    entry('CREDIT', 'INCREASE', 499, 6),
    entry('RECURRENCE', 'DISCOUNT', 200, 1),
    entry('RECURRENCE', 'INCREASE', 0, 3),
    entry('INSTALLMENT_BILL', 'INCREASE', 0, 1),
    entry('INSTALLMENT_BILL', 'INCREASE', 250, 2),
  ],
  B2B: [
    entry('PIX', 'DISCOUNT', 1000, 1),
    entry('CREDIT', 'DISCOUNT', 800, 1),
    entry('CREDIT', 'DISCOUNT', 500, 3),
    entry('RECURRENCE', 'DISCOUNT', 600, 1),
    entry('INSTALLMENT_BILL', 'DISCOUNT', 500, 1),
  ],
  OTHER: [
    entry('PIX', 'DISCOUNT', 200, 1),
    entry('CREDIT', 'INCREASE', 0, 1),
    entry('CREDIT', 'INCREASE', 0, 2),
    entry('RECURRENCE', 'INCREASE', 0, 1),
    entry('INSTALLMENT_BILL', 'INCREASE', 0, 1),
  ],
}

const allTypes: ValidPaymentTypes = { pix: true, credit: true, recurrence: true, boleto_pix: true }

export async function seedPaymentSettings(tx: Database) {
  const { models } = demoIds
  await tx.insert(paymentSettings).values([
    { modelContractId: models.familyClub, validPaymentTypes: allTypes, gatewayId: demoGatewayId },
    {
      modelContractId: models.gym,
      validPaymentTypes: { ...allTypes, boleto_pix: false },
      expirationPix: 15,
      gatewayId: demoGatewayId,
    },
    {
      modelContractId: models.waterPark,
      validPaymentTypes: { ...allTypes, recurrence: false },
      fixedInstallments: 3,
      gatewayId: demoGatewayId,
    },
  ])
  await tx
    .insert(paymentAdjustments)
    .values(
      [models.familyClub, models.gym, models.waterPark].flatMap((modelContractId) =>
        (Object.entries(priceLists) as [Channel, Entry[]][]).flatMap(([channel, entries]) =>
          entries.map((item) => ({ ...item, modelContractId, channel })),
        ),
      ),
    )
}

const anaRecurrenceToken = 'tok_demo_ana_recorrencia'

export async function seedAnaPaymentLinks(tx: Database, now: Date) {
  const ids = demoIds.ana
  const expiry = addMonths(now, 36)
  await tx.insert(sandboxCardTokens).values({
    token: anaRecurrenceToken,
    companyId: demoGatewayId,
    brand: 'visa',
    firstSix: '411111',
    lastFour: '1111',
    holder: 'ANA P SOUZA',
    expiry: `${String(expiry.getUTCMonth() + 1).padStart(2, '0')}/${expiry.getUTCFullYear()}`,
  })
  await tx.insert(cardRecurrences).values({
    id: ids.recurrence,
    contractId: ids.contract,
    cardToken: anaRecurrenceToken,
    brand: 'visa',
    lastFour: '1111',
    updatedAt: addMonths(now, -4),
  })
  await tx.insert(paymentLinks).values([
    {
      id: ids.paymentLinks.cardSwap,
      code: demoPaymentLinks.cardSwap,
      contractId: ids.contract,
      instalmentIds: [],
      channel: 'B2C',
      src: changeCardRecurrenceSrc,
      createdAt: now,
    },
    {
      id: ids.paymentLinks.b2b,
      code: demoPaymentLinks.b2b,
      contractId: ids.contract,
      instalmentIds: [ids.instalments[4] as string],
      channel: 'B2B',
      src: 'B2B',
      createdAt: now,
    },
  ])
}

/**
 * A demo database seeded before payments existed gets their set-up once (the rest of the demo
 * data is never rewritten). Not a demo database, or already set up: nothing happens.
 */
export async function addPaymentsToEarlierDemo(tx: Database, now: Date) {
  const [model] = await tx
    .select({ id: modelContracts.id })
    .from(modelContracts)
    .where(eq(modelContracts.id, demoIds.models.familyClub))
  const [settings] = await tx.select().from(paymentSettings).limit(1)
  if (!model || settings) return
  await seedPaymentSettings(tx)
  const [ana] = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.id, demoIds.ana.contract))
  if (ana) await seedAnaPaymentLinks(tx, now)
}
