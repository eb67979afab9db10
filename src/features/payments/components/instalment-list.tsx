import { type ReactNode, useState, useSyncExternalStore } from 'react'
import type { PaymentOrder } from '../../../../contract/payments'
import { formatDate } from '../../../lib/dates'
import { formatMoney } from '../../../lib/money'
import { instalmentStatusChip } from '../../../lib/status'
import { Button } from '../../../ui/button'
import { Chip } from '../../../ui/chip'
import pageStyles from '../../../ui/page.module.css'
import { Tabs } from '../../../ui/tabs'
import { shortDescription, shownPrice } from '../logic/price'
import {
  type InstalmentTab,
  instalmentTabs,
  payableSelection,
  payDebtsLabel,
  shownIn,
} from '../logic/selection'
import styles from './instalments.module.css'

const mobileQuery = '(max-width: 599px)'
const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(mobileQuery)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

type Props = {
  contractName: string
  contractNumber: string | null
  instalments: PaymentOrder[]
  /** The tab it opens on (/search?aba=…). */
  initialTab?: InstalmentTab
  online: boolean
  paying: boolean
  onPay: (ids: string[]) => void
  /** Beyond the spec: a paid instalment's receipt (kept on the device, opens offline too). */
  onReceipt: (instalment: PaymentOrder) => void
  /** Under the contract: what the screen offers for the whole list ("Adicionar ao calendário"). */
  actions?: ReactNode
}

/** Spec §2 screen 7: the contract's instalments, filtered by tab, paid through a payment link. */
export function InstalmentList({
  contractName,
  contractNumber,
  instalments,
  initialTab = 'ALL',
  online,
  paying,
  onPay,
  onReceipt,
  actions,
}: Props) {
  const [tab, setTab] = useState<InstalmentTab>(initialTab)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const mobile = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(mobileQuery).matches,
    () => false,
  )
  const shown = shownIn(instalments, tab)
  const chosen = payableSelection(shown, selected)

  // A tick the new tab hides is forgotten, so 'Pagar Débitos' never pays what is not on screen.
  const selectTab = (next: InstalmentTab) => {
    setTab(next)
    const visible = new Set(shownIn(instalments, next).map((instalment) => instalment.id))
    setSelected((current) => new Set([...current].filter((id) => visible.has(id))))
  }

  const pay = (ids: string[]) => {
    onPay(ids)
    setSelected(new Set())
  }
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>Pagamentos</h1>
      <section className={styles.contract} aria-label="Contrato">
        <h2>{contractName}</h2>
        <p>Nº {contractNumber ?? '---'}</p>
      </section>
      {!online && (
        <p className={styles.note} role="status">
          Sem conexão: você pode consultar as parcelas, mas pagar precisa de internet.
        </p>
      )}
      {actions}
      <Tabs label="Filtrar parcelas" tabs={instalmentTabs} selected={tab} onSelect={selectTab}>
        <ul className={pageStyles.list}>
          {shown.map((instalment) => {
            const paid = instalment.status === 'PAID'
            const price = shownPrice(instalment)
            const title = shortDescription(instalment.description, mobile)
            return (
              <li key={instalment.id} className={styles.card}>
                <div className={styles.head}>
                  {!paid && (
                    <input
                      type="checkbox"
                      className={styles.check}
                      checked={selected.has(instalment.id)}
                      onChange={() => toggle(instalment.id)}
                      aria-label={`Selecionar parcela ${instalment.installment || 1}`}
                    />
                  )}
                  <h2 title={instalment.description}>{title}</h2>
                  <Chip {...instalmentStatusChip(instalment.status)} />
                </div>
                <dl className={styles.facts}>
                  <div>
                    <dt>Parcela</dt>
                    <dd>{instalment.installment || 1}</dd>
                  </div>
                  <div>
                    <dt>Vencimento</dt>
                    <dd>{formatDate(instalment.due_date)}</dd>
                  </div>
                  <div>
                    <dt>Dias Atrasados</dt>
                    <dd>{instalment.delayed_days ?? 0}</dd>
                  </div>
                </dl>
                <div className={styles.footer}>
                  <div>
                    <span className={styles.label}>{price.label ?? 'Valor'}</span>
                    <strong>{formatMoney(price.amount)}</strong>
                  </div>
                  {paid && (
                    <Button
                      variant="text"
                      onClick={() => onReceipt(instalment)}
                      aria-label={`Comprovante da parcela ${instalment.installment || 1}`}
                    >
                      Comprovante
                    </Button>
                  )}
                  <Button
                    disabled={paid || !online || paying}
                    onClick={() => pay([instalment.id])}
                    aria-label={
                      paid
                        ? `Pago (parcela ${instalment.installment || 1})`
                        : `Pagar parcela ${instalment.installment || 1}`
                    }
                  >
                    {paid ? 'Pago' : 'Pagar'}
                  </Button>
                </div>
              </li>
            )
          })}
        </ul>
      </Tabs>
      {chosen.length >= 2 && (
        <Button
          className={styles.floating}
          disabled={!online}
          busy={paying}
          onClick={() => pay(chosen.map((instalment) => instalment.id))}
        >
          {payDebtsLabel(chosen)}
        </Button>
      )}
    </div>
  )
}
