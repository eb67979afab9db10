import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { signOut } from '../../../offline/sign-out'
import { LogoutIcon } from '../../../ui/icons'
import { Menu } from '../../../ui/menu'

/** The menu with 'Sair' (spec §2): wipes the session and the device's data, then opens /login. */
export function SignOutMenu() {
  const queryClient = useQueryClient()
  const router = useRouter()
  return (
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
}
