import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { AuthPage } from '../features/auth/components/auth-page'
import { RequestCodeForm } from '../features/auth/components/request-code-form'

export const Route = createFileRoute('/login')({
  staticData: { hideBottomNav: true },
  component: LoginScreen,
})

function LoginScreen() {
  const navigate = useNavigate()
  return (
    <AuthPage
      title="Receber código de entrada"
      subtitle="Entre sem senha: enviamos um código de 6 números para você."
    >
      <RequestCodeForm
        onCodeSent={(email) => navigate({ to: '/verify-code', search: { email } })}
      />
    </AuthPage>
  )
}
