import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { digits } from '../../../../contract/format'
import type { PaymentLinkData } from '../../../../contract/payments'
import { type CardBrand, detectCardBrand } from '../../../lib/card-brands'
import { masks } from '../../../lib/masks'
import { Button } from '../../../ui/button'
import formStyles from '../../../ui/form.module.css'
import { Field, MaskedField } from '../../../ui/form-fields'
import { toast, toastDuration } from '../../../ui/toast'
import { payWithCard, tokenizeCard } from '../api/checkout'
import { firstCardError } from '../logic/card-validation'
import { personFields } from '../logic/checkout-body'
import { type Adjustment, installmentOptions } from '../logic/options'
import { AddressFields, type AddressState, missingAddressField } from './address-fields'
import { InstallmentSelect } from './fields'
import styles from './payment.module.css'
import type { Submission } from './use-submission'

export type CardMode = 'CREDIT' | 'RECURRENCE' | 'SWAP'

const brandNames: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  elo: 'Elo',
  hipercard: 'Hipercard',
}

const submitLabels: Record<CardMode, string> = {
  CREDIT: 'Pagar com cartão',
  RECURRENCE: 'Ativar recorrência',
  SWAP: 'Trocar Cartão',
}

type Props = {
  code: string
  link: PaymentLinkData
  mode: CardMode
  adjustments: Adjustment[]
  address: AddressState
  showAddress: boolean
  submission: Submission
  online: boolean
}

/**
 * Card, recurrence and card swap (spec §2 screen 14, §5): the eight checks in order, then the
 * card goes to the tokenizer and only its token to our checkout.
 */
export function CardPanel({
  code,
  link,
  mode,
  adjustments,
  address,
  showAddress,
  submission,
  online,
}: Props) {
  const navigate = useNavigate()
  const [cardNumber, setCardNumber] = useState('')
  const [cardHolder, setCardHolder] = useState('')
  const [expiryDate, setExpiryDate] = useState('')
  const [cvv, setCvv] = useState('')
  const options =
    mode === 'SWAP'
      ? []
      : installmentOptions(link.value, adjustments, mode, link.fixed_installments)
  const [installments, setInstallments] = useState(() => options[0]?.installments ?? 1)
  const brand = detectCardBrand(cardNumber)

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const number = digits(cardNumber)
    const problem =
      firstCardError({ cardHolder, cardNumber: number, cvv, expiryDate }, new Date()) ??
      (showAddress ? missingAddressField(address.address) : null)
    if (problem) {
      toast.error(problem, { duration: toastDuration.validation })
      return
    }
    void submission.submit(async () => {
      const [month = '', year = ''] = expiryDate.split('/')
      const tokenized = await tokenizeCard(link.gateway_id, {
        brand: brand ?? undefined,
        card_number: number,
        cvv,
        due_date: expiryDate,
        card_holder: cardHolder.trim(),
      })
      const message = await payWithCard({
        ...personFields(code, link, address.address),
        installments: mode === 'SWAP' ? 1 : installments,
        card_token: tokenized.token,
        card: tokenized.card,
        month,
        year,
        payment_type: mode === 'CREDIT' ? 'CREDIT' : 'RECURRENCE',
      })
      // A payment has a receipt; a card swap charged nothing.
      await navigate({ to: '/success', search: { message, ...(mode === 'SWAP' ? {} : { code }) } })
    })
  }

  return (
    <form className={styles.side} onSubmit={onSubmit} noValidate>
      <div className={styles.box}>
        {mode === 'SWAP' && <h2>Dados do novo cartão</h2>}
        <div className={styles.grid}>
          <MaskedField
            label="Número do cartão"
            wide
            mask={masks.cardNumber}
            autoComplete="cc-number"
            value={cardNumber}
            onAccept={setCardNumber}
            note={
              <p className={styles.brand} aria-live="polite">
                {brand ? `Bandeira: ${brandNames[brand]}` : ''}
              </p>
            }
          />
          <Field label="Nome do titular do cartão" wide>
            {(id) => (
              <input
                id={id}
                className={formStyles.input}
                autoComplete="cc-name"
                maxLength={60}
                value={cardHolder}
                onChange={(event) => setCardHolder(event.target.value.toUpperCase())}
              />
            )}
          </Field>
          <MaskedField
            label="Validade (MM/AAAA)"
            mask={masks.cardExpiry}
            autoComplete="cc-exp"
            placeholder="MM/AAAA"
            value={expiryDate}
            onAccept={setExpiryDate}
          />
          <MaskedField
            label="CVV"
            mask={masks.cvv}
            autoComplete="cc-csc"
            value={cvv}
            onAccept={setCvv}
          />
          {mode !== 'SWAP' && (
            <InstallmentSelect options={options} value={installments} onChange={setInstallments} />
          )}
        </div>
      </div>
      {showAddress && <AddressFields state={address} />}
      <Button type="submit" block disabled={!online} busy={submission.busy}>
        {submitLabels[mode]}
      </Button>
    </form>
  )
}
