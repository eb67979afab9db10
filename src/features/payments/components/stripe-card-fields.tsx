import type {
  Stripe,
  StripeCardCvcElement,
  StripeCardExpiryElement,
  StripeCardNumberElement,
} from '@stripe/stripe-js'
import { type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react'
import { cardMessages } from '../../../../contract/tokenizer'
import { ApiError } from '../../../api/client'
import formStyles from '../../../ui/form.module.css'
import { loadStripeJs, stripeJsFailure } from '../api/stripe-js'
import {
  emptyElement,
  firstStripeCardError,
  type StripeCardState,
} from '../logic/stripe-card-validation'
import type { CardFieldsHandle } from './card-fields'
import { CardHolderField } from './card-holder-field'
import styles from './payment.module.css'

/** Stripe's card entry: its publishable key and where Stripe.js loads from. */
type StripeEntry = { publishable_key: string; js_url: string }
type Field = 'cardNumber' | 'cardExpiry' | 'cardCvc'
type Mounted = {
  stripe: Stripe
  cardNumber: StripeCardNumberElement
  cardExpiry: StripeCardExpiryElement
  cardCvc: StripeCardCvcElement
}

const stillLoading = 'Aguarde o formulário seguro do cartão carregar.'
const takeFailure = 'Não foi possível validar o cartão. Tente novamente.'

/** What Stripe.js may answer on createPaymentMethod, in the spec's words where it has them. */
const codeMessages: Record<string, string> = {
  incomplete_number: cardMessages.number,
  invalid_number: cardMessages.number,
  incorrect_number: cardMessages.number,
  incomplete_expiry: cardMessages.yearFull,
  invalid_expiry_month: cardMessages.monthRange,
  invalid_expiry_year: cardMessages.yearFull,
  invalid_expiry_month_past: cardMessages.yearPast,
  invalid_expiry_year_past: cardMessages.yearPast,
  incomplete_cvc: cardMessages.cvv,
  invalid_cvc: cardMessages.cvv,
}

const fieldLabels: Record<Field, string> = {
  cardNumber: 'Número do cartão',
  cardExpiry: 'Validade (MM/AA)',
  cardCvc: 'CVV',
}

/**
 * The card form with Stripe's own fields (decision 016): number, validity and CVV are typed into
 * Stripe.js's frames and go from there to Stripe, which answers a PaymentMethod; only its id
 * reaches our server. The holder's name is ours. The spec's checks (§5) read what each field
 * says of itself, in the spec's order.
 */
export function StripeCardFields({
  entry,
  ref,
}: {
  entry: StripeEntry
  ref: Ref<CardFieldsHandle>
}) {
  const [cardHolder, setCardHolder] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const mounted = useRef<Mounted | null>(null)
  const slots = useRef<Record<Field, HTMLDivElement | null>>({
    cardNumber: null,
    cardExpiry: null,
    cardCvc: null,
  })
  const labelId = useId()
  const states = useRef<Omit<StripeCardState, 'cardHolder'>>({
    cardNumber: emptyElement,
    cardExpiry: emptyElement,
    cardCvc: emptyElement,
  })

  useEffect(() => {
    let gone = false
    let cleanup = () => {}
    loadStripeJs(entry.js_url)
      .then((Stripe) => {
        if (gone) return
        const stripe = Stripe(entry.publishable_key, { locale: 'pt-BR' })
        const elements = stripe.elements({ locale: 'pt-BR' })
        const style = { base: { fontSize: '16px', color: '#1b2430' } }
        const fields = {
          cardNumber: elements.create('cardNumber', { style, showIcon: true }),
          cardExpiry: elements.create('cardExpiry', { style }),
          cardCvc: elements.create('cardCvc', { style }),
        }
        for (const field of ['cardNumber', 'cardExpiry', 'cardCvc'] as const) {
          const element = fields[field] as StripeCardNumberElement
          element.on('change', (event) => {
            states.current[field] = {
              empty: event.empty,
              complete: event.complete,
              ...(event.error ? { error: event.error.code } : {}),
            }
          })
          const slot = slots.current[field]
          if (slot) element.mount(slot)
        }
        mounted.current = { stripe, ...fields }
        cleanup = () => {
          for (const element of Object.values(fields)) element.destroy()
          mounted.current = null
        }
      })
      .catch(() => {
        if (!gone) setFailure(stripeJsFailure)
      })
    return () => {
      gone = true
      cleanup()
    }
  }, [entry.js_url, entry.publishable_key])

  useImperativeHandle(ref, () => ({
    problem() {
      if (failure) return failure
      if (!mounted.current) return stillLoading
      return firstStripeCardError({ ...states.current, cardHolder })
    },
    async take(billing) {
      const current = mounted.current
      if (!current) throw new ApiError(0, failure ?? stillLoading, null)
      const holder = cardHolder.trim()
      const result = await current.stripe.createPaymentMethod({
        type: 'card',
        card: current.cardNumber,
        billing_details: { name: holder, ...(billing.email ? { email: billing.email } : {}) },
      })
      if (result.error || !result.paymentMethod.card) {
        const code = result.error?.code ?? ''
        throw new ApiError(0, codeMessages[code] ?? takeFailure, null)
      }
      const { id, card } = result.paymentMethod
      const month = String(card.exp_month).padStart(2, '0')
      const year = String(card.exp_year)
      return {
        card_token: id,
        card: { brand: card.brand, last_four: card.last4, holder, expiry: `${month}/${year}` },
        month,
        year,
      }
    },
  }))

  // Stripe's frames carry their own accessible names; the text above each is what the eye reads.
  const slot = (field: Field, wide = false) => (
    <div className={`${formStyles.field} ${wide ? formStyles.wide : ''}`}>
      <span id={`${labelId}-${field}`}>{fieldLabels[field]}</span>
      <div
        ref={(node) => {
          slots.current[field] = node
        }}
        className={`${formStyles.input} ${styles.stripeField}`}
      />
    </div>
  )

  return (
    <>
      {failure && (
        <p role="alert" className={`${formStyles.message} ${formStyles.wide}`}>
          {failure}
        </p>
      )}
      {slot('cardNumber', true)}
      <CardHolderField value={cardHolder} onChange={setCardHolder} />
      {slot('cardExpiry')}
      {slot('cardCvc')}
    </>
  )
}
