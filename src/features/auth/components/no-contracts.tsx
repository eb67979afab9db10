import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import type { DeliveryChannel } from '../../../../contract/auth'
import { signOut } from '../../../offline/sign-out'
import { Button } from '../../../ui/button'
import { SupportContact } from '../../../ui/support-contact'
import { Svg } from '../../../ui/svg'
import { messages } from '../logic/messages'
import { authStyles as styles } from './auth-page'
import local from './verify-code.module.css'

/** This state's title: the code screen's own, over no code field, read as a dead end (audit 13). */
export const noContractsTitle = 'Nenhum contrato encontrado'

type Props = { email: string; channel: DeliveryChannel }

/**
 * Back to /login for another e-mail (or to fix this one). The session this code opened finds
 * nothing, so it ends first: kept, /login would send it on to /home, and /home to the picker.
 */
export function useAnotherEmail(channel: DeliveryChannel) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return async (email?: string) => {
    await signOut(queryClient)
    void navigate({ to: '/login', search: { email, send_to: channel } })
  }
}

/**
 * A right code that found no contract (spec §2 screen 2: "nothing happens"): what was found, for
 * which e-mail, whom to ask, and the one way on, another e-mail (issue 27, audit 13).
 */
export function NoContracts({ email, channel }: Props) {
  const anotherEmail = useAnotherEmail(channel)
  const root = useRef<HTMLDivElement>(null)
  // The code field that had the focus is gone: the focus goes to the new title, which says why.
  useEffect(() => {
    const heading = root.current?.closest('main')?.querySelector('h1')
    heading?.setAttribute('tabindex', '-1')
    heading?.focus({ preventScroll: true })
  }, [])

  return (
    <div ref={root} className={styles.form}>
      <div className={local.noContracts}>
        <span className={local.mark}>
          <Svg size={28}>
            <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
            <path d="M14 3v5h5" />
            <circle cx="11.5" cy="13.5" r="2.5" />
            <path d="m13.3 15.3 2.2 2.2" />
          </Svg>
        </span>
        <p>{keepEmailWhole(messages.noContracts)}</p>
        <p className={local.email}>{email}</p>
        <p className={styles.hint}>
          Confira se é o <span className={local.word}>e-mail</span> do seu cadastro. Se você tem um
          contrato, fale com <SupportContact />.
        </p>
      </div>
      {/* Another code would not change that; another e-mail might: the field opens empty. */}
      <Button block onClick={() => anotherEmail()}>
        Entrar com outro e-mail
      </Button>
    </div>
  )
}

/** A line may break after a hyphen: "e-" / "mail" on a desktop (audit 13). Kept on one line. */
function keepEmailWhole(text: string) {
  const [before, after] = text.split('e-mail')
  if (after === undefined) return text
  return (
    <>
      {before}
      <span className={local.word}>e-mail</span>
      {after}
    </>
  )
}
