import { SelectField } from '../../../ui/form-fields'
import type { InstallmentOption } from '../logic/options'

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
