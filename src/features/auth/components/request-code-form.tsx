import { useEffect, useId, useRef, useState } from 'react'
import * as v from 'valibot'
import type { DeliveryChannel } from '../../../../contract/auth'
import { emailField } from '../../../../contract/http'
import { typedBeforeStart } from '../../../page-data'
import { Button } from '../../../ui/button'
import { ChatIcon, MailIcon } from '../../../ui/contact-icons'
import { toast, toastDuration } from '../../../ui/toast'
import { generateCode } from '../api/generate-code'
import { codeRequestError } from '../logic/messages'
import { authStyles as styles } from './auth-page'

/** Spec §2 screen 1 and §9: after the toast, the verify screen opens 1.5 s later. */
export const redirectDelayMs = 1500

type Props = {
  onCodeSent: (email: string, channel: DeliveryChannel) => void
  /** What was typed before, when the person comes back from the verify screen. */
  initialEmail?: string
  initialChannel?: DeliveryChannel
}

export function RequestCodeForm({ onCodeSent, initialEmail = '', initialChannel }: Props) {
  // Typed into the server's HTML before the script ran: kept (src/page-data.ts).
  const [email, setEmail] = useState(() => initialEmail || (typedBeforeStart('email') ?? ''))
  const [channel, setChannel] = useState<DeliveryChannel>(
    () => initialChannel ?? (typedBeforeStart('send_to') === 'cellphone' ? 'cellphone' : 'email'),
  )
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [leaving, setLeaving] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const [pending, setPending] = useState(false)
  const errorId = useId()
  const hintId = useId()
  const inputId = useId()

  useEffect(() => () => clearTimeout(timer.current), [])

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const parsed = v.safeParse(emailField, email)
    if (!parsed.success) {
      setFieldError(parsed.issues[0].message)
      return
    }
    setFieldError(null)
    setPending(true)
    // A refusal by the contract's schema throws before any request: caught the same way.
    Promise.resolve()
      .then(() => generateCode({ email: parsed.output, send_to: channel }))
      .then(
        ({ message }) => {
          setPending(false)
          toast.success(message, { duration: toastDuration.loginSuccess })
          setLeaving(true)
          timer.current = setTimeout(() => onCodeSent(parsed.output, channel), redirectDelayMs)
        },
        (error: unknown) => {
          setPending(false)
          toast.error(codeRequestError(error), { duration: toastDuration.error })
        },
      )
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <fieldset className={styles.choices}>
        <legend>Receber o código por</legend>
        <label className={styles.choice}>
          <input
            type="radio"
            name="send_to"
            value="email"
            checked={channel === 'email'}
            onChange={() => setChannel('email')}
          />
          <MailIcon />
          E-mail
        </label>
        <label className={styles.choice}>
          <input
            type="radio"
            name="send_to"
            value="cellphone"
            checked={channel === 'cellphone'}
            onChange={() => setChannel('cellphone')}
          />
          <ChatIcon />
          WhatsApp
        </label>
      </fieldset>

      <div className={styles.field}>
        <label htmlFor={inputId}>E-mail</label>
        <input
          id={inputId}
          className={styles.input}
          type="email"
          name="email"
          autoComplete="username webauthn"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="seuemail@exemplo.com.br"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${errorId} ${hintId}` : hintId}
        />
        {fieldError && (
          <p id={errorId} className={styles.fieldError} role="alert">
            {fieldError}
          </p>
        )}
        <p id={hintId} className={styles.hint}>
          {channel === 'email'
            ? 'Enviaremos o código para este e-mail.'
            : 'Enviaremos o código para o WhatsApp cadastrado neste e-mail.'}
        </p>
      </div>

      <Button type="submit" block busy={pending} disabled={leaving}>
        Enviar Código
      </Button>
    </form>
  )
}
