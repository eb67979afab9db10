import { useNavigate } from '@tanstack/react-router'
import type { Contract, Dependent } from '../../../api/schemas'
import type { StoredContract } from '../../../offline/db'
import { usePendingTargets } from '../../../offline/outbox'
import pageStyles from '../../../ui/page.module.css'
import { useDependentTypes } from '../api/dependent-types'
import { dependentSaveBody, useRegistrationSave } from '../api/save'
import { applyDependentDraft } from '../logic/apply-locally'
import { backAfterSaveMs, isReadOnly } from '../logic/form'
import { type PersonDraft, PersonForm } from './person-form'

/** New or existing dependent (spec §2 screen 10): the holder form plus 'Tipo do dependente'. */
export function DependentScreen({
  contract,
  dependent,
}: {
  contract: Contract
  dependent: Dependent | null
}) {
  const navigate = useNavigate()
  const save = useRegistrationSave(contract.id)
  const types = useDependentTypes()
  const pending = usePendingTargets(contract.id)
  const who = dependent ? 'existingDependent' : 'newDependent'
  const back = () => void navigate({ to: '/dependents' })
  const saveOf = (draft: PersonDraft) => {
    const key = crypto.randomUUID()
    const type =
      types?.find((t) => t.id === draft.dependentTypeId) ?? dependent?.dependent_type ?? null
    return {
      path: '/client/add-dependent',
      body: dependentSaveBody(contract, draft, dependent),
      key,
      target: dependent?.id ?? `new:${key}`,
      applyLocally: (stored: StoredContract) =>
        applyDependentDraft(
          stored,
          { values: draft.values, photo: draft.photo, type },
          dependent,
          `new:${key}`,
        ),
    }
  }

  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>{dependent ? 'Dados do dependente' : 'Novo Dependente'}</h1>
      <PersonForm
        key={`${dependent?.id ?? 'new'}-${dependent?.updated_at ?? ''}-${types ? 'types' : ''}`}
        who={who}
        person={dependent?.person ?? null}
        mandatory={contract.dependent_mandatory_data}
        readOnly={isReadOnly(who, {
          holder: contract.holder?.status,
          dependent: dependent?.status,
        })}
        pending={dependent ? pending.has(dependent.id) : false}
        saving={save.isPending}
        dependentTypes={types ?? []}
        dependentTypeId={dependent?.dependent_type?.id ?? null}
        onSave={(draft) =>
          save.mutate(saveOf(draft), { onSuccess: () => setTimeout(back, backAfterSaveMs) })
        }
        onLeave={back}
      />
    </div>
  )
}
