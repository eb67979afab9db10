import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { PaymentOrder } from '../../../../contract/payments'
import { formatDate } from '../../../lib/dates'
import { formatMoney } from '../../../lib/money'
import { Button } from '../../../ui/button'
import { CalendarIcon, CheckIcon, ChevronIcon, QrIcon } from '../../../ui/icons'
import { type Due, dueOf, instalmentNumber } from '../logic/due'
import styles from './due-panel.module.css'

type Props = {
  /** The device's copy of the instalments; undefined while it is read. */
  instalments: PaymentOrder[] | undefined
  online: boolean
  paying: boolean
  onPay: (ids: string[]) => void
}

const days = (count: number) => `${count} ${count === 1 ? 'dia' : 'dias'}`

function overdueDetail(instalments: [PaymentOrder, ...PaymentOrder[]]): ReactNode {
  const [oldest] = instalments
  if (instalments.length > 1)
    return `Parcelas ${instalments.map(instalmentNumber).join(', ')} · a mais antiga venceu em ${formatDate(oldest.due_date)}`
  const late = oldest.delayed_days ?? 0
  // "(há 10 dias)" never breaks in two: on a wide screen it wrapped, leaving "dias)" alone.
  return (
    <>
      Parcela {instalmentNumber(oldest)} · venceu em {formatDate(oldest.due_date)}
      {late > 0 && <span className={styles.together}> (há {days(late)})</span>}
    </>
  )
}

function payLabel(due: Exclude<Due<PaymentOrder>, { kind: 'clear' }>) {
  if (due.kind === 'overdue' && due.instalments.length > 1)
    return `Pagar ${due.instalments.length} parcelas vencidas`
  return `Pagar parcela ${instalmentNumber(due.instalments[0])}`
}

/**
 * The profile's first answer (issue 27): what the person owes now and one "Pagar" for it (the
 * same payment link as the payments list), or that nothing is owed.
 */
export function DuePanel({ instalments, online, paying, onPay }: Props) {
  if (!instalments)
    return (
      <section className={styles.panel} aria-busy="true" aria-label="Parcelas">
        <p className={styles.muted}>Carregando parcelas…</p>
      </section>
    )
  const due = dueOf(instalments)
  // Nothing owed: paid up ("Tudo em dia"), or no instalment at all yet, which is not the same
  // good news (a contract still under review, say, has none).
  if (due.kind === 'clear')
    return (
      <section
        className={`${styles.panel} ${styles.settled} ${instalments.length ? styles.clear : ''}`}
        aria-labelledby="due-title"
      >
        {/* A state, not a wait: its mark, the words beside it (audit 12 read two lines atop an
            empty card as far as the pass beside it was tall). */}
        <span className={styles.stateIcon} aria-hidden="true">
          {instalments.length ? <CheckIcon size={24} /> : <CalendarIcon size={24} />}
        </span>
        <div>
          <h2 id="due-title" className={styles.eyebrow}>
            {instalments.length ? 'Tudo em dia' : 'Nenhuma parcela'}
          </h2>
          <p className={styles.detail}>
            {instalments.length
              ? 'Nenhuma parcela em aberto.'
              : 'Este contrato ainda não tem parcelas lançadas.'}
          </p>
        </div>
        {/* No instalment yet: nothing to see in Pagamentos (audit 10). */}
        {instalments.length > 0 && (
          <Link to="/search" className={styles.more}>
            Ver parcelas
          </Link>
        )}
      </section>
    )
  const overdue = due.kind === 'overdue'
  const title = overdue
    ? `${due.instalments.length} ${due.instalments.length === 1 ? 'parcela vencida' : 'parcelas vencidas'}`
    : 'Próxima parcela'
  const detail = overdue
    ? overdueDetail(due.instalments)
    : `Parcela ${instalmentNumber(due.instalments[0])} · vence em ${formatDate(due.instalments[0].due_date)}`
  return (
    <section
      className={`${styles.panel} ${overdue ? styles.overdue : ''}`}
      aria-labelledby="due-title"
    >
      <div className={styles.body}>
        <h2 id="due-title" className={styles.eyebrow}>
          {title}
        </h2>
        <p className={styles.amount}>{formatMoney(due.owedToday)}</p>
        {overdue && due.owedToday > due.total && (
          <p className={styles.note}>
            {formatMoney(due.total)} + {formatMoney(due.owedToday - due.total)} de multa e juros até
            hoje
          </p>
        )}
        <p className={styles.detail}>{detail}</p>
        {!online && <p className={styles.muted}>Pagar precisa de internet.</p>}
      </div>
      <div className={styles.actions}>
        <Button
          disabled={!online}
          busy={paying}
          onClick={() => onPay(due.instalments.map((instalment) => instalment.id))}
          aria-label={payLabel(due)}
        >
          Pagar
        </Button>
        <Link
          to="/search"
          search={{ aba: overdue ? 'vencidos' : 'a-pagar' }}
          className={styles.more}
        >
          Ver parcelas
        </Link>
      </div>
    </section>
  )
}

/** One tap from the profile to the pass shown at the gate: the card screen opens on it. */
export function PassShortcut() {
  return (
    // Its words avoid "Carteirinha" and "Pagamentos": a link's name is all its text, and those
    // name the navigation's items.
    <Link to="/favorites" hash="carteirinha" className={styles.pass}>
      <span className={styles.passIcon} aria-hidden="true">
        <QrIcon size={24} />
      </span>
      <span className={styles.passText}>
        <strong>Passe da portaria</strong>
        <span>O QR Code para mostrar na entrada, também sem internet.</span>
      </span>
      {/* The row ends in a chevron, as the profile's other ways in do (audit 14 read it as a
          card that goes nowhere). Beside an amount due on a wider screen the card stands as tall
          as the panel: its mark leads, and its way in is said at its foot, level with "Pagar"
          (audit 16: one centred row in a 200 px card). */}
      <span className={styles.passChevron} aria-hidden="true">
        <span className={styles.passOpen}>Abrir passe</span>
        <ChevronIcon />
      </span>
    </Link>
  )
}
