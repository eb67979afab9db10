import { QRCodeSVG } from 'qrcode.react'
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { sanitizeCardLayout } from '../../../lib/sanitize'
import type { StoredCard } from '../../../offline/db'
import { Button } from '../../../ui/button'
import styles from './flip-view.module.css'

/** Small portrait screens try landscape; where the browser can't, the view just stays upright. */
async function tryLandscape(element: HTMLElement) {
  if (!(window.innerWidth < 768 && window.innerHeight > window.innerWidth)) return
  try {
    if (!document.fullscreenElement) await element.requestFullscreen?.()
    const orientation = screen.orientation as ScreenOrientation & {
      lock?: (o: string) => Promise<void>
    }
    await orientation.lock?.('landscape')
  } catch {
    // No fullscreen or no orientation lock (iOS, desktop): degrade quietly.
  }
}

/** Resolves once the page is out of fullscreen (at once when it never was). */
async function releaseLandscape() {
  try {
    screen.orientation?.unlock?.()
  } catch {
    // Nothing was locked.
  }
  if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined)
}

/** While the pass is open, the screen stays on at the gate (where the browser allows it). */
function useScreenAwake() {
  useEffect(() => {
    let lock: WakeLockSentinel | undefined
    let released = false
    navigator.wakeLock
      ?.request('screen')
      .then((sentinel) => {
        if (released) void sentinel.release()
        else lock = sentinel
      })
      .catch(() => undefined)
    return () => {
      released = true
      void lock?.release().catch(() => undefined)
    }
  }, [])
}

function useClock() {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000)
    return () => clearInterval(timer)
  }, [])
  return now
}

const clockFormat = new Intl.DateTimeFormat('pt-BR', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
})

type Props = { card: StoredCard; onClose: () => void }

/**
 * Spec §2 screen 8: full-screen front/back with a real 3-D flip, plus the signed pass. A modal
 * <dialog> puts it in the browser's top layer, above the bottom navigation, the install offer and
 * any stacking context of the page (iPhones grant no element fullscreen, so that cannot be it).
 */
export function FlipView({ card, onClose }: Props) {
  const [flipped, setFlipped] = useState(false)
  const dialog = useRef<HTMLDialogElement>(null)
  const sheet = useRef<HTMLDivElement>(null)
  const close = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const now = useClock()
  useScreenAwake()
  const name = card.person.name

  // Before the first paint: the view never shows for a frame outside the top layer. On the way
  // out it is closed before React removes it (until then the page behind is inert), and the
  // focus goes back to what opened it (read before showModal() moved it into the dialog), again
  // once fullscreen is over, since a fullscreen sheet keeps the focus from the page meanwhile.
  useLayoutEffect(() => {
    const element = dialog.current
    const opener = document.activeElement as HTMLElement | null
    if (element && !element.open) element.showModal()
    close.current?.focus()
    // The sheet, not the dialog: a <dialog> may not be made fullscreen itself.
    if (sheet.current) void tryLandscape(sheet.current)
    return () => {
      element?.close()
      opener?.focus()
      void releaseLandscape().then(() => opener?.focus())
    }
  }, [])

  return (
    <dialog
      className={styles.overlay}
      aria-labelledby={titleId}
      ref={dialog}
      // Escape: the screen decides when the view goes (it unmounts it); where the browser closes
      // the dialog by itself anyway (a second Escape with no tap between), the screen follows.
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClose={onClose}
    >
      <div className={styles.sheet} ref={sheet}>
        <h2 id={titleId} className={styles.title}>
          Carteirinha de {name}
        </h2>
        <div className={styles.stage}>
          <div className={styles.scene}>
            <div className={`${styles.flipper} ${flipped ? styles.flipped : ''}`}>
              <section
                className={styles.face}
                aria-label="Frente da carteirinha"
                aria-hidden={flipped}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: server markup, sanitized with DOMPurify
                dangerouslySetInnerHTML={{ __html: sanitizeCardLayout(card.frontLayout ?? '') }}
              />
              <section
                className={`${styles.face} ${styles.back}`}
                aria-label="Verso da carteirinha"
                aria-hidden={!flipped}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: server markup, sanitized with DOMPurify
                dangerouslySetInnerHTML={{ __html: sanitizeCardLayout(card.backLayout ?? '') }}
              />
            </div>
          </div>
          {/* On both sides: the gate reads it whichever side shows, and the flip moves
              nothing (issue 27). */}
          {card.pass && (
            <div className={styles.pass}>
              <QRCodeSVG
                value={card.pass}
                size={240}
                // A screen's code is not scuffed as a print is: the lowest correction gives the
                // fewest, largest modules in the same 240 px (audit 10 found it dense).
                level="L"
                marginSize={2}
                title={`Passe da portaria de ${name}`}
                role="img"
                aria-label={`QR Code do passe da portaria de ${name}`}
              />
              <div className={styles.passText}>
                <span className={styles.small}>Passe da portaria</span>
                <time className={styles.clock} dateTime={now.toISOString()}>
                  {clockFormat.format(now)}
                </time>
                <span className={styles.track} aria-hidden="true">
                  <span className={styles.runner} />
                </span>
                <span className={styles.small}>Hora ao vivo: uma captura de tela fica parada.</span>
                <span className={styles.small}>
                  Na portaria, aumente o brilho da tela e aproxime o QR Code do leitor.
                </span>
              </div>
            </div>
          )}
        </div>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setFlipped((value) => !value)}>
            {flipped ? 'Ver Frente' : 'Ver Verso'}
          </Button>
          <Button ref={close} onClick={onClose}>
            Fechar
          </Button>
        </div>
      </div>
    </dialog>
  )
}
