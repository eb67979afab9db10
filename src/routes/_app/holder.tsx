import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useContract } from '../../features/contracts/api/contract'
import { holderSaveBody, useRegistrationSave } from '../../features/registration/api/save'
import { PersonForm } from '../../features/registration/components/person-form'
import { applyHolderDraft } from '../../features/registration/logic/apply-locally'
import { backAfterSaveMs, isReadOnly } from '../../features/registration/logic/form'
import { usePendingTargets } from '../../offline/outbox'
import pageStyles from '../../ui/page.module.css'

export const Route = createFileRoute('/_app/holder')({
  staticData: { backRoute: '/home' },
  component: HolderScreen,
})

function HolderScreen() {
  const { contractId } = Route.useRouteContext()
  const { contract } = useContract(contractId)
  const save = useRegistrationSave(contractId)
  const navigate = useNavigate()
  const pending = usePendingTargets(contractId)
  if (!contract?.holder) return null

  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>Meu cadastro</h1>
      <PersonForm
        // A save that lost to a newer version reloads the server's data into a fresh form.
        key={contract.holder.updated_at}
        who="holder"
        person={contract.holder.person}
        mandatory={contract.holder_mandatory_data}
        readOnly={isReadOnly('holder', { contract: contract.status })}
        pending={pending.has(contract.holder.id)}
        saving={save.isPending}
        onSave={(draft) =>
          save.mutate(
            {
              path: '/client/photo-holder',
              body: holderSaveBody(contract, draft),
              key: crypto.randomUUID(),
              target: contract.holder?.id ?? '',
              applyLocally: (stored) => applyHolderDraft(stored, draft.values, draft.photo),
            },
            { onSuccess: () => setTimeout(() => void navigate({ to: '/home' }), backAfterSaveMs) },
          )
        }
        onLeave={() => void navigate({ to: '/home' })}
      />
    </div>
  )
}
