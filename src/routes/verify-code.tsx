import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import * as v from 'valibot'
import { AuthPage } from '../features/auth/components/auth-page'
import { SignOutMenu } from '../features/auth/components/sign-out-menu'
import { VerifyCodeForm } from '../features/auth/components/verify-code-form'
import { useEnterAfterLogin } from '../features/contracts/use-enter-after-login'
import { IconButton } from '../ui/button'
import { ArrowBackIcon } from '../ui/icons'

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
  const navigate = useNavigate()
  const enter = useEnterAfterLogin()

  const toolbar = (
    <>
      <IconButton label="Voltar" onClick={() => navigate({ to: '/login' })}>
        <ArrowBackIcon />
      </IconButton>
      <SignOutMenu />
    </>
  )

  return (
    <AuthPage title="Inserir código de entrada" toolbar={toolbar}>
      <VerifyCodeForm email={email} onLoggedIn={enter} />
    </AuthPage>
  )
}
