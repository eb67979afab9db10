import { Link, useRouterState } from '@tanstack/react-router'
import styles from './bottom-nav.module.css'
import { CalendarIcon, CardIcon, PaymentsIcon, PersonIcon } from './icons'

/** Screens reached from the profile: Perfil stays marked on them (their back route is /home). */
const underProfile = ['/holder', '/dependents', '/dependent/', '/general-documents', '/passkeys']

/**
 * Spec §2: Perfil, Pagamentos, Carteirinha, and Agendar shown disabled. The item a screen
 * belongs to is always marked: 'page' on the screen itself, 'true' on a screen under it.
 */
export function BottomNav() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const profileOwns = underProfile.some((path) => pathname.startsWith(path))
  return (
    <nav className={styles.nav} aria-label="Navegação principal">
      <ul className={styles.list}>
        <li>
          <Link
            to="/home"
            className={styles.item}
            activeProps={{ 'aria-current': 'page' }}
            aria-current={profileOwns ? 'true' : undefined}
          >
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
          {/* Disabled (spec §2), yet the sample screen it names (/profile) is still its own. */}
          <span
            className={`${styles.item} ${styles.disabled}`}
            aria-disabled="true"
            aria-current={pathname === '/profile' ? 'page' : undefined}
          >
            <CalendarIcon />
            Agendar
          </span>
        </li>
      </ul>
    </nav>
  )
}
