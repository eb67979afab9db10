import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { toast } from 'sonner'
import type { PaymentLinkData } from '../../../api/schemas'
import { Button } from '../../../ui/button'
import { toastDuration } from '../../../ui/toaster'
import { issueBoleto } from '../api/checkout'
import { personFields } from '../logic/checkout-body'
import { type Adjustment, installmentOptions } from '../logic/options'
import { AddressFields, type AddressState, Field, missingAddressField } from './address-fields'
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
}

/** Boleto (spec §2 screen 14): due date, instalments and, always, the address block. */
export function BoletoPanel({ code, link, adjustments, address, submission, online }: Props) {
  const navigate = useNavigate()
  const options = installmentOptions(
    link.value,
    adjustments,
    'INSTALLMENT_BILL',
    link.fixed_installments,
  )
  const [installments, setInstallments] = useState(() => options[0]?.installments ?? 1)
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
      await issueBoleto({
        ...personFields(code, link, address.address),
        installments,
        selected_date: dueDate,
      })
      await navigate({ to: '/success', search: { message: boletoSuccess } })
    })
  }

  return (
    <form className={styles.side} onSubmit={onSubmit} noValidate>
      <div className={styles.box}>
        <div className={styles.grid}>
          <Field label="Data de vencimento">
            {(id) => (
              <select
                id={id}
                className={styles.input}
                value={dueDate}
                onChange={(event) => setDueDate(event.target.value)}
              >
                {link.boleto_due_dates.map((date) => (
                  <option key={date} value={date}>
                    {date}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Parcelas">
            {(id) => (
              <select
                id={id}
                className={styles.input}
                value={installments}
                onChange={(event) => setInstallments(Number(event.target.value))}
              >
                {options.map((option) => (
                  <option key={option.installments} value={option.installments}>
                    {option.text}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </div>
      <AddressFields state={address} />
      <Button type="submit" block disabled={!online} busy={submission.busy}>
        Gerar Boleto
      </Button>
    </form>
  )
}
