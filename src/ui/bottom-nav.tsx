import { Link } from '@tanstack/react-router'
import styles from './bottom-nav.module.css'
import { CalendarIcon, CardIcon, PaymentsIcon, PersonIcon } from './icons'

/** Spec §2: Perfil, Pagamentos, Carteirinha, and Agendar shown disabled. */
export function BottomNav() {
  return (
    <nav className={styles.nav} aria-label="Navegação principal">
      <ul className={styles.list}>
        <li>
          <Link to="/home" className={styles.item} activeProps={{ 'aria-current': 'page' }}>
            <PersonIcon />
            Perfil
          </Link>
        </li>
        <li>
          <Link to="/search" className={styles.item} activeProps={{ 'aria-current': 'page' }}>
            <PaymentsIcon />
            Pagamentos
          </Link>
        </li>
        <li>
          <Link to="/favorites" className={styles.item} activeProps={{ 'aria-current': 'page' }}>
            <CardIcon />
            Carteirinha
          </Link>
        </li>
        <li>
          <span className={`${styles.item} ${styles.disabled}`} aria-disabled="true">
            <CalendarIcon />
            Agendar
          </span>
        </li>
      </ul>
    </nav>
  )
}
