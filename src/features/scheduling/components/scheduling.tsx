import { useState } from 'react'
import { addDays, todayInSaoPaulo } from '../../../../contract/late-charges'
import { formatDate } from '../../../lib/dates'
import { Button } from '../../../ui/button'
import styles from '../../../ui/page.module.css'
import { Tabs } from '../../../ui/tabs'

/** Spec §3 "Scheduling sample": the screen exists with sample data only (spec §1). */
type Sample = { name: string; date_agendamento: string; date_uso: string }

/**
 * The samples' days count from today in São Paulo (design audit 16: a booking fixed on
 * 28/11/2026 was still listed as to come once that day had passed).
 */
function samples(today: string) {
  const day = (days: number) => addDays(today, days)
  return {
    scheduled: [
      { name: 'Quadra de tênis', date_agendamento: day(-8), date_uso: day(3) },
      { name: 'Churrasqueira 2', date_agendamento: day(-6), date_uso: day(9) },
    ],
    cancelled: [{ name: 'Salão de festas', date_agendamento: day(-40), date_uso: day(-22) }],
    available: [
      { name: 'Piscina coberta', date_agendamento: today, date_uso: day(1) },
      { name: 'Sauna', date_agendamento: today, date_uso: day(2) },
    ],
  } satisfies Record<string, Sample[]>
}

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
  const { scheduled, cancelled, available } = samples(todayInSaoPaulo(new Date()))
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
                {/* The day it is for, then when it was booked, each on its line (audit 16: a
                    "·" left at a phone's line end). A free slot has only its day. */}
                <p className={`${styles.muted} ${styles.dates}`}>
                  <strong className={styles.lead}>
                    {tab === 'book' ? 'Disponível em' : 'Uso em'} {formatDate(item.date_uso)}
                  </strong>
                  {tab !== 'book' && <span>Agendado em {formatDate(item.date_agendamento)}</span>}
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
