import { type ComponentProps, type ReactNode, useId } from 'react'
// The input and the two kinds of mask the app uses (a pattern; a list of them, a dynamic mask),
// not the package's index: it registers every kind (numbers, dates, ranges…), 2/3 of its code.
// imask's factory finds a kind by what registered itself (its README, "treeshaking").
import 'imask/masked/pattern'
import 'imask/masked/dynamic'
import IMaskInput from 'react-imask/input'
import type { MaskSpec } from '../lib/masks'
import formStyles from './form.module.css'

/**
 * The form kit of the registration and payment forms: a label tied to its input, a problem said
 * under the field (aria-invalid + aria-describedby), masks from `lib/masks`.
 */

const classes = (...names: Array<string | false | undefined>) => names.filter(Boolean).join(' ')
const describedBy = (...ids: Array<string | false | undefined>) =>
  ids.filter(Boolean).join(' ') || undefined

type MaskedInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'ref'> & {
  mask: MaskSpec
  value: string
  onAccept: (value: string) => void
}

/** react-imask's input with one of our masks; a list of masks is a dynamic mask. */
function MaskedInput({ mask, value, onAccept, ...rest }: MaskedInputProps) {
  const accept = (accepted: string) => onAccept(accepted)
  return typeof mask === 'string' ? (
    <IMaskInput {...rest} mask={mask} value={value} unmask={false} onAccept={accept} />
  ) : (
    <IMaskInput
      {...rest}
      mask={mask.map((entry) => ({ mask: entry.mask }))}
      value={value}
      unmask={false}
      onAccept={accept}
    />
  )
}

/** A labelled field; children receive the input's id. */
export function Field({
  label,
  wide,
  className,
  required,
  children,
}: {
  label: string
  /** Marked on its label with an asterisk the screen reader skips (the input says aria-required). */
  required?: boolean
  /** Across the whole row of a two-column grid. */
  wide?: boolean
  /** The field's cell in its form's grid (how many columns it takes). */
  className?: string | undefined
  children: (id: string) => ReactNode
}) {
  const id = useId()
  return (
    <div className={classes(formStyles.field, wide && formStyles.wide, className)}>
      <label htmlFor={id} className={required ? formStyles.required : undefined}>
        {label}
      </label>
      {children(id)}
    </div>
  )
}

/** A field's problem, under it; its id goes into the input's aria-describedby. */
function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className={formStyles.message}>
      {error}
    </p>
  ) : null
}

type TextFieldProps = {
  label: string
  value: string
  onChange: (value: string) => void
  /** Shown but not editable (locked, filled by a lookup, read-only form). */
  readOnly?: boolean
  mask?: MaskSpec
  type?: string
  autoComplete?: string
  inputMode?: 'numeric' | 'email' | 'tel'
  placeholder?: string
  onBlur?: (event: React.FocusEvent<HTMLInputElement>) => void
  wide?: boolean
  /** The field's cell in its form's grid (how many columns it takes). */
  className?: string | undefined
  /** The field's problem, said under it (and to screen readers through aria-describedby). */
  error?: string
  /** More lines under the field (a rule, a lookup's answer). */
  children?: ReactNode
  /** A note elsewhere on the form that speaks of this field (why it is locked). */
  describedById?: string | undefined
  required?: boolean
}

/** A text input, typed through a mask when it has one; its value is kept formatted. */
export function TextField({
  label,
  value,
  onChange,
  readOnly,
  mask,
  type = 'text',
  autoComplete,
  inputMode,
  placeholder,
  onBlur,
  wide,
  className,
  error,
  children,
  describedById,
  required,
}: TextFieldProps) {
  return (
    <Field label={label} wide={wide} className={className} required={required}>
      {(id) => {
        const errorId = `${id}-error`
        const common = {
          id,
          className: formStyles.input,
          readOnly,
          autoComplete,
          inputMode,
          placeholder,
          onBlur,
          name: label,
          'aria-required': required ? true : undefined,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy(error && errorId, describedById),
        }
        return (
          <>
            {mask ? (
              <MaskedInput {...common} mask={mask} value={value} onAccept={onChange} />
            ) : (
              <input
                {...common}
                type={type}
                value={value}
                onChange={(event) => onChange(event.target.value)}
              />
            )}
            <FieldError id={errorId} error={error} />
            {children}
          </>
        )
      }}
    </Field>
  )
}

type MaskedFieldProps = {
  label: string
  mask: MaskSpec
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
          <MaskedInput
            id={id}
            className={formStyles.input}
            mask={mask}
            inputMode="numeric"
            value={value}
            onAccept={onAccept}
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
  disabled?: boolean
  error?: string
  /** An empty first choice ('Selecione') for a value not chosen yet. */
  placeholder?: string
  required?: boolean
}

export function SelectField<T extends string | number>({
  label,
  value,
  onChange,
  options,
  wide,
  disabled,
  error,
  placeholder,
  required,
}: SelectFieldProps<T>) {
  return (
    <Field label={label} wide={wide} required={required}>
      {(id) => (
        <>
          <select
            id={id}
            className={formStyles.input}
            value={value}
            disabled={disabled}
            aria-required={required ? true : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error && `${id}-error`)}
            onChange={(event) => {
              if (placeholder !== undefined && event.target.value === '') {
                onChange('' as T)
                return
              }
              const chosen = options.find((option) => String(option.value) === event.target.value)
              if (chosen) onChange(chosen.value)
            }}
          >
            {placeholder !== undefined && <option value="">{placeholder}</option>}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-error`} error={error} />
        </>
      )}
    </Field>
  )
}
