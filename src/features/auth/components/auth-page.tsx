import type { ReactNode } from 'react'
import { Logo } from '../../../ui/logo'
import styles from './auth-page.module.css'

type Props = { title: string; subtitle?: string; toolbar?: ReactNode; children: ReactNode }

export function AuthPage({ title, subtitle, toolbar, children }: Props) {
  return (
    <main className={styles.page}>
      <div className={styles.toolbar}>{toolbar}</div>
      <div className={styles.card}>
        <div className={styles.brand}>
          <Logo />
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        {children}
      </div>
    </main>
  )
}

export { styles as authStyles }
