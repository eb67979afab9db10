import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useContract } from '../../features/contracts/api/contract'
import { holderSaveBody, useRegistrationSave } from '../../features/registration/api/save'
import { PersonForm, unsentDraft } from '../../features/registration/components/person-form'
import { holderChange } from '../../features/registration/logic/apply-locally'
import { isReadOnly } from '../../features/registration/logic/form'
import { discardSave, useOutboxMarks } from '../../offline/outbox'
import pageStyles from '../../ui/page.module.css'

export const Route = createFileRoute('/_app/holder')({
  staticData: { backRoute: '/home' },
  component: HolderScreen,
})

function HolderScreen() {
  const { contractId } = Route.useRouteContext()
  const { contract } = useContract(contractId)
  const navigate = useNavigate()
  const save = useRegistrationSave(contractId, () => void navigate({ to: '/home' }))
  const marks = useOutboxMarks(contractId)
  if (!contract?.holder) return null
  const holder = contract.holder
  const mark = marks.get(holder.id)

  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>Meu cadastro</h1>
      <PersonForm
        // A save that lost to a newer version, or a refusal, reloads the form.
        key={`${mark?.key ?? ''}-${save.generation}`}
        version={holder.updated_at}
        who="holder"
        person={holder.person}
        mandatory={contract.holder_mandatory_data}
        readOnly={isReadOnly('holder', { contract: contract.status })}
        pending={mark?.state === 'pending'}
        unsent={unsentDraft(mark, () => void discardSave(mark?.key ?? ''))}
        draft={save.retained}
        conflict={save.conflict}
        saving={save.saving}
        onSave={(draft) =>
          void save.save({
            operation: 'saveHolder',
            target: holder.id,
            draft,
            build: (current, sent) => ({
              body: holderSaveBody(current, sent),
              change: holderChange(current, sent.values, sent.photo),
            }),
          })
        }
        onLeave={() => void navigate({ to: '/home' })}
      />
    </div>
  )
}
