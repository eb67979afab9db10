import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../../ui/button'
import type { InstallmentOption } from '../logic/options'
import styles from './payment.module.css'

/**
 * 'Parcelas': the option texts of spec §5, valued by their number of instalments, as a list of
 * choices seen at once (audit 8: a select hid what each option costs behind a tap). The option's
 * words stay whole in its name; on screen the count and amount lead, the adjustment follows.
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
  const name = useId()
  // One option is no choice (fixed instalments, a boleto at once): said, not offered as a radio.
  const [only] = options
  if (options.length === 1 && only)
    return (
      <p className={styles.choiceOnly}>
        <span>Parcelas</span> <strong>{only.text}</strong>
      </p>
    )
  return (
    <fieldset className={styles.choices}>
      <legend>Parcelas</legend>
      {options.map((option) => {
        const [amount, ...rest] = option.text.split(' com ')
        return (
          <label key={option.installments} className={styles.choice}>
            <input
              type="radio"
              name={name}
              value={option.installments}
              checked={option.installments === value}
              onChange={() => onChange(option.installments)}
            />
            <span>
              <strong>{amount}</strong>
              {rest.length > 0 && (
                <span className={styles.choiceDetail}> com {rest.join(' com ')}</span>
              )}
            </span>
          </label>
        )
      })}
    </fieldset>
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
