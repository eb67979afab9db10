import { type Ref, useImperativeHandle, useState } from 'react'
import { digits } from '../../../../contract/format'
import { cardBrandNames } from '../../../lib/card-brand-names'
import { detectCardBrand } from '../../../lib/card-brands'
import { masks } from '../../../lib/masks'
import { MaskedField } from '../../../ui/form-fields'
import { tokenizeCard } from '../api/checkout'
import { firstCardError } from '../logic/card-validation'
import type { CardFieldsHandle } from './card-fields'
import { CardHolderField } from './card-holder-field'
import styles from './payment.module.css'

/**
 * The spec's card form (§3, §5 masks) for the tokenizer of spec §7 (the demo's sandbox): the
 * number and CVV go from the browser to the tokenizer only, and its token to our server.
 */
export function SandboxCardFields({
  gatewayId,
  ref,
}: {
  gatewayId: string
  ref: Ref<CardFieldsHandle>
}) {
  const [cardNumber, setCardNumber] = useState('')
  const [cardHolder, setCardHolder] = useState('')
  const [expiryDate, setExpiryDate] = useState('')
  const [cvv, setCvv] = useState('')
  const brand = detectCardBrand(cardNumber)

  useImperativeHandle(ref, () => ({
    problem: () =>
      firstCardError({ cardHolder, cardNumber: digits(cardNumber), cvv, expiryDate }, new Date()),
    async take() {
      const [month = '', year = ''] = expiryDate.split('/')
      const tokenized = await tokenizeCard(gatewayId, {
        brand: brand ?? undefined,
        card_number: digits(cardNumber),
        cvv,
        due_date: expiryDate,
        card_holder: cardHolder.trim(),
      })
      return { card_token: tokenized.token, card: tokenized.card, month, year }
    },
  }))

  return (
    <>
      <MaskedField
        label="Número do cartão"
        wide
        mask={masks.cardNumber}
        autoComplete="cc-number"
        placeholder="0000 0000 0000 0000"
        value={cardNumber}
        onAccept={setCardNumber}
        note={
          <p className={styles.brand} aria-live="polite">
            {/* Before a number says its brand, the line says which ones are taken (it kept an
                empty band under the field). */}
            {brand
              ? `Bandeira: ${cardBrandNames[brand]}`
              : 'Visa, Mastercard, Elo, Hipercard, American Express e outras.'}
          </p>
        }
      />
      <CardHolderField value={cardHolder} onChange={setCardHolder} />
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
        placeholder="000"
        value={cvv}
        onAccept={setCvv}
      />
    </>
  )
}
