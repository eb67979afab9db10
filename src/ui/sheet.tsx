import { type ReactNode, useId, useLayoutEffect, useRef } from 'react'
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
 */
export function Sheet({ title, onClose, children }: Props) {
  const titleId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const body = useRef<HTMLDivElement>(null)
  // After the modal's own (a child's layout effect runs first): nothing marked, the heading.
  useLayoutEffect(() => {
    if (!body.current?.querySelector('[data-autofocus]')) heading.current?.focus()
  }, [])
  return (
    <Modal labelledBy={titleId} onClose={onClose} className={styles.sheet}>
      <div className={styles.head}>
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
