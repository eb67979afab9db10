import styles from './spinner.module.css'

/** Full-screen blocking spinner (layout load, payment submissions). */
export function FullScreenSpinner({ label = 'Carregando…' }: { label?: string }) {
  return (
    <div className={styles.overlay} role="status" aria-live="polite" aria-busy="true">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  )
}
