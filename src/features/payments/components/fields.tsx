import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { formatMoneyUnbroken } from '../../../lib/money'
import { Button } from '../../../ui/button'
import type { InstallmentOption } from '../logic/options'
import styles from './payment.module.css'

/** One choice of a `ChoiceList`: its value, its words in bold, and what it means after them. */
type Choice<T> = { value: T; title: string; detail?: string }

/**
 * Choices seen at once, each a radio with its words (audit 8: a select hid what each option
 * costs behind a tap): the instalments, the Recorrência tab's two ways. `detailBelow` puts each
 * choice's meaning on a line of its own; inline, it follows the title.
 */
export function ChoiceList<T extends string | number>({
  legend,
  choices,
  value,
  onChange,
  className,
  detailBelow = false,
}: {
  legend: string
  choices: Choice<T>[]
  value: T
  onChange: (value: T) => void
  className?: string
  detailBelow?: boolean
}) {
  const name = useId()
  return (
    <fieldset className={[styles.choices, className].filter(Boolean).join(' ')}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className={styles.choice}>
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={choice.value === value}
            onChange={() => onChange(choice.value)}
          />
          <span>
            <strong>{choice.title}</strong>
            {choice.detail && (
              <span className={detailBelow ? styles.wayLine : styles.choiceDetail}>
                {detailBelow ? choice.detail : ` ${choice.detail}`}
              </span>
            )}
          </span>
        </label>
      ))}
    </fieldset>
  )
}

/**
 * 'Parcelas': the option texts of spec §5, valued by their number of instalments, as choices
 * seen at once. The option's words stay whole in its name; on screen the count and amount lead,
 * the adjustment follows.
 */
export function InstallmentSelect({
  options,
  value,
  onChange,
}: {
  options: InstallmentOption[]
  value: number
  onChange: (installments: number) => void
}) {
  // One option is no choice (fixed instalments, a boleto at once): said, not offered as a radio.
  const [only] = options
  if (options.length === 1 && only)
    return (
      <p className={styles.choiceOnly}>
        <span>Parcelas</span> <strong>{only.text}</strong>
      </p>
    )
  return (
    <ChoiceList
      legend="Parcelas"
      value={value}
      onChange={onChange}
      choices={options.map((option) => {
        const [amount = '', ...rest] = option.text.split(' com ')
        // In instalments, what they add up to (audit 14: "3x de R$54,12" said no total).
        // Each figure kept with its words when the line wraps ("de 8%", "total R$ 164,10").
        const detail = [
          rest.length > 0 ? `com ${rest.join(' com ')}`.replace(/ (?=[\d,]+%)/, '\u00a0') : '',
          option.installments > 1 ? `total\u00a0${formatMoneyUnbroken(option.total)}` : '',
        ]
          .filter(Boolean)
          .join(' · ')
        return { value: option.installments, title: amount, detail: detail || undefined }
      })}
    />
  )
}

/**
 * A way's pay button. It stays at the screen's foot while its form is on screen (a phone's, and a
 * laptop's 768 px, would leave it below the fold), on a band of white only while it is held
 * there: where it rests in the page it is a plain button (audit 10 saw a white slab between the
 * cards). Held, it sits 12 px above the screen's edge, so a screen 13 px shorter cuts it.
 */
export function PayButton({
  online,
  busy,
  onClick,
  children,
}: {
  online: boolean
  busy: boolean
  /** A form's submit when absent. */
  onClick?: () => void
  children: ReactNode
}) {
  const button = useRef<HTMLButtonElement>(null)
  const [held, setHeld] = useState(false)
  useEffect(() => {
    const watched = button.current
    if (!watched || typeof IntersectionObserver === 'undefined') return
    const watch = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return
        const nearFoot = entry.boundingClientRect.bottom > window.innerHeight / 2
        setHeld(entry.isIntersecting && entry.intersectionRatio < 1 && nearFoot)
      },
      { rootMargin: '0px 0px -13px 0px', threshold: [0, 1] },
    )
    watch.observe(watched)
    return () => watch.disconnect()
  }, [])
  return (
    <Button
      ref={button}
      type={onClick ? 'button' : 'submit'}
      block
      className={`${styles.payNow} ${held ? styles.payNowHeld : ''}`}
      disabled={!online}
      busy={busy}
      onClick={onClick}
    >
      {children}
    </Button>
  )
}
