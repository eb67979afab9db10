import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import type { PaymentLinkData } from '../../../../contract/payments'
import { SelectField } from '../../../ui/form-fields'
import { toast, toastDuration } from '../../../ui/toast'
import { issueBoleto } from '../api/checkout'
import { personFields } from '../logic/checkout-body'
import { keepIssuedBoletos } from '../logic/issued-boletos'
import { type Adjustment, installmentOptions } from '../logic/options'
import { AddressFields, type AddressState, missingAddressField } from './address-fields'
import { InstallmentSelect, PayButton } from './fields'
import styles from './payment.module.css'
import type { Submission } from './use-submission'

/** Spec §7: what /success says after a boleto, whatever the server answered. */
export const boletoSuccess = 'Seu boleto será enviado via WhatsApp e E-mail!'

type Props = {
  code: string
  link: PaymentLinkData
  adjustments: Adjustment[]
  address: AddressState
  submission: Submission
  online: boolean
  /** The option chosen, kept by the screen (its lead says the price). */
  installments: number
  onInstallments: (installments: number) => void
}

/** Boleto (spec §2 screen 14): due date, instalments and, always, the address block. */
export function BoletoPanel({
  code,
  link,
  adjustments,
  address,
  submission,
  online,
  installments,
  onInstallments,
}: Props) {
  const navigate = useNavigate()
  const options = installmentOptions(
    link.value,
    adjustments,
    'INSTALLMENT_BILL',
    link.fixed_installments,
  )
  const [dueDate, setDueDate] = useState(() => link.boleto_due_dates[0] ?? '')

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const problem = dueDate
      ? missingAddressField(address.address)
      : 'Escolha a data de vencimento do boleto.'
    if (problem) {
      toast.error(problem, { duration: toastDuration.validation })
      return
    }
    void submission.submit(async () => {
      const { boletos, pix } = await issueBoleto({
        ...personFields(code, link, address.address),
        installments,
        selected_date: dueDate,
      })
      keepIssuedBoletos(boletos, pix)
      await navigate({ to: '/success', search: { message: boletoSuccess } })
    })
  }

  return (
    <form className={styles.side} onSubmit={onSubmit} noValidate>
      <div className={styles.box}>
        <div className={styles.grid}>
          <SelectField
            label="Pagar o boleto até"
            value={dueDate}
            onChange={setDueDate}
            options={link.boleto_due_dates.map((date) => ({ value: date, label: date }))}
          />
          <InstallmentSelect options={options} value={installments} onChange={onInstallments} />
        </div>
      </div>
      <AddressFields state={address} />
      <PayButton online={online} busy={submission.busy}>
        Gerar Boleto
      </PayButton>
    </form>
  )
}
