import { useId, useRef, useState } from 'react'
import { useLogin } from '../api/login'
import { loginError, messages } from '../logic/messages'
import { authStyles as styles } from './auth-page'

export const codeLength = 6

type Props = {
  email: string
  /** Stores the session and routes on; resolves false when the holder has no contract. */
  onLoggedIn: (token: string) => Promise<boolean>
}

export function VerifyCodeForm({ email, onLoggedIn }: Props) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [entering, setEntering] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const login = useLogin()
  const errorId = useId()
  const hintId = useId()
  const codeId = useId()
  const busy = login.isPending || entering

  function submit(value: string) {
    if (value.length !== codeLength || busy) return
    setError(null)
    setNotice(null)
    login.mutate(
      { email, code: value },
      {
        onSuccess: async ({ token }) => {
          setEntering(true)
          try {
            if (!(await onLoggedIn(token))) setNotice(messages.noContracts)
          } catch (cause) {
            setError(cause instanceof Error ? cause.message : String(cause))
          } finally {
            setEntering(false)
          }
        },
        onError: (cause) => {
          setError(loginError(cause))
          setCode('')
          input.current?.focus()
        },
      },
    )
  }

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit(code)
      }}
    >
      <label className={styles.field}>
        E-mail
        <input className={styles.input} type="email" value={email} readOnly />
      </label>
      <div className={styles.field}>
        <label htmlFor={codeId}>Código de entrada</label>
        <input
          id={codeId}
          ref={input}
          className={`${styles.input} ${styles.code}`}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={codeLength}
          // biome-ignore lint/a11y/noAutofocus: the code is the only thing to do on this screen
          autoFocus
          value={code}
          readOnly={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => {
            // Digits only, and the form submits itself as soon as all six are there (spec §5).
            const digits = event.target.value.replace(/\D/g, '').slice(0, codeLength)
            setCode(digits)
            if (digits.length === codeLength) submit(digits)
          }}
        />
        <p id={hintId} className={styles.hint}>
          Digite os 6 números que enviamos para você.
        </p>
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className={styles.info} role="status">
          {notice}
        </p>
      )}
      {busy && (
        <p className={styles.hint} role="status">
          Entrando…
        </p>
      )}
    </form>
  )
}
