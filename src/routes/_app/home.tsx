import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { useContract } from '../../features/contracts/api/contract'
import { Profile } from '../../features/contracts/components/profile'
import { useInstalments, useSendPaymentLink } from '../../features/payments/api/instalments'
import { DuePanel, PassShortcut } from '../../features/payments/components/due-panel'
import { useOutboxMarks } from '../../offline/outbox'
import { Skeleton } from '../../ui/skeleton'
import { useOnline } from '../../ui/use-online'

// Opened from the profile's menu: loaded then, a chunk of its own.
const ReminderPreferences = lazy(() =>
  import('../../features/reminders/components/reminder-preferences').then((module) => ({
    default: module.ReminderPreferences,
  })),
)

/**
 * /home is the profile screen (spec §2 screen 6, titled "Perfil"): the spec's URL names the file, the screen is
 * ProfileScreen. (/profile, next door, is the scheduling screen.)
 */
export const Route = createFileRoute('/_app/home')({
  staticData: { backRoute: '/selected-contract' },
  component: ProfileScreen,
})

function ProfileScreen() {
  const { contractId } = Route.useRouteContext()
  const { contract, syncing } = useContract(contractId)
  const marks = useOutboxMarks(contractId)
  const [reminders, setReminders] = useState(false)
  const { instalments, known } = useInstalments(contractId)
  const sendLink = useSendPaymentLink()
  const online = useOnline()
  // The layout only renders once the device knows the contract; this covers the first frame.
  if (!contract) return <Skeleton />
  return (
    <>
      <Profile
        contract={contract}
        syncing={syncing}
        saveState={marks.get(contract.holder?.id ?? '')?.state}
        onReminders={() => setReminders(true)}
        lead={
          <>
            <DuePanel
              instalments={known ? instalments : undefined}
              online={online}
              paying={sendLink.isPending}
              onPay={(ids) =>
                sendLink.mutate(ids, { onSuccess: (url) => window.location.assign(url) })
              }
            />
            <PassShortcut />
          </>
        }
      />
      {reminders && (
        <Suspense fallback={null}>
          <ReminderPreferences onClose={() => setReminders(false)} />
        </Suspense>
      )}
    </>
  )
}
