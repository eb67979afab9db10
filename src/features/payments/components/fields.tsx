import { type ReactNode, useId } from 'react'
import { IMaskInput } from 'react-imask'
import formStyles from '../../../ui/form.module.css'
import type { InstallmentOption } from '../logic/options'
import styles from './payment.module.css'

/** A labelled field; children receive the input's id. */
export function Field({
  label,
  wide,
  children,
}: {
  label: string
  wide?: boolean
  children: (id: string) => ReactNode
}) {
  const id = useId()
  return (
    <div className={[formStyles.field, wide && styles.wide].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  )
}

type MaskedFieldProps = {
  label: string
  /** Spec §5 masks: '0' is a digit. */
  mask: string
  value: string
  onAccept: (value: string) => void
  autoComplete?: string
  placeholder?: string
  readOnly?: boolean
  wide?: boolean
  onBlur?: () => void
  /** A line under the input, tied to it for screen readers (brand, error). */
  note?: ReactNode
}

/** A numeric field typed through a mask (react-imask), its value kept formatted. */
export function MaskedField({
  label,
  mask,
  value,
  onAccept,
  wide,
  note,
  ...rest
}: MaskedFieldProps) {
  return (
    <Field label={label} wide={wide}>
      {(id) => (
        <>
          <IMaskInput
            id={id}
            className={formStyles.input}
            mask={mask}
            inputMode="numeric"
            value={value}
            onAccept={(accepted: string) => onAccept(accepted)}
            aria-describedby={note ? `${id}-note` : undefined}
            {...rest}
          />
          {note && <div id={`${id}-note`}>{note}</div>}
        </>
      )}
    </Field>
  )
}

type SelectFieldProps<T extends string | number> = {
  label: string
  value: T
  onChange: (value: T) => void
  options: ReadonlyArray<{ value: T; label: string }>
  wide?: boolean
}

export function SelectField<T extends string | number>({
  label,
  value,
  onChange,
  options,
  wide,
}: SelectFieldProps<T>) {
  return (
    <Field label={label} wide={wide}>
      {(id) => (
        <select
          id={id}
          className={formStyles.input}
          value={value}
          onChange={(event) => {
            const chosen = options.find((option) => String(option.value) === event.target.value)
            if (chosen) onChange(chosen.value)
          }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

/** 'Parcelas': the option texts of spec §5, valued by their number of instalments. */
export function InstallmentSelect({
  options,
  value,
  onChange,
}: {
  options: InstallmentOption[]
  value: number
  onChange: (installments: number) => void
}) {
  return (
    <SelectField
      label="Parcelas"
      wide
      value={value}
      onChange={onChange}
      options={options.map((option) => ({ value: option.installments, label: option.text }))}
    />
  )
}
