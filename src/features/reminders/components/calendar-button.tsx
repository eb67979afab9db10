import { useId, useState } from 'react'
import { Button } from '../../../ui/button'
import { CalendarIcon } from '../../../ui/icons'
import pageStyles from '../../../ui/page.module.css'
import { addInstalmentsToCalendar, calendarMessages } from '../api/calendar'

type Props = { contractId: string; online: boolean }

/**
 * "Adicionar ao calendário": the open instalments' due dates in the phone's calendar, which
 * reminds the holder even with the app's notifications off. The file comes from the server, so
 * with no signal the button says it needs the network instead of failing.
 */
export function CalendarButton({ contractId, online }: Props) {
  const [busy, setBusy] = useState(false)
  const hint = useId()
  const add = async () => {
    setBusy(true)
    try {
      await addInstalmentsToCalendar(contractId)
    } finally {
      setBusy(false)
    }
  }
  return (
    // Page styles only: a CSS module of its own would be one more chunk in every page's preload map.
    // A quiet text action under the contract (audit 9: a full-width button and its paragraph
    // pushed the list below the first screen); what it does is read with it, not shown.
    <section className={pageStyles.page} aria-label="Calendário">
      <Button
        variant="text"
        style={{ alignSelf: 'flex-start', paddingInline: 0 }}
        busy={busy}
        disabled={!online}
        onClick={() => void add()}
        aria-describedby={hint}
      >
        <CalendarIcon size={20} />
        Adicionar ao calendário
      </Button>
      {/* Offline, the list's note above says it for paying and this alike (one message, not
          three); the button still names why it is off, as online what it does. */}
      <p id={hint} className="visually-hidden">
        {online
          ? 'Os vencimentos das parcelas em aberto na agenda do seu celular, com um aviso antes de cada um.'
          : calendarMessages.offline}
      </p>
    </section>
  )
}
