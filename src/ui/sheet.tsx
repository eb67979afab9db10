import { type PointerEvent, type ReactNode, useId, useLayoutEffect, useRef } from 'react'
import { IconButton } from './button'
import { Modal } from './dialog'
import { CloseIcon } from './icons'
import styles from './sheet.module.css'

type Props = {
  /** The sheet's heading, which names it. */
  title: string
  onClose: () => void
  children: ReactNode
}

/**
 * Something opened over a screen without leaving it (audit 11: Pix Automático had opened 600 px
 * under Pagamentos' list): a sheet from the bottom on a phone, a panel from the right on a wider
 * screen, as a real modal (src/ui/dialog.tsx): Escape or "Fechar" closes it, the screen behind
 * stays where it was. The focus starts on its element marked `data-autofocus`, or its heading.
 * On a phone it is also let go as a sheet is: its handle dragged down, or a tap on the page
 * dimmed above it (audit 12).
 */
export function Sheet({ title, onClose, children }: Props) {
  const titleId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const body = useRef<HTMLDivElement>(null)
  // After the modal's own (a child's layout effect runs first): nothing marked, the heading.
  useLayoutEffect(() => {
    if (!body.current?.querySelector('[data-autofocus]')) heading.current?.focus()
  }, [])
  const drag = useDragDown(onClose)
  return (
    <Modal labelledBy={titleId} onClose={onClose} className={styles.sheet} closeOnBackdrop>
      <div className={styles.head} {...drag}>
        <span className={styles.grab} aria-hidden="true" />
        <h2 ref={heading} id={titleId} tabIndex={-1} className={styles.title}>
          {title}
        </h2>
        <IconButton label="Fechar" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </div>
      <div ref={body} className={styles.body}>
        {children}
      </div>
    </Modal>
  )
}

/** How far down (px) the head is dragged before letting go closes the sheet. */
const closingDrag = 72

/**
 * The head's pointer handlers: on a phone's sheet, dragging it down moves the sheet with the
 * finger, and letting go past `closingDrag` closes it; short of it, the sheet goes back. The
 * move is written on the element, not rendered: nothing re-renders under the finger.
 */
function useDragDown(onClose: () => void) {
  const start = useRef<{ pointer: number; y: number } | null>(null)
  const sheetOf = (event: PointerEvent<HTMLElement>) => event.currentTarget.closest('dialog')
  const moved = (event: PointerEvent<HTMLElement>) =>
    start.current?.pointer === event.pointerId ? Math.max(0, event.clientY - start.current.y) : 0
  const settle = (event: PointerEvent<HTMLElement>) => {
    const sheet = sheetOf(event)
    if (sheet) sheet.style.transform = ''
    start.current = null
  }
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      const onPhone = !window.matchMedia('(min-width: 768px)').matches
      if (!onPhone || event.button !== 0 || (event.target as Element).closest('button')) return
      start.current = { pointer: event.pointerId, y: event.clientY }
      event.currentTarget.setPointerCapture(event.pointerId)
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const sheet = sheetOf(event)
      if (start.current && sheet) sheet.style.transform = `translateY(${moved(event)}px)`
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const far = moved(event) > closingDrag
      settle(event)
      if (far) onClose()
    },
    onPointerCancel: settle,
  }
}
