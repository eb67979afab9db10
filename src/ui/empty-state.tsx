import type { ReactNode } from 'react'
import styles from './empty-state.module.css'

/** What a screen says when there is nothing to list: a sentence, and the way on if there is one. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <p>{children}</p>
      {action}
    </div>
  )
}
