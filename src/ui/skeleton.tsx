import styles from './skeleton.module.css'

type Props = {
  /** What is on its way, for screen readers ('Carregando parcelas…'). */
  label?: string
  /** How many placeholder cards. */
  rows?: number
}

/**
 * Grey placeholders shaped like a screen's cards while its first data is on its way, instead of
 * blank space; the page's heading stays real so the person knows where they are.
 */
export function Skeleton({ label = 'Carregando…', rows = 3 }: Props) {
  return (
    <div className={styles.skeleton} role="status" aria-busy="true" data-skeleton="">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <div key={index} className={styles.card} aria-hidden="true">
          <span className={styles.circle} />
          <span className={styles.lines}>
            <span className={styles.line} />
            <span className={`${styles.line} ${styles.short}`} />
          </span>
        </div>
      ))}
    </div>
  )
}
