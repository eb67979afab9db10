import styles from './chip.module.css'

/** A save this device made that the server has not confirmed yet (docs/design.md §5 outbox). */
export function PendingBadge() {
  return <span className={`${styles.chip} ${styles.pending}`}>pendente</span>
}

/** A save the server refused, kept on the device to correct or discard (docs/design.md §5 outbox). */
export function UnsentBadge() {
  return <span className={`${styles.chip} ${styles.unsent}`}>não enviado</span>
}

/** The mark of a registration save still on the device, if any. */
export function SaveMark({ state }: { state: string | undefined }) {
  if (state === 'pending') return <PendingBadge />
  if (state === 'refused') return <UnsentBadge />
  return null
}
