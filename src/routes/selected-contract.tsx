import { createFileRoute, useRouter } from '@tanstack/react-router'
import { ContractPicker } from '../features/contracts/components/contract-picker'
import { signOut } from '../offline/sign-out'
import { LogoutIcon } from '../ui/icons'
import { Menu } from '../ui/menu'
import { Shell } from '../ui/shell'

export const Route = createFileRoute('/selected-contract')({
  staticData: { hideBottomNav: true },
  component: SelectedContractScreen,
})

function SelectedContractScreen() {
  const { queryClient } = Route.useRouteContext()
  const router = useRouter()
  const menu = (
    <Menu
      items={[
        {
          label: 'Sair',
          icon: <LogoutIcon />,
          onSelect: async () => {
            await signOut(queryClient)
            void router.navigate({ to: '/login' })
          },
        },
      ]}
    />
  )
  return (
    <Shell end={menu}>
      <ContractPicker />
    </Shell>
  )
}
