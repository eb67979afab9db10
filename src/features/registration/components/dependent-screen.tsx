import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { Contract, Dependent } from '../../../../contract/contracts'
import { discardSave, useOutboxMarks } from '../../../offline/outbox'
import pageStyles from '../../../ui/page.module.css'
import { useDependentTypes } from '../api/dependent-types'
import {
  dependentSaveBody,
  isTemporaryId,
  temporaryDependentId,
  useRegistrationSave,
} from '../api/save'
import { dependentChange } from '../logic/apply-locally'
import { isReadOnly } from '../logic/form'
import { PersonForm, unsentDraft } from './person-form'

/**
 * New or existing dependent (spec §2 screen 10): the holder form plus 'Tipo do dependente'.
 * `target` names a new dependent the device already knows: one still waiting for the server, or
 * one the server refused; saving again replaces that save.
 */
export function DependentScreen({
  contract,
  dependent,
  target,
}: {
  contract: Contract
  dependent: Dependent | null
  target?: string
}) {
  const navigate = useNavigate()
  const back = () => void navigate({ to: '/dependents' })
  const save = useRegistrationSave(contract.id, back)
  const types = useDependentTypes()
  const marks = useOutboxMarks(contract.id)
  // A dependent only the device knows is still a new one to the server.
  const existing = dependent && !isTemporaryId(dependent.id) ? dependent : null
  const [newTarget] = useState(() => target ?? temporaryDependentId(crypto.randomUUID()))
  const saveTarget = dependent?.id ?? newTarget
  const mark = marks.get(saveTarget)
  const who = existing ? 'existingDependent' : 'newDependent'

  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>{existing ? 'Dados do dependente' : 'Novo Dependente'}</h1>
      {/* Drawn again for another save's state only: the dependent types arriving fill the
          select's options without a new form (keyed on them, a first name typed before they
          came was lost). */}
      <PersonForm
        key={`${saveTarget}-${mark?.key ?? ''}-${save.generation}`}
        version={dependent?.updated_at ?? ''}
        who={who}
        person={dependent?.person ?? null}
        mandatory={contract.dependent_mandatory_data}
        readOnly={isReadOnly(who, {
          holder: contract.holder?.status,
          dependent: existing?.status,
        })}
        pending={mark?.state === 'pending'}
        unsent={unsentDraft(mark, () => {
          void discardSave(mark?.key ?? '')
          if (!existing) back()
        })}
        draft={save.retained}
        conflict={save.conflict}
        saving={save.saving}
        dependentTypes={types ?? []}
        dependentTypeId={dependent?.dependent_type?.id ?? null}
        holder={contract.holder?.person ?? null}
        onSave={(draft) => {
          const type =
            types?.find((t) => t.id === draft.dependentTypeId) ?? dependent?.dependent_type ?? null
          void save.save({
            operation: 'addDependent',
            target: saveTarget,
            draft,
            build: (current, sent) => {
              // The dependent as the device has it now; the version sent is the form's own
              // (sent.version), or this one's when a conflict was resolved by keeping the edits.
              const now = existing
                ? (current.dependents.find((d) => d.id === existing.id) ?? existing)
                : null
              return {
                body: dependentSaveBody(current, sent, now),
                change: dependentChange(
                  { values: sent.values, photo: sent.photo, type },
                  now,
                  saveTarget,
                ),
              }
            },
          })
        }}
        onLeave={back}
      />
    </div>
  )
}
