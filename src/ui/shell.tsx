import type { ReactNode } from 'react'
import { brand } from '../brand'
import { OfflineIcon } from './icons'
import { InsideMain } from './inside-main'
import { Logo } from './logo'
import styles from './shell.module.css'
import { useOnline } from './use-online'

type Props = {
  start?: ReactNode
  end?: ReactNode
  /** The main navigation: a bottom bar on a phone, a column beside the page from 1024 px. */
  nav?: ReactNode
  children: ReactNode
}

/**
 * The app shell: header with a curved gradient of the brand's colours and its logo (spec §2), a quiet note while
 * the device has no connection (hanging from the header, so the page never moves), then the page
 * and, inside the layout, the main navigation: at the bottom on a phone, on the left on a desktop.
 */
export function Shell({ start, end, nav, children }: Props) {
  const online = useOnline()
  return (
    <>
      <header className={styles.header}>
        <div className={nav ? `${styles.bar} ${styles.barWithNav}` : styles.bar}>
          {start ?? <span className={styles.spacer} />}
          <span className={styles.brand}>
            <Logo size={32} title="" />
            {brand.productName}
          </span>
          {end ?? <span className={styles.spacer} />}
        </div>
        {!online && (
          <p className={styles.offline} role="status">
            <OfflineIcon />
            Sem conexão — mostrando dados salvos
          </p>
        )}
      </header>
      <div className={nav ? `${styles.frame} ${styles.withNav}` : styles.frame}>
        <main className={styles.main}>
          <InsideMain.Provider value={true}>{children}</InsideMain.Provider>
        </main>
        {nav}
      </div>
    </>
  )
}
