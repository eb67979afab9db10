import { useEffect, useId, useRef } from 'react'
import type { ReminderPreferences as Preferences } from '../../../../contract/reminders'
import { ApiError } from '../../../api/client'
import { Button } from '../../../ui/button'
import pageStyles from '../../../ui/page.module.css'
import { Skeleton } from '../../../ui/skeleton'
import { toast, toastDuration } from '../../../ui/toast'
import { useOnline } from '../../../ui/use-online'
import { useReminderPreferences, useSaveReminderPreferences } from '../api/preferences'

export const reminderTexts = {
  title: 'Lembretes de pagamento',
  intro:
    'Avisamos alguns dias antes do vencimento de cada parcela e no dia em que ela fica vencida, com o valor e um link para pagar.',
  saved: 'Preferência de lembretes salva.',
  failed: 'Não foi possível salvar a preferência de lembretes.',
  offline: 'Sem conexão: mudar os lembretes precisa de internet.',
  loadFailed: 'Não foi possível carregar suas preferências de lembretes.',
} as const

const channels: { key: keyof Preferences; label: string }[] = [
  { key: 'email', label: 'Receber lembretes por e-mail' },
  { key: 'whatsapp', label: 'Receber lembretes por WhatsApp' },
]

/**
 * Beyond the spec (issue 17): which channels the holder gets payment reminders on, a section
 * the profile's menu opens under the profile (loaded only then; ui styles only, so no chunk or
 * stylesheet joins the first view's preload map). Each switch saves at once on the server.
 */
export function ReminderPreferences({ onClose }: { onClose: () => void }) {
  const titleId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const online = useOnline()
  const { data, error } = useReminderPreferences()
  const save = useSaveReminderPreferences()
  // What the switches show: the save on its way, else the server's answer.
  const shown = save.isPending ? save.variables : data

  // Opened from a menu: the reader and the keyboard go where the section is.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' })
    heading.current?.focus()
  }, [])

  const change = (key: keyof Preferences, on: boolean) => {
    if (!shown) return
    save.mutate(
      { ...shown, [key]: on },
      {
        onSuccess: () =>
          toast.success(reminderTexts.saved, { duration: toastDuration.saveSuccess }),
        onError: (failure) => {
          const offline = failure instanceof ApiError && failure.noConnection
          toast.error(offline ? reminderTexts.offline : reminderTexts.failed, {
            description: !offline && failure instanceof ApiError ? failure.message : undefined,
            duration: toastDuration.error,
          })
        },
      },
    )
  }

  return (
    <section className={`${pageStyles.card} ${pageStyles.page}`} aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {reminderTexts.title}
      </h2>
      <p className={pageStyles.muted}>{reminderTexts.intro}</p>
      {!online && <p role="status">{reminderTexts.offline}</p>}
      {shown ? (
        // biome-ignore lint/a11y/useSemanticElements: a fieldset brings the browser's box, and this section has no stylesheet of its own (see above)
        <div role="group" aria-label="Como avisar" className={pageStyles.list}>
          {channels.map(({ key, label }) => (
            <label key={key} className={pageStyles.row}>
              <input
                type="checkbox"
                role="switch"
                checked={shown[key]}
                aria-checked={shown[key]}
                disabled={!online}
                aria-busy={save.isPending || undefined}
                onChange={(event) => change(key, event.target.checked)}
              />
              {label}
            </label>
          ))}
        </div>
      ) : error ? (
        <p role="alert">{online ? reminderTexts.loadFailed : reminderTexts.offline}</p>
      ) : (
        <Skeleton label="Carregando preferências…" rows={2} />
      )}
      <div>
        <Button variant="secondary" onClick={onClose}>
          Fechar
        </Button>
      </div>
    </section>
  )
}
