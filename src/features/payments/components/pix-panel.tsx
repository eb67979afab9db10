import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import type { PaymentLinkData } from '../../../../contract/payments'
import { ApiError } from '../../../api/client'
import { lookup } from '../../../lib/lookup'
import { formatMoney } from '../../../lib/money'
import { Button } from '../../../ui/button'
import formStyles from '../../../ui/form.module.css'
import { toast, toastDuration } from '../../../ui/toast'
import { useSmallScreen } from '../../../ui/use-small-screen'
import { generatePix, pixStatus, verifyPix } from '../api/checkout'
import { copyCode } from '../logic/copy-code'
import { type Adjustment, pixAmount, tabLabel } from '../logic/options'
import {
  clearStoredPix,
  countdownText,
  pixMinutes,
  pixSecondsLeft,
  restorePix,
  type StoredPix,
  storePix,
} from '../logic/pix-storage'
import { PayButton } from './fields'
import styles from './payment.module.css'
import { PixQr } from './pix-qr'
import type { Submission } from './use-submission'

export const pixMessages = {
  paid: 'PIX realizado com sucesso!',
  waiting: 'Aguardando pagamento',
  copied: 'Código Pix copiado!',
  copyByHand: 'Selecione o código acima e copie.',
  howToPay:
    'Abra o app do seu banco, escolha Pix Copia e Cola (ou Pix com QR Code) e cole o código.',
  howToPayHere: 'Copie o código, abra o app do seu banco e cole em Pix Copia e Cola.',
} as const

type Props = {
  code: string
  link: PaymentLinkData
  adjustments: Adjustment[]
  submission: Submission
  online: boolean
}

/**
 * Waits between looks at the Pix's state (a cheap read of our own records): quick at first,
 * then every 5 s.
 */
const watchDelaysMs = [2_000, 3_000, 5_000]

/**
 * While a Pix is on screen, asks the server (cheaply: its own records, which the bank's
 * notification updates) where it stands, so the screen moves by itself when the bank is paid
 * — or says so when the link was paid another way, the money is going back, or time ran out.
 */
function usePixWatch(
  code: string,
  pix: StoredPix | null,
  online: boolean,
  onChange: (status: 'PAID' | 'PAID_ELSEWHERE' | 'REFUNDED' | 'EXPIRED', message?: string) => void,
) {
  const latest = useRef(onChange)
  latest.current = onChange
  useEffect(() => {
    const txid = pix ? lookup(pix.response.data, 'txid') : ''
    if (!pix || !txid || !online) return
    const controller = new AbortController()
    let timer: number | undefined
    let attempt = 0
    const look = async () => {
      try {
        const state = await pixStatus(code, txid, controller.signal)
        if (state.status !== 'WAITING') {
          latest.current(state.status, state.message)
          return
        }
      } catch {
        // No answer now: the next look will tell, or the person can verify by hand.
      }
      if (controller.signal.aborted) return
      timer = window.setTimeout(look, watchDelaysMs[Math.min(++attempt, watchDelaysMs.length - 1)])
    }
    timer = window.setTimeout(look, watchDelaysMs[0])
    return () => {
      controller.abort()
      window.clearTimeout(timer)
    }
  }, [code, pix, online])
}

/** Seconds left of the Pix on screen, ticking once a second; 0 when it has expired. */
function useSecondsLeft(pix: StoredPix | null, minutes: number) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!pix) return
    setNow(Date.now())
    const timer = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(timer)
  }, [pix])
  return pix ? pixSecondsLeft(pix.createdAt, minutes, now) : 0
}

/** Spec §4 Pix flow: not generated → QR with a mm:ss countdown → verified, or expired and reset. */
export function PixPanel({ code, link, adjustments, submission, online }: Props) {
  const navigate = useNavigate()
  const minutes = pixMinutes(link.expiration_pix)
  const [pix, setPix] = useState<StoredPix | null>(() => restorePix(code, minutes, Date.now()))
  /** What happened to a Pix that ended without this screen (paid elsewhere, refunded, expired). */
  const [ended, setEnded] = useState<{ message: string; canGenerate: boolean } | null>(null)
  const small = useSmallScreen()
  const secondsLeft = useSecondsLeft(pix, minutes)
  usePixWatch(code, pix, online, (status, message) => {
    clearStoredPix()
    setPix(null)
    if (status === 'PAID') {
      void navigate({ to: '/success', search: { message: pixMessages.paid, code } })
      return
    }
    setEnded({ message: message ?? '', canGenerate: status === 'EXPIRED' })
  })
  const codeText = useRef<HTMLTextAreaElement>(null)
  const { total, discounted } = pixAmount(link.value, adjustments)
  const offer = tabLabel(adjustments, 'PIX')

  // At zero the QR goes and the screen is back to "not generated" (spec §4).
  useEffect(() => {
    if (pix && secondsLeft === 0) {
      clearStoredPix()
      setPix(null)
    }
  }, [pix, secondsLeft])

  const generate = () =>
    submission.submit(async () => {
      const response = await generatePix(code)
      setEnded(null)
      setPix(storePix(code, response, Date.now(), minutes))
    })

  const verify = () =>
    submission.submit(async () => {
      if (!pix) return
      try {
        const { status } = await verifyPix(pix.response)
        if (status !== 'SUCCESS') {
          toast.warning(pixMessages.waiting, { duration: toastDuration.default })
          return
        }
      } catch (error) {
        if (error instanceof ApiError && error.serverMessage === pixMessages.waiting) {
          toast.warning(pixMessages.waiting, { duration: toastDuration.default })
          return
        }
        // The Pix ended another way (the link paid by other means, money going back, expired).
        if (error instanceof ApiError && (error.status === 409 || error.status === 410)) {
          clearStoredPix()
          setPix(null)
          setEnded({ message: error.message, canGenerate: error.status === 410 })
        }
        throw error
      }
      clearStoredPix()
      await navigate({ to: '/success', search: { message: pixMessages.paid, code } })
    })

  function copy() {
    if (pix) copyCode(pix.qrCode, codeText.current, pixMessages)
  }

  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function'
  const qrCode = pix && <PixQr code={pix.qrCode} label="QR Code do Pix" />

  const generating = !pix && (!ended || ended.canGenerate)

  return (
    <div className={styles.side}>
      <div className={styles.box}>
        <p className={styles.amount}>
          <span>Valor pagando via PIX</span>
          <span className={styles.amountFigures}>
            {discounted && (
              <span>
                <span className="visually-hidden">Valor original </span>
                <s>{formatMoney(link.value)}</s>
              </span>
            )}
            <strong>{formatMoney(total)}</strong>
            {offer && <span className={styles.offer}>{offer}</span>}
          </span>
        </p>
        {pix ? (
          <div className={styles.qr}>
            {/* What the screen waits for, a line that moves as Pix Automático's (audit 14: a
                bare countdown, though the steps promise the confirmation by itself). */}
            <p className={styles.waiting}>
              <span className={styles.waitingDot} aria-hidden="true" />
              <span>
                <strong>Aguardando pagamento</strong> ·{' '}
                <span role="timer" aria-label="Tempo para pagar">
                  Expira em <strong>{countdownText(secondsLeft)}</strong>
                </span>
              </span>
            </p>
            {/* On a phone the QR is on the same screen as the bank's app that would read it: the
                code to copy leads, and the QR waits below for another device's camera. */}
            {!small && qrCode}
            <p className={styles.howTo}>
              {small ? pixMessages.howToPayHere : pixMessages.howToPay}
            </p>
            {small && (
              <Button block onClick={copy}>
                Copiar código
              </Button>
            )}
            <label className={`${formStyles.field} ${styles.full}`}>
              Pix copia e cola
              <textarea ref={codeText} className={styles.code} readOnly value={pix.qrCode} />
            </label>
            {/* The one filled action, the column's width, as every tab's (audit 13: a 148 px
                pill above a wider outlined button). */}
            {!small && (
              <Button block onClick={copy}>
                Copiar código
              </Button>
            )}
            {canShare && (
              <Button
                block
                variant="secondary"
                onClick={() =>
                  void navigator
                    .share({ title: 'Pix copia e cola', text: pix.qrCode })
                    .catch(() => {
                      // Closing the share sheet is not an error.
                    })
                }
              >
                Compartilhar
              </Button>
            )}
            <Button
              block
              // The screen follows the bank by itself: checking by hand is never the main action.
              variant="secondary"
              onClick={() => void verify()}
              disabled={!online}
            >
              Verificar pagamento
            </Button>
            {small && (
              <div className={styles.otherDevice}>
                <p>Ou leia o QR Code com outro celular:</p>
                {qrCode}
              </div>
            )}
          </div>
        ) : (
          <>
            {ended && (
              <p className={styles.ended} role="alert">
                {ended.message}
              </p>
            )}
            {generating && (
              <ol className={styles.steps} aria-label="Como funciona">
                <li>O QR Code e o código copia e cola aparecem aqui.</li>
                <li>Você paga no app do seu banco em até {minutes} minutos.</li>
                <li>A confirmação aparece nesta tela sozinha, em segundos.</li>
              </ol>
            )}
          </>
        )}
      </div>
      {/* Under the panel, as every tab's main action (audit 13). */}
      {generating && (
        <PayButton online={online} busy={false} onClick={() => void generate()}>
          Gerar Pix
        </PayButton>
      )}
    </div>
  )
}
