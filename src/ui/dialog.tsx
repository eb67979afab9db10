import { type ReactNode, useId, useLayoutEffect, useRef } from 'react'
import { Button } from './button'
import styles from './dialog.module.css'

type ModalProps = {
  /** Names the dialog for screen readers (aria-label), unless `labelledBy` points at a heading. */
  label?: string
  labelledBy?: string
  describedBy?: string
  /** Escape, or the owner deciding to close: the owner unmounts the modal. */
  onClose: () => void
  className?: string
  /** A tap on the dimmed page around it closes it too (a sheet's; a question waits for its answer). */
  closeOnBackdrop?: boolean
  children: ReactNode
}

/**
 * A real modal: the native <dialog> opened with showModal() sits in the top layer (over the
 * bottom navigation), keeps Tab inside, closes on Escape and makes the page behind inert. Focus
 * starts on the element marked `data-autofocus` and goes back to what had it when the modal
 * opened (the button that opened it).
 */
export function Modal({
  label,
  labelledBy,
  describedBy,
  onClose,
  className,
  closeOnBackdrop = false,
  children,
}: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  // Layout effect: its clean-up runs while the dialog is still in the page, so focus can return.
  useLayoutEffect(() => {
    const element = dialog.current
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (element && !element.open) element.showModal()
    // The first move is ours, not the browser's (its choice differs between versions).
    element?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    return () => {
      if (element?.open) element.close()
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is the backdrop's, a pointer's only; the keyboard's way out is Escape (onCancel)
    <dialog
      ref={dialog}
      className={[styles.dialog, className].filter(Boolean).join(' ')}
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // Escape: the owner decides (and unmounts), so React state and the page agree.
        event.preventDefault()
        onClose()
      }}
      // The dialog's box is its content's: a click whose target is the dialog itself landed on
      // its ::backdrop, the page dimmed around it.
      onClick={
        closeOnBackdrop
          ? (event) => {
              if (event.target === event.currentTarget) onClose()
            }
          : undefined
      }
    >
      {children}
    </dialog>
  )
}

type ConfirmProps = {
  title: string
  text?: string
  confirm: string
  cancel: string
  onConfirm: () => void
  onCancel: () => void
}

/** A yes/no question as a modal; the safe choice (`cancel`) has the focus, and Escape picks it. */
export function ConfirmDialog({ title, text, confirm, cancel, onConfirm, onCancel }: ConfirmProps) {
  const titleId = useId()
  const textId = useId()
  return (
    <Modal
      labelledBy={titleId}
      describedBy={text ? textId : undefined}
      onClose={onCancel}
      className={styles.confirm}
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {text && (
        <p id={textId} className={styles.text}>
          {text}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" data-autofocus onClick={onCancel}>
          {cancel}
        </Button>
        <Button onClick={onConfirm}>{confirm}</Button>
      </div>
    </Modal>
  )
}
