import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { signOut } from '../../../offline/sign-out'
import { LogoutIcon } from '../../../ui/icons'
import { Menu, type MenuItem } from '../../../ui/menu'

/**
 * The menu with 'Sair' (spec §2), and inside the app 'Suas passkeys' (issue 17). 'Sair' wipes the
 * session and the device's data, then opens /login.
 * With registration saves not yet accepted by the server it asks first: they would go too.
 */
export function SignOutMenu({ withPasskeys = false }: { withPasskeys?: boolean }) {
  const queryClient = useQueryClient()
  const router = useRouter()
  // Inside the app, the person's passkeys (issue 17) are one item away.
  const passkeys: MenuItem[] = withPasskeys
    ? [{ label: 'Suas passkeys', onSelect: () => void router.navigate({ to: '/passkeys' }) }]
    : []
  return (
    <Menu
      items={[
        ...passkeys,
        {
          label: 'Sair',
          icon: <LogoutIcon />,
          onSelect: async () => {
            // 'Sair' deletes everything on the device, saves not yet sent included: ask first.
            const { discardOnSignOutQuestion, unsentCount } = await import(
              '../../../offline/outbox'
            )
            if ((await unsentCount()) > 0 && !window.confirm(discardOnSignOutQuestion)) return
            await signOut(queryClient)
            void router.navigate({ to: '/login' })
          },
        },
      ]}
    />
  )
}
