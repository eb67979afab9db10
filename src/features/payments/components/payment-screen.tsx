import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { formatCpf, formatPhoneText } from '../../../../contract/format'
import { changeCardRecurrenceSrc, type PaymentLinkData } from '../../../../contract/payments'
import { formatMoney } from '../../../lib/money'
import { Button } from '../../../ui/button'
import pageStyles from '../../../ui/page.module.css'
import { FullScreenSpinner } from '../../../ui/spinner'
import { type TabItem, Tabs } from '../../../ui/tabs'
import { toast, toastDuration } from '../../../ui/toast'
import { useOnline } from '../../../ui/use-online'
import { paymentLinkQueryOptions } from '../api/checkout'
import { adjustmentsFor, tabLabel } from '../logic/options'
import { useAddress } from './address-fields'
import { BoletoPanel } from './boleto-panel'
import { CardPanel } from './card-panel'
import styles from './payment.module.css'
import { PixPanel } from './pix-panel'
import { useSubmission } from './use-submission'

type Method = 'pix' | 'credit' | 'recurrence' | 'boleto_pix'

/** Spec §2 screen 14: tabs in this order, each only when the link allows it. */
const methods: Array<{ key: Method; label: string; typePayment: string }> = [
  { key: 'pix', label: 'Pix', typePayment: 'PIX' },
  { key: 'credit', label: 'Cartão', typePayment: 'CREDIT' },
  { key: 'recurrence', label: 'Recorrência', typePayment: 'RECURRENCE' },
  { key: 'boleto_pix', label: 'Boleto', typePayment: 'INSTALLMENT_BILL' },
]

const offlineNote =
  'Sem conexão. O pagamento precisa de internet: conecte-se para gerar o Pix, o boleto ou pagar com cartão.'

/** The payment-link screen: loads the link by its code, then holder, charge and payment methods. */
export function PaymentScreen({ code }: { code: string }) {
  const online = useOnline()
  const link = useQuery({ ...paymentLinkQueryOptions(code), enabled: code !== '' })

  // Spec §8: a link that cannot be loaded says why in an error toast for 8 s.
  useEffect(() => {
    if (link.error) toast.error(link.error.message, { duration: toastDuration.paymentLinkFailure })
  }, [link.error])

  if (!code) return <Problem message="Link de pagamento inválido: falta o código do pagamento." />
  // Offline the read waits (paused) for the connection, and resumes by itself when it returns.
  if (link.isPending && !online) return <Problem message={offlineNote} />
  if (link.isPending) return <FullScreenSpinner label="Carregando pagamento…" />
  if (link.error)
    return (
      <Problem message={online ? link.error.message : offlineNote}>
        <Button variant="secondary" onClick={() => void link.refetch()}>
          Tentar novamente
        </Button>
      </Problem>
    )
  return <PaymentLink code={code} link={link.data} online={online} />
}

function Problem({ message, children }: { message: string; children?: React.ReactNode }) {
  return (
    <section className={pageStyles.page}>
      <h1 className={pageStyles.title}>Pagamento</h1>
      <div className={styles.box}>
        <p role="alert">{message}</p>
        {children}
      </div>
    </section>
  )
}

function PaymentLink({
  code,
  link,
  online,
}: {
  code: string
  link: PaymentLinkData
  online: boolean
}) {
  const swap = link.src === changeCardRecurrenceSrc
  const adjustments = adjustmentsFor(link.payment_adjustment, link.chanel)
  const tabs: Array<TabItem<Method>> = methods
    .filter((method) => link.valid_payment_types[method.key])
    .map((method) => ({
      key: method.key,
      label: method.label,
      hint: tabLabel(adjustments, method.typePayment, link.fixed_installments),
    }))
  const [selected, setSelected] = useState<Method | undefined>(tabs[0]?.key)
  const submission = useSubmission()
  const address = useAddress(link)
  const needsAddress = link.need_fill_person_fields === 'true'
  const common = { code, link, adjustments, submission, online }

  function panel(method: Method) {
    switch (method) {
      case 'pix':
        return <PixPanel {...common} />
      case 'credit':
      case 'recurrence':
        return (
          <CardPanel
            key={method}
            {...common}
            mode={method === 'credit' ? 'CREDIT' : 'RECURRENCE'}
            address={address}
            showAddress={needsAddress}
          />
        )
      case 'boleto_pix':
        return <BoletoPanel {...common} address={address} />
    }
  }

  return (
    <section className={pageStyles.page}>
      <h1 className={pageStyles.title}>{swap ? 'Trocar Cartão' : 'Pagamento'}</h1>
      {!online && (
        <p className={styles.note} role="status">
          {offlineNote}
        </p>
      )}
      <div className={styles.columns}>
        <div className={styles.side}>
          <HolderCard link={link} />
          {!swap && <ChargeSummary link={link} />}
        </div>
        <div className={styles.side}>
          {swap ? (
            <CardPanel {...common} mode="SWAP" address={address} showAddress={needsAddress} />
          ) : selected ? (
            <>
              <h2 className={styles.heading}>Formas de pagamento</h2>
              <Tabs
                label="Formas de pagamento"
                tabs={tabs}
                selected={selected}
                onSelect={setSelected}
              >
                {panel(selected)}
              </Tabs>
            </>
          ) : (
            <p className={styles.note}>Nenhuma forma de pagamento disponível para este link.</p>
          )}
        </div>
      </div>
      {submission.busy && <FullScreenSpinner label="Processando pagamento…" />}
    </section>
  )
}

function HolderCard({ link }: { link: PaymentLinkData }) {
  return (
    <section className={styles.box} aria-labelledby="holder-title">
      <h2 id="holder-title">Titular</h2>
      <dl className={styles.facts}>
        <dt>Nome</dt>
        <dd>{link.holder}</dd>
        <dt>E-mail</dt>
        <dd>{link.email || '—'}</dd>
        <dt>Celular</dt>
        <dd>{formatPhoneText(link.phone) || '—'}</dd>
        <dt>CPF</dt>
        <dd>{link.cpf ? formatCpf(link.cpf) : '—'}</dd>
      </dl>
    </section>
  )
}

/** Spec §2 screen 14 charge summary; amounts in cents. */
function ChargeSummary({ link }: { link: PaymentLinkData }) {
  const rows: Array<[string, string]> = [
    ['Contrato', link.contract],
    ['Número', link.numberContract],
    ['Série', link.serieContract],
    ['Parcela', link.installment],
    ['Descrição', link.description],
    ['Valor', formatMoney(link.payment_order_value)],
    ['Desconto', formatMoney(link.discount)],
    ['Juros', formatMoney(link.fee)],
    ['Multa', formatMoney(link.fine)],
    ['Correção', formatMoney(link.correction)],
  ]
  // On a phone the details fold away, so the payment methods are not pushed below the fold.
  const [open, setOpen] = useState(false)
  const detailsId = useId()
  return (
    <section className={styles.box} aria-labelledby="charge-title">
      <div className={styles.summaryHead}>
        <h2 id="charge-title">Resumo da cobrança</h2>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Ocultar detalhes' : 'Ver detalhes'}
        </button>
      </div>
      <dl id={detailsId} className={styles.facts} data-expanded={open}>
        {rows.map(([label, value]) => (
          <Row key={label} label={label} value={value} />
        ))}
      </dl>
      <dl className={`${styles.facts} ${styles.total}`}>
        <dt>Total</dt>
        <dd>{formatMoney(link.value)}</dd>
      </dl>
    </section>
  )
}

const Row = ({ label, value }: { label: string; value: string }) => (
  <>
    <dt>{label}</dt>
    <dd>{value || '—'}</dd>
  </>
)
