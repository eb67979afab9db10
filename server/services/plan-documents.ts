/**
 * A plan's documents as the provider's integration API writes them (issue 25, decision 019):
 * what holders open from "Documentos gerais" (spec §12) on every contract of the plan. Each is
 * found by the plan's `externalId` and its own; the bytes are checked to be what `contentType`
 * says, so a holder never downloads a "PDF" that is something else. A write moves the versions
 * of the plan's contracts (migration 0017), so the holder's next read shows it.
 */
import { and, asc, eq } from 'drizzle-orm'
import type { PlanDocument, PlanDocumentUpsert } from '../../contract/integration'
import type { Database } from '../db/client'
import { modelContractDocuments, modelContracts } from '../db/schema'
import { ProblemError } from '../http/integration'
import { sameValues, type Upserted, upsertRetrying } from './upserts'

type Row = typeof modelContractDocuments.$inferSelect

export const planDocumentMessages = {
  planNotFound: 'Nenhum plano com este externalId.',
  notFound: 'Nenhum documento com este externalId neste plano.',
  notThatType: (type: string) =>
    `O conteúdo enviado não é ${type === 'application/pdf' ? 'um PDF' : type === 'image/png' ? 'uma imagem PNG' : 'uma imagem JPEG'}: confira contentType e o arquivo.`,
} as const

/** The first bytes of each type, as base64 starts. */
const signatures: Record<string, string> = {
  'application/pdf': 'JVBERi0', // %PDF-
  'image/png': 'iVBORw0KGgo',
  'image/jpeg': '/9j/',
}

const sizeOf = (base64: string) =>
  Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0)

const toDocument = (row: Row, planExternalId: string): PlanDocument => ({
  id: row.id,
  externalId: row.externalId,
  planExternalId,
  name: row.name,
  contentType: row.contentType,
  size: sizeOf(row.contentBase64 ?? ''),
  updatedAt: row.updatedAt.toISOString(),
})

async function planNamed(db: Database, externalId: string) {
  const [plan] = await db
    .select({ id: modelContracts.id })
    .from(modelContracts)
    .where(eq(modelContracts.externalId, externalId))
  if (!plan) throw new ProblemError(404, planDocumentMessages.planNotFound)
  return plan
}

export async function listPlanDocuments(db: Database, planExternalId: string) {
  const plan = await planNamed(db, planExternalId)
  const rows = await db
    .select()
    .from(modelContractDocuments)
    .where(eq(modelContractDocuments.modelContractId, plan.id))
    .orderBy(asc(modelContractDocuments.name), asc(modelContractDocuments.id))
  return { data: rows.map((row) => toDocument(row, planExternalId)) }
}

/** Creates or replaces the plan's document the provider knows as `externalId`. */
export function upsertPlanDocument(
  db: Database,
  planExternalId: string,
  externalId: string,
  input: PlanDocumentUpsert,
  now: Date,
): Promise<Upserted<PlanDocument>> {
  if (!input.contentBase64.startsWith(signatures[input.contentType] ?? ''))
    throw new ProblemError(422, planDocumentMessages.notThatType(input.contentType), [
      {
        path: 'body.contentBase64',
        code: 'content_type_mismatch',
        message: planDocumentMessages.notThatType(input.contentType),
      },
    ])
  const values = {
    name: input.name,
    contentType: input.contentType,
    contentBase64: input.contentBase64,
  }
  return upsertRetrying(() =>
    db.transaction(async (tx): Promise<Upserted<PlanDocument> | 'lost'> => {
      const plan = await planNamed(tx, planExternalId)
      const [stored] = await tx
        .select()
        .from(modelContractDocuments)
        .where(
          and(
            eq(modelContractDocuments.modelContractId, plan.id),
            eq(modelContractDocuments.externalId, externalId),
          ),
        )
        .for('update')
      if (stored) {
        if (sameValues(stored, values))
          return { outcome: 'unchanged', item: toDocument(stored, planExternalId) }
        const [row] = await tx
          .update(modelContractDocuments)
          .set({ ...values, updatedAt: now })
          .where(eq(modelContractDocuments.id, stored.id))
          .returning()
        return { outcome: 'updated', item: toDocument(row as Row, planExternalId) }
      }
      const [created] = await tx
        .insert(modelContractDocuments)
        .values({ ...values, modelContractId: plan.id, externalId, updatedAt: now })
        .onConflictDoNothing({
          target: [modelContractDocuments.modelContractId, modelContractDocuments.externalId],
        })
        .returning()
      return created ? { outcome: 'created', item: toDocument(created, planExternalId) } : 'lost'
    }),
  )
}

export async function deletePlanDocument(db: Database, planExternalId: string, externalId: string) {
  const plan = await planNamed(db, planExternalId)
  const [gone] = await db
    .delete(modelContractDocuments)
    .where(
      and(
        eq(modelContractDocuments.modelContractId, plan.id),
        eq(modelContractDocuments.externalId, externalId),
      ),
    )
    .returning({ id: modelContractDocuments.id })
  if (!gone) throw new ProblemError(404, planDocumentMessages.notFound)
}
