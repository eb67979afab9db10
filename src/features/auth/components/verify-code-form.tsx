import { Link } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import type { DeliveryChannel } from '../../../../contract/auth'
import { Button } from '../../../ui/button'
import buttonStyles from '../../../ui/button.module.css'
import { toast, toastDuration } from '../../../ui/toast'
import { dismissToasts } from '../../../ui/toast-dismiss'
import { useLogin } from '../api/login'
import { useGenerateCode } from '../api/use-generate-code'
import {
  codeRequestError,
  guidance,
  loginError,
  loginGuidance,
  resendCooldownSeconds,
  resendLabel,
  waitAsked,
} from '../logic/messages'
import { authStyles as styles } from './auth-page'
import local from './verify-code.module.css'

export const codeLength = 6

type Props = {
  email: string
  /** Where the code went: a new one goes the same way. */
  channel: DeliveryChannel
  /** Stores the session and routes on; resolves false when the holder has no contract. */
  onLoggedIn: (token: string) => Promise<boolean>
  /** The code was right and found no contract: the screen becomes that state's (no-contracts.tsx). */
  onNoContracts: () => void
}

/** Seconds left until `until` (a time in ms), ticking once a second while above zero. */
function useSecondsLeft(until: number) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    setNow(Date.now())
    if (until <= Date.now()) return
    const timer = setInterval(() => {
      setNow(Date.now())
      if (Date.now() >= until) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [until])
  return Math.max(0, Math.ceil((until - now) / 1000))
}

export function VerifyCodeForm({ email, channel, onLoggedIn, onNoContracts }: Props) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [hint, setHint] = useState<string | null>(null)
  const [entering, setEntering] = useState(false)
  // The code was just sent when this screen opens: another one is offered after a short wait,
  // or after whatever wait the server asked for (429 Retry-After).
  const [resendAt, setResendAt] = useState(() => Date.now() + resendCooldownSeconds * 1000)
  const [blockedUntil, setBlockedUntil] = useState(0)
  const resendIn = useSecondsLeft(resendAt)
  const blockedFor = useSecondsLeft(blockedUntil)
  const input = useRef<HTMLInputElement>(null)
  const login = useLogin()
  const resend = useGenerateCode()
  const errorId = useId()
  const hintId = useId()
  const guideId = useId()
  const codeId = useId()
  const busy = login.isPending || entering
  const blocked = blockedFor > 0

  function submit(value: string) {
    if (value.length !== codeLength || busy || blocked) return
    setError(null)
    setHint(null)
    login.mutate(
      { email, code: value },
      {
        onSuccess: async ({ token }) => {
          setEntering(true)
          try {
            if (!(await onLoggedIn(token))) {
              // The "code sent" toast beside "no contract" read as a contradiction (audit 7).
              dismissToasts()
              onNoContracts()
            }
          } catch (cause) {
            setError(cause instanceof Error ? cause.message : String(cause))
          } finally {
            setEntering(false)
          }
        },
        onError: (cause) => {
          // The "code sent" toast would sit over the refusal and say the opposite.
          dismissToasts()
          setError(loginError(cause))
          setHint(loginGuidance(cause))
          const wait = waitAsked(cause)
          if (wait) {
            // Tries are refused until then: a new code could not be tried either.
            const until = Date.now() + wait * 1000
            setBlockedUntil(until)
            setResendAt((current) => Math.max(current, until))
          }
          setCode('')
          input.current?.focus()
        },
      },
    )
  }

  function requestAnother() {
    if (resendIn > 0 || resend.isPending) return
    resend.mutate(
      { email, send_to: channel },
      {
        onSuccess: ({ message }) => {
          toast.success(message, { duration: toastDuration.loginSuccess })
          setError(null)
          setHint(null)
          setBlockedUntil(0)
          setCode('')
          setResendAt(Date.now() + resendCooldownSeconds * 1000)
          input.current?.focus()
        },
        onError: (cause) => {
          setError(codeRequestError(cause))
          const wait = waitAsked(cause)
          setHint(wait ? guidance.tooManyRequests : null)
          if (wait) setResendAt(Date.now() + wait * 1000)
        },
      },
    )
  }

  const describedBy = [error && errorId, error && hint && guideId, !error && hintId]
    .filter(Boolean)
    .join(' ')

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit(code)
      }}
    >
      {/* Where the code went, as text (spec §2: the e-mail shown read-only), not a greyed box
          that looks like a field refusing a tap (audit 13); the link changes it. */}
      <div className={styles.field}>
        <p className={local.sentTo}>
          {channel === 'email'
            ? 'Código enviado para '
            : 'Código enviado para o WhatsApp cadastrado com '}
          <strong>{email}</strong>
        </p>
        <Link
          to="/login"
          search={{ email, send_to: channel }}
          className={`${buttonStyles.button} ${buttonStyles.text} ${local.change}`}
        >
          Usar outro e-mail
        </Link>
      </div>
      <div className={styles.field}>
        <label htmlFor={codeId}>Código de entrada</label>
        {/* One real input (paste, SMS autofill and screen readers see one field of six digits),
            drawn as six boxes that show the digits typed so far (audit 10). */}
        <div className={styles.codeCells}>
          <input
            id={codeId}
            ref={input}
            className={styles.code}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={codeLength}
            // biome-ignore lint/a11y/noAutofocus: the code is the only thing to do on this screen
            autoFocus
            value={code}
            readOnly={busy || blocked}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              // Digits only, and the form submits itself as soon as all six are there (spec §5).
              const digits = event.target.value.replace(/\D/g, '').slice(0, codeLength)
              setCode(digits)
              if (digits.length === codeLength) submit(digits)
            }}
          />
          {Array.from({ length: codeLength }, (_, at) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes are fixed places
              key={at}
              aria-hidden="true"
              data-next={at === Math.min(code.length, codeLength - 1) || undefined}
            >
              {code[at]}
            </span>
          ))}
        </div>
        {/* A refusal's box says what to do instead. */}
        {!error && (
          <p id={hintId} className={styles.hint}>
            Digite os 6 números que enviamos para você.
          </p>
        )}
      </div>
      {/* What went wrong and what to do, in one box (audit 8 read the refusal three times). */}
      {error && (
        <div className={styles.error}>
          <p id={errorId} role="alert" style={{ margin: 0 }}>
            {error}
          </p>
          {hint && (
            <p
              id={guideId}
              className={styles.hint}
              style={{ marginTop: 4, color: 'inherit', fontWeight: 400 }}
            >
              {hint}
            </p>
          )}
        </div>
      )}
      {busy && (
        <p className={styles.hint} role="status">
          <span
            className={buttonStyles.spinner}
            style={{ display: 'inline-block', verticalAlign: 'middle', marginInlineEnd: 8 }}
            aria-hidden="true"
          />
          Entrando…
        </p>
      )}
      <Button
        variant="secondary"
        block
        busy={resend.isPending}
        disabled={resendIn > 0}
        onClick={requestAnother}
      >
        {resendLabel(resendIn)}
      </Button>
    </form>
  )
}
