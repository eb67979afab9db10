/**
 * "Entrar com passkey" on /login (issue 17): loaded beside the login screen, never in its first
 * view; the WebAuthn library itself only on a click, or after the first paint where the browser
 * offers passkeys in the e-mail field's autofill (conditional UI). The code login stays as it is.
 */
import { useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { Button } from '../../../ui/button'
import { authStyles as styles } from '../components/auth-page'
import { messages } from '../logic/messages'
import { passkeyError, passkeyMessages } from './support'

// Both on demand: this module rides beside /login, so its own imports stay few.
const ceremony = () => import('./ceremony')
const entering = () => import('../../contracts/use-enter-after-login')

export default function PasskeyLogin() {
  // What the code login's screen gets from hooks, taken from the router: fewer imports here.
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)

  async function entered(token: string) {
    const { enterAfterLogin } = await entering()
    const { queryClient } = router.options.context
    const navigate = router.navigate as Parameters<typeof enterAfterLogin>[1]
    if (!(await enterAfterLogin(queryClient, navigate, token))) setNotice(messages.noContracts)
  }

  // Autofill: the passkeys of this site among the e-mail field's suggestions. Quiet on failure:
  // the button and the code are still there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit of /login
  useEffect(() => {
    let active = true
    const timer = setTimeout(() => {
      if (!navigator.onLine) return
      ceremony()
        .then(async (module) => {
          if (!active || !(await module.autofillAvailable())) return
          const token = await module.loginWithPasskey({ autofill: true })
          if (active) await entered(token)
        })
        .catch(() => undefined)
    }, 0)
    return () => {
      active = false
      clearTimeout(timer)
      ceremony()
        .then((module) => module.cancelPasskeyPrompt())
        .catch(() => undefined)
    }
  }, [])

  async function signIn() {
    setError(null)
    setNotice(null)
    if (!navigator.onLine) {
      setError(passkeyMessages.needsNetwork)
      return
    }
    setBusy(true)
    try {
      // Not precached: with no signal it cannot load, and the login could not happen anyway.
      const module = await ceremony().catch(() => null)
      if (!module) {
        setError(passkeyMessages.needsNetwork)
        return
      }
      await entered(await module.loginWithPasskey())
    } catch (cause) {
      setError(passkeyError(cause, passkeyMessages.failed, passkeyMessages.cancelled))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={styles.form}>
      <p className={styles.hint}>Ou, se já cadastrou uma passkey neste aparelho:</p>
      <Button variant="secondary" block busy={busy} onClick={signIn}>
        Entrar com passkey
      </Button>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className={styles.info} role="status">
          {notice}
        </p>
      )}
    </div>
  )
}
