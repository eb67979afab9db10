import { type ReactNode, useId } from 'react'
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

/** A form's pay button: on a phone it stays at the screen's foot while its form is on screen. */
export function PayButton({
  online,
  busy,
  children,
}: {
  online: boolean
  busy: boolean
  children: ReactNode
}) {
  return (
    <Button type="submit" block className={styles.payNow} disabled={!online} busy={busy}>
      {children}
    </Button>
  )
}
