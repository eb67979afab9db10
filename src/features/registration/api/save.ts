import { useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { Contract } from '../../../../contract/contracts'
import type { QueuedInput, QueuedOperation } from '../../../../contract/queued'
import { ApiError } from '../../../api/client'
import { contractKeys } from '../../../api/query-keys'
import { withChange } from '../../../offline/contract-store'
import { db, type LocalChange, type StoredContract } from '../../../offline/db'
import { type Save, sendSave } from '../../../offline/outbox'
import { toast, toastDuration } from '../../../ui/toast'
import type { Attachment } from '../components/attachments'
import type { PersonDraft } from '../components/person-form'
import { backAfterSaveMs, toPersonPayload } from '../logic/form'

/** Spec §5: new attachments go with their content, existing ones by id only. */
const filesPayload = (attachments: Attachment[]) =>
  attachments.map((file) =>
    file.id
      ? { id: file.id }
      : {
          name: file.name,
          content_type: file.content_type,
          file_attachment: { base_64: file.base_64 ?? '' },
        },
  )

const photoPayload = (photo: string | null) => (photo ? { photo: { base_64: photo } } : {})

function personPayload(
  draft: PersonDraft,
  person: Contract['dependents'][number]['person'] | null,
) {
  return {
    ...toPersonPayload(draft.values, {
      id: person?.id,
      documents: person?.documents.id,
      phone: person?.phone.id,
      address: person?.address.id,
    }),
    files_attached: filesPayload(draft.attachments),
  }
}

export function holderSaveBody(contract: Contract, draft: PersonDraft) {
  const holder = contract.holder
  if (!holder) throw new Error('contrato sem titular')
  return {
    contract_id: contract.id,
    updated_at: draft.version ?? holder.updated_at,
    holder: {
      id: holder.id,
      person_id: holder.person.id,
      person: personPayload(draft, holder.person),
    },
    ...photoPayload(draft.photo),
  }
}

export function dependentSaveBody(
  contract: Contract,
  draft: PersonDraft,
  existing: Contract['dependents'][number] | null,
) {
  const typeId = draft.dependentTypeId ?? existing?.dependent_type?.id ?? ''
  return {
    contract_id: contract.id,
    ...(existing ? { updated_at: draft.version ?? existing.updated_at } : {}),
    dependent: {
      ...(existing
        ? { id: existing.id, person_id: existing.person.id, status: existing.status }
        : {}),
      dependent_type: { id: typeId },
      dependent_type_id: typeId,
      person: personPayload(draft, existing?.person ?? null),
    },
    ...photoPayload(draft.photo),
  }
}

export const saveMessages = {
  queued:
    'Sem conexão: a alteração ficou salva no aparelho como pendente e será enviada quando a internet voltar.',
} as const

/** A new dependent's id on the device until the server gives it one. */
export const temporaryDependentId = (key: string) => `new:${key}`
export const isTemporaryId = (id: string) => id.startsWith('new:')

declare module '../../../offline/db' {
  /** Both registration saves keep the form as it was: a refused one opens again with it. */
  interface QueuedDrafts {
    saveHolder: PersonDraft
    addDependent: PersonDraft
  }
}

/**
 * One registration save: which queued write it is (contract/queued.ts), whose request schema
 * checks the body before it leaves; a body of the other write does not compile.
 */
export type SaveRequest<O extends QueuedOperation = QueuedOperation> = {
  operation: O
  /** Holder id, dependent id, or a temporary id for a dependent the server does not know yet. */
  target: string
  draft: PersonDraft
  /**
   * The request body and how the save shows on the device while it waits, built from the
   * contract as the device knows it at send time: a re-send after a conflict carries the
   * version just read.
   */
  build: (
    contract: StoredContract,
    draft: PersonDraft,
  ) => { body: QueuedInput<O>; change: LocalChange }
}

/** Spoken when the server answers 409: the data changed elsewhere since the form opened. */
export const conflictMessages = {
  title: 'Os dados foram alterados em outro aparelho.',
  text: 'Escolha o que fazer com as alterações deste formulário:',
  reload: 'Recarregar os dados atuais',
  keep: 'Manter minhas alterações e salvar de novo',
} as const

/**
 * One registration form's saves (spec §7 photo-holder / add-dependent) through the outbox. The
 * form has one Idempotency-Key for as long as its save has not been answered, so a double tap,
 * a retry after a dropped connection or a replay never writes twice; a refusal gives the next
 * attempt a new key (the server keeps its answer per key). After a save the form is done:
 * 'Salvar' stays off until `onDone` has taken the person back (spec §4: after 1.5 s).
 *
 * A 409 (the data changed on another device since the form opened) leaves the choice to the
 * person: `reload` shows the server's data, `keepMine` reads the current version and sends the
 * same draft again on top of it. `retained` is that draft, for the form to open with while the
 * newer version reloads it; `generation` changes on every reload the person asked for.
 */
export function useRegistrationSave(contractId: string, onDone: () => void) {
  const queryClient = useQueryClient()
  const [key, setKey] = useState(() => crypto.randomUUID())
  const busy = useRef(false)
  const [saving, setSaving] = useState(false)
  const [conflict, setConflict] = useState<SaveRequest | null>(null)
  const [retained, setRetained] = useState<PersonDraft | null>(null)
  const [generation, setGeneration] = useState(0)

  const refetchContract = () =>
    queryClient.refetchQueries({ queryKey: contractKeys.detail(contractId) })

  async function save<O extends QueuedOperation>(request: SaveRequest<O>) {
    if (busy.current) return
    busy.current = true
    setSaving(true)
    try {
      const contract = await db.contracts.get(contractId)
      if (!contract) throw new ApiError(404, 'Contrato não encontrado no aparelho.', null)
      const { operation, target, draft } = request
      // The outbox checks the body against the operation's request schema before keeping it.
      const { body, change } = request.build(contract, draft)
      // One request's operation and body: TypeScript cannot relate them once O is a union.
      const row = { key, contractId, target, operation, input: body, draft, change } as Save
      const sent = await sendSave(row)
      if (sent.outcome === 'pending') {
        const stored = await db.contracts.get(contractId)
        if (stored) await db.contracts.put(withChange(stored, change))
        // An ended session has its own toast and takes the person to the login.
        if (sent.reason === 'session') return
        toast.warning(saveMessages.queued, { duration: toastDuration.saveSuccess })
      } else {
        toast.success(sent.message, { duration: toastDuration.saveSuccess })
        await queryClient.invalidateQueries({ queryKey: contractKeys.detail(contractId) })
      }
      setTimeout(onDone, backAfterSaveMs)
    } catch (error) {
      busy.current = false
      setSaving(false)
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        setKey(crypto.randomUUID())
      // Lost to a newer version: the form stays as it is, with both ways out (conflictMessages).
      if (error instanceof ApiError && error.status === 409) {
        setConflict(request)
        return
      }
      toast.error(error instanceof Error ? error.message : String(error), {
        duration: toastDuration.error,
      })
    }
  }

  /** The server's data replaces the form's (the edits are dropped). */
  async function reload() {
    setConflict(null)
    setRetained(null)
    await refetchContract()
    setGeneration((count) => count + 1)
  }

  /** The edits stay and go again on top of the version the server has now. */
  async function keepMine() {
    if (!conflict) return
    const { version: _, ...draft } = conflict.draft
    const request = { ...conflict, draft }
    setConflict(null)
    setRetained(draft)
    await refetchContract()
    await save(request)
  }

  return {
    key,
    saving,
    save,
    retained,
    generation,
    conflict: conflict ? { reload, keepMine } : null,
  }
}
