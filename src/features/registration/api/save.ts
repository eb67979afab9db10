import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError } from '../../../api/client'
import { contractKeys } from '../../../api/query-keys'
import type { Contract } from '../../../api/schemas'
import { db, type StoredContract } from '../../../offline/db'
import { sendSave } from '../../../offline/outbox'
import { toast, toastDuration } from '../../../ui/toast'
import type { Attachment } from '../components/attachments'
import type { PersonDraft } from '../components/person-form'
import { toPersonPayload } from '../logic/form'

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
    updated_at: holder.updated_at,
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
    ...(existing ? { updated_at: existing.updated_at } : {}),
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

type Save = {
  path: string
  body: unknown
  key: string
  /** Holder id, dependent id, or 'new:<key>' for a dependent still being created. */
  target: string
  /** The same change applied to the device at once, so every screen shows it right away. */
  applyLocally: (contract: StoredContract) => StoredContract
}

/**
 * One registration save (spec §7 photo-holder / add-dependent) through the outbox: the change is
 * on the device at once; online it reaches the server now, offline it waits as 'pendente'. Every
 * attempt of the same save carries the same Idempotency-Key, so a replay never writes twice.
 */
export function useRegistrationSave(contractId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    // Offline is the outbox's job: Query must not hold the save back as a paused mutation.
    networkMode: 'always',
    mutationFn: async ({ path, body, key, target, applyLocally }: Save) => {
      const sent = await sendSave(path, body, key, { contractId, target })
      if (sent.queued) {
        const stored = await db.contracts.get(contractId)
        if (stored) await db.contracts.put(applyLocally(stored))
      }
      return sent
    },
    onSuccess: async (sent) => {
      if (sent.queued) {
        toast.warning(saveMessages.queued, { duration: toastDuration.saveSuccess })
        return
      }
      toast.success(sent.message, { duration: toastDuration.saveSuccess })
      await queryClient.invalidateQueries({ queryKey: contractKeys.all })
      await queryClient.refetchQueries({ queryKey: contractKeys.detail(contractId) })
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409)
        await queryClient.refetchQueries({ queryKey: contractKeys.detail(contractId) })
      toast.error(error instanceof Error ? error.message : String(error), {
        duration: toastDuration.error,
      })
    },
  })
}
