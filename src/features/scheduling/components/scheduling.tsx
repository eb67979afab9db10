import { useState } from 'react'
import { formatDate } from '../../../lib/dates'
import { Button } from '../../../ui/button'
import styles from '../../../ui/page.module.css'
import { Tabs } from '../../../ui/tabs'

/** Spec §3 "Scheduling sample": the screen exists with hard-coded data only (spec §1). */
type Sample = { name: string; date_agendamento: string; date_uso: string }

const scheduled: Sample[] = [
  { name: 'Quadra de tênis', date_agendamento: '2026-11-10', date_uso: '2026-11-28' },
  { name: 'Churrasqueira 2', date_agendamento: '2026-11-12', date_uso: '2026-12-06' },
]
const cancelled: Sample[] = [
  { name: 'Salão de festas', date_agendamento: '2026-10-02', date_uso: '2026-10-20' },
]
const available: Sample[] = [
  { name: 'Piscina coberta', date_agendamento: '2026-11-22', date_uso: '2026-11-30' },
  { name: 'Sauna', date_agendamento: '2026-11-22', date_uso: '2026-12-01' },
]

const tabs = [
  { key: 'scheduled', label: 'Agendados' },
  { key: 'cancelled', label: 'Cancelados' },
  { key: 'book', label: 'Agendar' },
] as const
type TabKey = (typeof tabs)[number]['key']

const doNothing = () => {
  // Spec §1: the Cancelar and Agendar buttons do nothing.
}

export function Scheduling() {
  const [tab, setTab] = useState<TabKey>('scheduled')
  const items = tab === 'scheduled' ? scheduled : tab === 'cancelled' ? cancelled : available
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Agendamentos</h1>
      <Tabs label="Agendamentos" tabs={tabs} selected={tab} onSelect={setTab}>
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.name} className={`${styles.card} ${styles.row}`}>
              <div className={styles.grow}>
                <strong>{item.name}</strong>
                {/* The day it is for first, the day it was booked after; each date whole on its
                    line (a desktop's card broke "Uso em" from its date). */}
                <p className={styles.muted}>
                  <strong className={`${styles.nowrap} ${styles.lead}`}>
                    Uso em {formatDate(item.date_uso)}
                  </strong>{' '}
                  ·{' '}
                  <span className={styles.nowrap}>
                    agendado em {formatDate(item.date_agendamento)}
                  </span>
                </p>
              </div>
              {tab === 'scheduled' && (
                <Button variant="secondary" onClick={doNothing}>
                  Cancelar
                </Button>
              )}
              {tab === 'book' && <Button onClick={doNothing}>Agendar</Button>}
            </li>
          ))}
        </ul>
      </Tabs>
    </div>
  )
}
