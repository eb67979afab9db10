/**
 * Right after a code login, once: "Entrar mais rápido com a biometria do aparelho" (issue 17).
 * Shown only where the device has a platform authenticator (fingerprint, face, screen lock);
 * "Agora não" keeps it away from this device for a while (support.ts, offerPauseMs).
 */
import { useEffect, useId, useState } from 'react'
import { Button } from '../../../ui/button'
import { toast, toastDuration } from '../../../ui/toast'
import styles from './passkeys.module.css'
import { passkeyError, passkeyMessages, passkeyOffer } from './support'

export default function PasskeyOffer() {
  const [shown, setShown] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const titleId = useId()

  useEffect(() => {
    let active = true
    PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable()
      .then((available) => active && setShown(available))
      .catch(() => undefined)
    return () => {
      active = false
    }
  }, [])

  if (!shown) return null

  async function accept() {
    setBusy(true)
    setError(null)
    try {
      const { registerPasskey } = await import('./ceremony')
      const { message } = await registerPasskey()
      passkeyOffer.madeHere()
      setShown(false)
      toast.success(message, { duration: toastDuration.loginSuccess })
    } catch (cause) {
      setError(
        passkeyError(cause, passkeyMessages.registerFailed, passkeyMessages.registerCancelled),
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={styles.offer} aria-labelledby={titleId}>
      <h2 id={titleId}>{passkeyMessages.offer}</h2>
      <p>
        Cadastre uma passkey: na próxima vez, você entra com a digital, o rosto ou o bloqueio de
        tela, sem esperar o código.
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Button busy={busy} onClick={accept}>
          Ativar
        </Button>
        <Button
          variant="text"
          onClick={() => {
            passkeyOffer.declined()
            setShown(false)
          }}
        >
          Agora não
        </Button>
      </div>
    </section>
  )
}
