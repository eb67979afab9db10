import { createFileRoute, redirect, useNavigate, useRouter } from '@tanstack/react-router'
import * as v from 'valibot'
import { AuthPage } from '../features/auth/components/auth-page'
import { VerifyCodeForm } from '../features/auth/components/verify-code-form'
import { useEnterAfterLogin } from '../features/contracts/use-enter-after-login'
import { signOut } from '../offline/sign-out'
import { IconButton } from '../ui/button'
import { ArrowBackIcon, LogoutIcon } from '../ui/icons'
import { Menu } from '../ui/menu'

export const Route = createFileRoute('/verify-code')({
  validateSearch: v.object({ email: v.optional(v.string(), '') }),
  beforeLoad: ({ search }) => {
    if (!search.email) throw redirect({ to: '/login', replace: true })
  },
  staticData: { hideBottomNav: true, backRoute: '/login' },
  component: VerifyCodeScreen,
})

function VerifyCodeScreen() {
  const { email } = Route.useSearch()
  const { queryClient } = Route.useRouteContext()
  const navigate = useNavigate()
  const router = useRouter()
  const enter = useEnterAfterLogin()

  const toolbar = (
    <>
      <IconButton label="Voltar" onClick={() => navigate({ to: '/login' })}>
        <ArrowBackIcon />
      </IconButton>
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
    </>
  )

  return (
    <AuthPage title="Inserir código de entrada" toolbar={toolbar}>
      <VerifyCodeForm email={email} onLoggedIn={enter} />
    </AuthPage>
  )
}
