import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useRef } from 'react'
import type { PaymentLinkData } from '../../../../contract/payments'
import { formatMoney } from '../../../lib/money'
import { Svg } from '../../../ui/svg'
import { toast, toastDuration } from '../../../ui/toast'
import { payWithCard } from '../api/checkout'
import { personFields } from '../logic/checkout-body'
import { type Adjustment, installmentOptions } from '../logic/options'
import { AddressFields, type AddressState, missingAddressField } from './address-fields'
import type { CardFieldsHandle } from './card-fields'
import { InstallmentSelect, PayButton } from './fields'
import styles from './payment.module.css'
import { SandboxCardFields } from './sandbox-card-fields'
import { StripeCardFields } from './stripe-card-fields'
import type { Submission } from './use-submission'

export type CardMode = 'CREDIT' | 'RECURRENCE' | 'SWAP'

const submitLabels: Record<CardMode, string> = {
  CREDIT: 'Pagar com cartão',
  RECURRENCE: 'Ativar recorrência',
  SWAP: 'Trocar Cartão',
}

/** The Recorrência tab's first line: what enrolling the card authorizes. */
export const recurrenceIntro =
  'Você paga esta cobrança agora e as próximas parcelas do contrato são cobradas neste cartão, a cada vencimento, sem precisar voltar aqui.'

type Props = {
  code: string
  link: PaymentLinkData
  mode: CardMode
  adjustments: Adjustment[]
  address: AddressState
  showAddress: boolean
  submission: Submission
  online: boolean
  /** The option chosen, kept by the screen (its lead says the price); absent on a swap. */
  installments?: number
  onInstallments?: (installments: number) => void
}

/**
 * Card, recurrence and card swap (spec §2 screen 14, §5): the eight checks in order, then the
 * card goes to the gateway's own entry (the spec's tokenizer, or Stripe's fields) and only its
 * token to our checkout.
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
  installments: chosenInstallments,
  onInstallments,
}: Props) {
  const navigate = useNavigate()
  const fields = useRef<CardFieldsHandle>(null)
  const options =
    mode === 'SWAP'
      ? []
      : installmentOptions(link.value, adjustments, mode, link.fixed_installments)
  const installments = chosenInstallments ?? options[0]?.installments ?? 1
  // What the tap takes, on the button itself (the chosen option's words, as the list says them).
  const chosen = options.find((option) => option.installments === installments)
  const amount = chosen
    ? chosen.installments > 1
      ? `${chosen.installments}x de ${formatMoney(chosen.perInstallment)}`
      : formatMoney(chosen.total)
    : null
  const { card_entry: cardEntry } = link
  const stripe =
    cardEntry?.kind === 'stripe' && cardEntry.publishable_key && cardEntry.js_url
      ? { publishable_key: cardEntry.publishable_key, js_url: cardEntry.js_url }
      : undefined

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const entry = fields.current
    if (!entry) return
    const problem = entry.problem() ?? (showAddress ? missingAddressField(address.address) : null)
    if (problem) {
      toast.error(problem, { duration: toastDuration.validation })
      return
    }
    void submission.submit(async () => {
      const body = personFields(code, link, address.address)
      const taken = await entry.take({ email: body.email ?? undefined })
      const message = await payWithCard({
        ...body,
        installments: mode === 'SWAP' ? 1 : installments,
        ...taken,
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
        {/* What a recurrence is, before the card that it keeps (the audit found it unexplained). */}
        {mode === 'RECURRENCE' && <p className={styles.intro}>{recurrenceIntro}</p>}
        {/* Two columns on a phone too: Validade beside CVV, as a card is read (audit 8). */}
        <div className={`${styles.grid} ${styles.cardGrid}`}>
          {stripe ? (
            <StripeCardFields entry={stripe} ref={fields} />
          ) : (
            <SandboxCardFields gatewayId={link.gateway_id} ref={fields} />
          )}
          {mode !== 'SWAP' && (
            <InstallmentSelect
              options={options}
              value={installments}
              onChange={(value) => onInstallments?.(value)}
            />
          )}
        </div>
        {/* Where the card is typed, not above every method (the audit saw it beside Pix). */}
        <p className={styles.secure}>
          <Svg size={16}>
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </Svg>
          <span>
            Pagamento seguro: os dados do cartão vão direto para o processador de pagamentos.
          </span>
        </p>
      </div>
      {showAddress && <AddressFields state={address} />}
      <PayButton online={online} busy={submission.busy}>
        {amount ? `${submitLabels[mode]} · ${amount}` : submitLabels[mode]}
      </PayButton>
    </form>
  )
}
