import { Fragment, type Ref, useEffect, useRef, useState } from 'react'
import type { RecurrenceView } from '../../../../contract/pix-automatico'
import { formatMoney } from '../../../lib/money'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/dialog'
import formStyles from '../../../ui/form.module.css'
import { Sheet } from '../../../ui/sheet'
import { toast, toastDuration } from '../../../ui/toast'
import { useSmallScreen } from '../../../ui/use-small-screen'
import {
  type EnrolVia,
  type PixAutomaticoSource,
  usePixAutomatico,
  usePixAutomaticoActions,
} from '../api/pix-automatico'
import { copyCode } from '../logic/copy-code'
import {
  bankAppName,
  endedText,
  recurrenceTerms,
  requestText,
  requestUntil,
} from '../logic/pix-automatico'
import styles from './payment.module.css'
import { PixQr } from './pix-qr'

export const pixAutomaticoMessages = {
  title: 'Pix Automático',
  what: 'Pague as parcelas sem cartão: autorize uma vez no app do seu banco e cada parcela é cobrada sozinha, alguns dias antes do vencimento.',
  offline: 'Sem conexão: o Pix Automático precisa de internet.',
  authorize: 'Autorize no app do seu banco',
  active: 'Pix Automático ativo',
  readFailed: 'Não foi possível consultar o Pix Automático.',
  // As the Pix panel's (not imported: this chunk does not carry the checkout's code).
  copied: 'Código Pix copiado!',
  copyByHand: 'Selecione o código acima e copie.',
} as const

/** The line atop Pagamentos opens the section's sheet (a window event: both are lazy). */
export const openPixAutomatico = 'pix-automatico:open'

type Props = {
  source: PixAutomaticoSource
  online: boolean
  /** Called when the bank approves the authorization asked for on this screen. */
  onApproved?: () => void
  /**
   * Cents: what is overdue costs today on Pagamentos' list, so the QR's "já paga" can say why
   * it asks less (the Pix's discount), as the list showed more (audit 8).
   */
  owedNow?: number
}

/**
 * "Débito automático via Pix" on Pagamentos (Pix Automático, decision 025): not enrolled → the
 * QR to authorize it in the holder's bank app (journey 3: it also pays what is due now), watched
 * until the bank answers → active, with its terms and the way to cancel it; refused, cancelled
 * or expired → one line, and the way to ask again. Loaded apart from the list (lazy).
 */
export default function PixAutomaticoSection({ source, online, onApproved, owedNow }: Props) {
  const { data, error, isPending } = usePixAutomatico(source)
  const view = data?.view ?? undefined
  const { enrol, cancel } = usePixAutomaticoActions(source)
  // On a payment link the holder may not be logged in: cancelling is theirs, from the portal.
  const byLink = 'linkCode' in source
  const [asking, setAsking] = useState(false)
  // On Pagamentos the section under the list is the authorization's line and a way in; its
  // whole (terms, ways, QR, Cancelar) opens in a sheet over the list, from there, from the line
  // atop the list, or when it is started on this screen (audit 11: it had opened 600 px under
  // the list, "Ver o pedido" scrolling down to it). A link's page shows it whole, in its tab.
  const [open, setOpen] = useState(false)
  const whole = byLink || open
  const heading = useRef<HTMLElement>(null)
  useEffect(() => {
    const show = () => setOpen(true)
    window.addEventListener(openPixAutomatico, show)
    return () => window.removeEventListener(openPixAutomatico, show)
  }, [])
  const status = view?.status
  // After a tap changes the state, focus goes to the state's heading (the button tapped is gone);
  // a QR swapped for a request to the bank (or back) is a new authorization, still CRIADA.
  const shownState = view ? `${view.status}:${view.idRec}` : undefined
  const moved = useRef(false)
  useEffect(() => {
    if (!moved.current || !shownState) return
    moved.current = false
    heading.current?.focus()
  }, [shownState])
  // Approved at the bank while this screen waited with its QR.
  const waited = useRef(false)
  const approved = useRef(onApproved)
  approved.current = onApproved
  useEffect(() => {
    if (status === 'CRIADA') waited.current = true
    else if (status === 'APROVADA' && waited.current) {
      waited.current = false
      approved.current?.()
    }
  }, [status])

  const failed = (failure: Error) =>
    toast.error(failure.message || pixAutomaticoMessages.readFailed, {
      duration: toastDuration.error,
    })
  const start = (via?: EnrolVia) =>
    enrol.mutate(via, {
      onSuccess: () => {
        moved.current = true
        setOpen(true)
      },
      onError: failed,
    })
  const stop = () => {
    setAsking(false)
    cancel.mutate(undefined, {
      onSuccess: () => {
        moved.current = true
      },
      onError: failed,
    })
  }
  const actionError = enrol.error ?? cancel.error
  const ended = view ? endedText(view) : null
  const showTerms = view && (status === 'CRIADA' || status === 'APROVADA')
  // Nothing left for it to charge (all paid, say), or not offered: no "Ativar". Never enrolled,
  // there is nothing to say at all; an ended one keeps its line.
  const offered = data?.canEnrol ?? true
  if (data && !data.view && !data.canEnrol) return null
  // A link's page offers it only where the server can: a failed read there says nothing.
  if (byLink && error && !view) return null

  const canStart = status !== 'CRIADA' && status !== 'APROVADA' && offered && !(isPending && online)
  const ativar = canStart && (
    <>
      {!view && <p>{pixAutomaticoMessages.what}</p>}
      <Button busy={enrol.isPending} disabled={!online} onClick={() => start()}>
        Ativar Pix Automático
      </Button>
    </>
  )

  /**
   * The state and what to do, `full` (the sheet, or the link's tab) or as the line under the
   * list. The state's heading takes the focus where the person is: the sheet, once open.
   */
  const body = (full: boolean) => {
    const headingRef = full === whole ? heading : undefined
    const autofocus = full && !byLink ? true : undefined
    return (
      <>
        {/* In its sheet only: under the list and on a link the page already says it has no
            connection (audit 15 read it three times on one screen). */}
        {!online && full && !byLink && (
          <p className={styles.note} role="status">
            {pixAutomaticoMessages.offline}
          </p>
        )}
        {error && !view && (
          <p className={styles.ended} role="alert">
            {error.message || pixAutomaticoMessages.readFailed}
          </p>
        )}
        {status === 'APROVADA' || status === 'CRIADA' ? (
          <h3 ref={headingRef as Ref<HTMLHeadingElement>} tabIndex={-1} data-autofocus={autofocus}>
            {status === 'APROVADA' ? pixAutomaticoMessages.active : pixAutomaticoMessages.authorize}
          </h3>
        ) : (
          ended && (
            <p
              ref={headingRef as Ref<HTMLParagraphElement>}
              tabIndex={-1}
              data-autofocus={autofocus}
              className={styles.ended}
            >
              {ended}
            </p>
          )
        )}
        {status === 'APROVADA' && (
          <p className={styles.howTo}>
            As parcelas são cobradas sozinhas na sua conta, alguns dias antes de cada vencimento.
          </p>
        )}
        {view && status === 'APROVADA' && !full && (
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
            Ver detalhes
          </Button>
        )}
        {/* What she authorizes first, then how: the two ways as two choices, each saying what
            it does with what is due now (the audit found them a paragraph and two look-alike
            buttons). */}
        {showTerms && full && <Terms view={view} />}
        {full &&
          view &&
          status === 'CRIADA' &&
          (view.request || (view.payerBank !== null && !byLink)) && (
            <WayChoice
              view={view}
              busy={enrol.isPending}
              online={online}
              owedNow={owedNow}
              onChoose={(via) => start(via)}
            />
          )}
        {full && view && status === 'CRIADA' && view.request && (
          <Requested
            view={view}
            busy={enrol.isPending}
            online={online}
            onQr={() => start('QR')}
            onDone={byLink ? undefined : () => setOpen(false)}
          />
        )}
        {full && view && status === 'CRIADA' && !view.request && <Authorize view={view} />}
        {actionError && full === whole && (
          <p className={styles.ended} role="alert">
            {actionError.message}
          </p>
        )}
        {status === 'APROVADA' && byLink ? (
          <p className={styles.howTo}>Para cancelar, entre no portal, em Pagamentos.</p>
        ) : status === 'APROVADA' ? (
          full && (
            <Button
              variant="secondary"
              busy={cancel.isPending}
              disabled={!online}
              onClick={() => setAsking(true)}
            >
              Cancelar Pix Automático
            </Button>
          )
        ) : (
          !byLink && ativar
        )}
      </>
    )
  }

  return (
    <>
      {/* Waiting for her, the line atop the list says it and opens it (audit 10 read "Ver o
          pedido" twice on one screen): nothing under the list. */}
      {byLink ? (
        // On the link the way's choice above names it (audit 13: two headings 8 px apart); the
        // box says what it does, its one action under it, as every tab's.
        <div className={`${styles.side} ${styles.besideCard}`}>
          <section
            className={`${styles.box} ${styles.recurrence}`}
            aria-labelledby="pix-automatico-title"
          >
            <h2 id="pix-automatico-title" className="visually-hidden">
              {pixAutomaticoMessages.title}
            </h2>
            {canStart && !view && <p>{pixAutomaticoMessages.what}</p>}
            {body(true)}
          </section>
          {canStart && (
            <Button block busy={enrol.isPending} disabled={!online} onClick={() => start()}>
              Ativar Pix Automático
            </Button>
          )}
        </div>
      ) : (
        status !== 'CRIADA' && (
          <section
            className={`${styles.box} ${styles.recurrence}`}
            aria-labelledby="pix-automatico-title"
          >
            <h2 id="pix-automatico-title">{pixAutomaticoMessages.title}</h2>
            {body(false)}
          </section>
        )
      )}
      {open && !byLink && (
        <Sheet title={pixAutomaticoMessages.title} onClose={() => setOpen(false)}>
          <div className={`${styles.recurrence} ${styles.inSheet}`}>{body(true)}</div>
        </Sheet>
      )}
      {asking && (
        <ConfirmDialog
          title="Cancelar o Pix Automático?"
          text="As próximas parcelas deixam de ser cobradas sozinhas: você paga cada uma por aqui, como antes."
          confirm="Cancelar Pix Automático"
          cancel="Manter ativo"
          onConfirm={stop}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  )
}

/** What the holder authorizes, as the API returns it. */
function Terms({ view }: { view: RecurrenceView }) {
  return (
    <dl className={styles.facts} aria-label="O que você autoriza">
      {recurrenceTerms(view).map((term) => (
        <Fragment key={term.label}>
          <dt>{term.label}</dt>
          <dd>{term.value}</dd>
        </Fragment>
      ))}
    </dl>
  )
}

/**
 * The two ways to authorize, side by side, the one on screen pressed: a QR read in the bank app
 * (journey 3: it also pays what is due now) or the request sent to her bank (journey 1: nothing
 * to copy; what is due stays to pay in Pagar). Tapping the other one swaps them at the bank.
 */
function WayChoice({
  view,
  busy,
  online,
  owedNow,
  onChoose,
}: {
  view: RecurrenceView
  busy: boolean
  online: boolean
  owedNow?: number
  onChoose: (via: EnrolVia) => void
}) {
  const byRequest = Boolean(view.request)
  // What each way does with what is overdue, said the same whichever is chosen (audit 12 saw the
  // tiles rewrite themselves on a tap): the amount it pays now is in the QR's steps, once.
  const owes = owedNow !== undefined && owedNow > 0
  const bank = view.request?.bank ?? view.payerBank
  const ways: Array<{ via: EnrolVia; title: string; detail: string; current: boolean }> = [
    {
      via: 'QR',
      title: 'Ler um QR Code',
      detail: owes
        ? 'Autoriza e já paga o que venceu, com o desconto do Pix.'
        : 'Autorize lendo o código no app do seu banco; se houver parcela vencida, ela é paga junto.',
      current: !byRequest,
    },
    {
      via: 'BANCO',
      title: `Pedido no ${bankAppName(bank)}`,
      detail: owes
        ? 'Confirme no app, sem código. O que venceu fica para pagar em Pagar.'
        : 'Confirme no app do banco, sem copiar código.',
      current: byRequest,
    },
  ]
  return (
    <fieldset className={styles.ways} disabled={!online}>
      <legend>Como autorizar</legend>
      {ways.map((way) => (
        <button
          key={way.via}
          type="button"
          className={styles.way}
          aria-pressed={way.current}
          aria-busy={busy && !way.current}
          onClick={() => {
            if (!way.current && !busy) onChoose(way.via)
          }}
        >
          <span className={styles.wayTitle}>
            {way.current && (
              <span className={styles.wayMark} aria-hidden="true">
                ✓{' '}
              </span>
            )}
            {way.title}
          </span>
          <span className={styles.wayDetail}>{way.detail}</span>
        </button>
      ))}
    </fieldset>
  )
}

/**
 * Journey 1: the request went to the holder's bank; she answers there, nothing to read here.
 * What the screen waits for is a line of its own that moves (audit 12), the sentence under it
 * says what to do there, and the wait ends in what she can do next (audit 13: it ended in 140 px
 * of nothing): put the sheet away while she goes to her bank, or read a QR Code instead.
 */
function Requested({
  view,
  busy,
  online,
  onQr,
  onDone,
}: {
  view: RecurrenceView
  busy: boolean
  online: boolean
  onQr: () => void
  /** In the sheet over Pagamentos: closes it. */
  onDone: (() => void) | undefined
}) {
  return (
    <>
      <p className={styles.waiting}>
        <span className={styles.waitingDot} aria-hidden="true" />
        <span>
          <strong>Aguardando o {bankAppName(view.request?.bank)}</strong> · até {requestUntil(view)}
        </span>
      </p>
      <p>{requestText(view)}</p>
      {/* Held at the sheet's foot, as the QR way's action is (audit 16: cut at the screen's). */}
      <div className={`${styles.waitActions} ${styles.stickyAction}`}>
        {onDone && (
          <Button block onClick={onDone}>
            Entendi
          </Button>
        )}
        <Button block variant="secondary" busy={busy} disabled={!online} onClick={onQr}>
          Não chegou? Usar um QR Code
        </Button>
      </div>
    </>
  )
}

/** The QR and its copia e cola (journey 3: with the Pix of what is due now). */
function Authorize({ view }: { view: RecurrenceView }) {
  const codeText = useRef<HTMLTextAreaElement>(null)
  const qrCode = view.qrCode ?? ''
  const copy = () => copyCode(qrCode, codeText.current, pixAutomaticoMessages)
  const payingNow = view.immediate?.status === 'WAITING' ? view.immediate.value : null
  const small = useSmallScreen()
  const steps = (
    <ol className={styles.steps} aria-label="Como autorizar com o QR Code">
      <li>Abra o app do seu banco e escolha Pix Copia e Cola (ou Pix com QR Code).</li>
      <li>
        Confira os dados e confirme a autorização
        {payingNow !== null && (
          <>
            {' '}
            e o pagamento de <strong>{formatMoney(payingNow)}</strong>, o que já venceu ou vence
            antes da primeira cobrança automática
          </>
        )}
        .
      </li>
      <li>Esta tela muda sozinha quando o banco responder.</li>
    </ol>
  )
  return (
    <div className={styles.qr}>
      {(small || !qrCode) && steps}
      {/* On a phone the QR is on the same screen as the bank's app that would read it: the code
          to copy leads, the QR waits below for another device's camera (as the Pix tab). */}
      {qrCode && small && (
        <>
          {/* Kept in reach at the sheet's foot while the code and the QR scroll under it. */}
          <div className={styles.stickyAction}>
            <Button block onClick={copy}>
              Copiar código
            </Button>
          </div>
          <label className={`${formStyles.field} ${styles.full}`}>
            Pix copia e cola
            <textarea ref={codeText} className={styles.code} readOnly value={qrCode} />
          </label>
          <div className={styles.otherDevice}>
            <p>Ou leia o QR Code com outro celular:</p>
            <PixQr code={qrCode} label="QR Code da autorização do Pix Automático" />
          </div>
        </>
      )}
      {/* On a wider screen the QR leads, read by the phone's camera, so it stands where the
          panel opens, the steps under it (audit 12: the QR began at the fold). */}
      {qrCode && !small && (
        <>
          <PixQr code={qrCode} label="QR Code da autorização do Pix Automático" />
          {steps}
          <label className={`${formStyles.field} ${styles.full}`}>
            Pix copia e cola
            <textarea ref={codeText} className={styles.code} readOnly value={qrCode} />
          </label>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={copy}>
              Copiar código
            </Button>
          </div>
        </>
      )}
    </div>
  )
}

/**
 * Atop Pagamentos while an authorization waits for the holder (issue 27): where to answer it
 * and until when, and a way down to the section. Nothing otherwise. It reads the section's own
 * query (one request for both).
 */
export function PixAutomaticoPending({ source }: { source: PixAutomaticoSource }) {
  const { data } = usePixAutomatico(source)
  const view = data?.view
  if (view?.status !== 'CRIADA') return null
  // The section's sheet opens over the list.
  const show = () => window.dispatchEvent(new Event(openPixAutomatico))
  return (
    <p className={styles.pending} role="status">
      <span>
        <strong>Pix Automático aguardando você.</strong>{' '}
        {view.request
          ? `Confirme o pedido no ${bankAppName(view.request.bank)} até ${requestUntil(view)}.`
          : 'Falta autorizar no app do seu banco.'}
      </span>
      <Button variant="text" aria-haspopup="dialog" onClick={show}>
        {view.request ? 'Ver o pedido' : 'Ver o QR Code'}
      </Button>
    </p>
  )
}
