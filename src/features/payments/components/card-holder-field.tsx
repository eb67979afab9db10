import formStyles from '../../../ui/form.module.css'
import { Field } from '../../../ui/form-fields'

/** 'Nome do titular do cartão': ours whichever gateway takes the rest of the card. */
export function CardHolderField({
  value,
  onChange,
}: {
  value: string
  onChange: (value: string) => void
}) {
  return (
    <Field label="Nome do titular do cartão" wide>
      {(id) => (
        <input
          id={id}
          className={formStyles.input}
          autoComplete="cc-name"
          maxLength={60}
          value={value}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
        />
      )}
    </Field>
  )
}
