import styles from './chip.module.css'

/** A save this device made that the server has not confirmed yet (DESIGN §5 outbox). */
export function PendingBadge() {
  return <span className={`${styles.chip} ${styles.pending}`}>pendente</span>
}
