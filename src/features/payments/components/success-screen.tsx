import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { instalmentKeys } from '../../../api/query-keys'
import { session } from '../../../api/session'
import { isTokenValid } from '../../../lib/jwt'
import buttonStyles from '../../../ui/button.module.css'
import styles from './payment.module.css'

const defaults = { title: 'Tudo certo!', text: 'Pagamento realizado com sucesso!' } as const

/**
 * Spec §2 screen 15. The way back to the payments list shows only to a holder whose stored token
 * is still a valid JWT (the link may have been opened by someone else, logged out).
 */
export function SuccessScreen({ title, text }: { title?: string; text?: string }) {
  const queryClient = useQueryClient()
  const loggedIn = isTokenValid(session.token(), Date.now())

  // What was just paid must show as paid when the holder goes back to the list.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: instalmentKeys.all })
  }, [queryClient])

  return (
    <section className={styles.success}>
      <svg width="72" height="72" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
        <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.2 14.2-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4-7 7Z" />
      </svg>
      <h1>{title || defaults.title}</h1>
      <p>{text || defaults.text}</p>
      {loggedIn && (
        <Link to="/search" className={[buttonStyles.button, buttonStyles.primary].join(' ')}>
          Voltar para Pagamentos
        </Link>
      )}
    </section>
  )
}
