import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense, useEffect, useId, useState } from 'react'
import { formatSeriesNumber } from '../../../../contract/format'
import { addDays, todayInSaoPaulo } from '../../../../contract/late-charges'
import { changeCardRecurrenceSrc, type PaymentLinkData } from '../../../../contract/payments'
import { ApiError } from '../../../api/client'
import { cardBrandName } from '../../../lib/card-brand-names'
import { formatDate } from '../../../lib/dates'
import { formatMoney, formatMoneyUnbroken } from '../../../lib/money'
import { Button } from '../../../ui/button'
import buttonStyles from '../../../ui/button.module.css'
import pageStyles from '../../../ui/page.module.css'
import { FullScreenSpinner } from '../../../ui/spinner'
import { type TabItem, Tabs } from '../../../ui/tabs'
import { toast, toastDuration } from '../../../ui/toast'
import { useOnline } from '../../../ui/use-online'
import { paymentLinkQueryOptions } from '../api/checkout'
import { usePixAutomatico } from '../api/pix-automatico'
import {
  adjustmentsFor,
  type MethodPrice,
  methodPrice,
  methodPriceDetail,
  percentText,
  tabLabel,
} from '../logic/options'
import { maskCpf, maskEmail, maskPhone } from '../logic/privacy'
import { useAddress } from './address-fields'
import { BoletoPanel } from './boleto-panel'
import { CardPanel } from './card-panel'
import { Charger, CheckoutHelp } from './charger'
import { ChoiceList } from './fields'
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

type Pay = { where: string; price: MethodPrice; once: string }

/** How the lead's "Você paga" names the chosen tab. */
const payingWhere: Record<Method, string> = {
  pix: 'no Pix',
  credit: 'no cartão',
  recurrence: 'na recorrência do cartão',
  boleto_pix: 'no boleto',
}

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
  if (link.error) {
    if (!online) return <Problem message={offlineNote} />
    // A link the server answered about (unknown, paid, cancelled) will not change by trying it
    // again: the page says what to do instead. The toast already says the server's words.
    const settled =
      link.error instanceof ApiError && link.error.status >= 400 && link.error.status < 500
    if (settled)
      return (
        <Problem title="Este link não pode ser pago" message={link.error.message}>
          <p>
            Confira se o link chegou completo. Se a parcela ainda estiver em aberto, gere um novo
            link em Pagamentos, no portal, ou peça um novo a quem enviou este.
          </p>
          <a href="/search" className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
            Ir para Pagamentos
          </a>
        </Problem>
      )
    return (
      <Problem
        title="Não foi possível carregar o pagamento"
        message="O servidor não respondeu agora. Nada foi cobrado; tente de novo em instantes."
      >
        <Button variant="secondary" onClick={() => void link.refetch()}>
          Tentar novamente
        </Button>
      </Problem>
    )
  }
  return <PaymentLink code={code} link={link.data} online={online} />
}

function Problem({
  title,
  message,
  children,
}: {
  title?: string
  message: string
  children?: React.ReactNode
}) {
  return (
    <section className={`${pageStyles.page} ${pageStyles.focused}`} data-focused-page>
      <h1 className={pageStyles.title}>Pagamento</h1>
      <div className={`${styles.box} ${styles.problem}`}>
        {title && <h2>{title}</h2>}
        <p role="alert">{message}</p>
        {children}
      </div>
      <CheckoutHelp />
    </section>
  )
}

/** Fetched when the Recorrência tab first shows it; online only, as the whole payment screen. */
const PixAutomaticoSection = lazy(() =>
  import('./pix-automatico-section').catch(() => ({ default: () => null })),
)

export const pixAutomaticoApproved = {
  msg: 'Pix Automático ativado!',
  message:
    'As próximas parcelas serão cobradas sozinhas na sua conta, alguns dias antes de cada vencimento.',
} as const

/**
 * Beyond the card's recurrence, where the link allows recurrence: "Débito automático via Pix"
 * (Pix Automático, decision 025), the same authorization the holder finds on Pagamentos. Once the
 * bank approves it, the screen says so as a payment does.
 */
function PixAutomaticoOnLink({ code, online }: { code: string; online: boolean }) {
  const navigate = useNavigate()
  return (
    <Suspense fallback={null}>
      <PixAutomaticoSection
        source={{ linkCode: code }}
        online={online}
        onApproved={() => void navigate({ to: '/success', search: pixAutomaticoApproved })}
      />
    </Suspense>
  )
}

type RecurrenceWay = 'card' | 'pix'

/** The Recorrência tab's two ways, as a choice of two (the card's is the spec's, and first). */
function RecurrenceWays({
  way,
  onChange,
  cardOff,
}: {
  way: RecurrenceWay
  onChange: (way: RecurrenceWay) => void
  /** The card's discount ('6% de desconto'), which Pix Automático does not give. */
  cardOff: string | null
}) {
  return (
    <ChoiceList
      legend="Como cobrar as próximas parcelas"
      className={styles.recurrenceWays}
      detailBelow
      value={way}
      onChange={onChange}
      choices={[
        {
          value: 'card',
          title: 'Cartão de crédito',
          detail: `Cobrado no cartão a cada vencimento${cardOff ? `, com ${cardOff}` : ''}.`,
        },
        {
          value: 'pix',
          title: 'Pix Automático',
          detail: 'Cobrado na sua conta, autorizado uma vez no app do banco.',
        },
      ]}
    />
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
    .map((method) => {
      const hint = tabLabel(adjustments, method.typePayment, link.fixed_installments)
      // 'Até 2x c/ juros' costs more: not in the offers' green (audit 9).
      return { key: method.key, label: method.label, hint, hintCosts: hint?.endsWith('c/ juros') }
    })
  const [selected, setSelected] = useState<Method | undefined>(tabs[0]?.key)
  // The option chosen on each tab lives here, so the lead's "Você paga" says what the tap takes.
  const [chosen, setChosen] = useState<Partial<Record<Method, number>>>({})
  const choose = (method: Method) => (installments: number) =>
    setChosen((current) => ({ ...current, [method]: installments }))
  const byMethod = (method: Method) =>
    methodPrice(
      link.value,
      adjustments,
      methods.find((item) => item.key === method)?.typePayment ?? '',
      link.fixed_installments,
      chosen[method] ?? 0,
    )
  // Where the link allows a recurrence, the server may also offer Pix Automático on it.
  const pixAutomatico = usePixAutomatico(
    { linkCode: code },
    { enabled: online && !swap && link.valid_payment_types.recurrence },
  )
  const pixOffered = Boolean(pixAutomatico.data?.view || pixAutomatico.data?.canEnrol)
  const [way, setWay] = useState<RecurrenceWay>()
  // One already asked for or on: it is what the tab shows first.
  const pixStatus = pixAutomatico.data?.view?.status
  const recurrenceWay: RecurrenceWay =
    way ?? (pixStatus === 'CRIADA' || pixStatus === 'APROVADA' ? 'pix' : 'card')
  const submission = useSubmission()
  const address = useAddress(link)
  const needsAddress = link.need_fill_person_fields === 'true'
  const common = { code, link, adjustments, submission, online }

  // What the card's recurrence takes off, for the way that does not ('6% de desconto').
  const cardChange = link.valid_payment_types.recurrence ? byMethod('recurrence').change : 0
  const cardOff = cardChange < 0 ? `${percentText(-cardChange)}% de desconto` : null

  /** What the chosen tab (and, on Recorrência, way) charges, as the summary's foot says it. */
  function payFor(method: Method): Pay {
    if (method === 'recurrence' && pixOffered && recurrenceWay === 'pix') {
      // Pix Automático charges this instalment at its due date in her account; one due within
      // the bank's notice (COBR_FIRST_DAY) is paid with the authorization, by its QR, as a Pix.
      const soon = (link.due_dates ?? []).some(
        (day) => day < addDays(todayInSaoPaulo(new Date()), 2),
      )
      return soon
        ? { where: 'no Pix Automático', price: byMethod('pix'), once: 'ao autorizar, pelo QR Code' }
        : {
            where: 'no Pix Automático',
            price: { total: link.value, installments: 1, perInstallment: link.value, change: 0 },
            // The card's recurrence takes its discount off; this way does not: said, not lost
            // without a word (audit 15).
            once: `debitada na sua conta no vencimento${cardOff ? `, sem os ${cardOff} do cartão` : ''}`,
          }
    }
    return {
      where: payingWhere[method],
      price: byMethod(method),
      // A recurrence charges this one now and the next ones at their dates.
      once: method === 'recurrence' ? 'cobrada agora' : 'à vista',
    }
  }

  function panel(method: Method) {
    switch (method) {
      case 'pix':
        return <PixPanel {...common} />
      case 'credit':
      case 'recurrence': {
        const card = (
          <CardPanel
            key={method}
            {...common}
            mode={method === 'credit' ? 'CREDIT' : 'RECURRENCE'}
            installments={byMethod(method).installments}
            onInstallments={choose(method)}
            address={address}
            showAddress={needsAddress}
          />
        )
        if (method === 'credit') return card
        // Two ways to be charged at each due date, one at a time (audit 10 read the card's form
        // and the Pix authorization stacked as one long form). The card's form keeps its place
        // in the tree when the choice appears, so nothing typed in it is lost.
        return (
          <>
            {pixOffered && (
              <RecurrenceWays way={recurrenceWay} onChange={setWay} cardOff={cardOff} />
            )}
            {recurrenceWay === 'card' || !pixOffered ? (
              card
            ) : (
              <PixAutomaticoOnLink code={code} online={online} />
            )}
          </>
        )
      }
      case 'boleto_pix':
        return (
          <BoletoPanel
            {...common}
            address={address}
            installments={byMethod(method).installments}
            onInstallments={choose(method)}
          />
        )
    }
  }

  return (
    // Trocar Cartão is one short form: a centred column, the holder above it (issue 27).
    <section className={pageStyles.page}>
      {swap || !selected ? (
        <h1 className={pageStyles.title}>{swap ? 'Trocar Cartão' : 'Pagamento'}</h1>
      ) : (
        // On a desktop the methods' column is named level with the page's title (audit 16: a
        // phone had "Formas de pagamento", a desktop nothing); the heading screen readers use
        // stays with the tabs, so this one is drawn only.
        <div className={styles.titleRow}>
          <h1 className={pageStyles.title}>Pagamento</h1>
          <p className={styles.methodsTitle} aria-hidden="true">
            Formas de pagamento
          </p>
        </div>
      )}
      {!online && (
        <p className={styles.note} role="status">
          {offlineNote}
        </p>
      )}
      {/* What is paid, then how, then who: on a desktop the first and the last share the left
          column, the methods the right (issue 27). */}
      <div className={styles.columns}>
        <div className={styles.leadArea}>
          {swap ? (
            <SwapLead link={link} />
          ) : (
            <ChargeLead
              link={link}
              // One "Você paga" at the summary's foot, whichever tab and way (audit 13: it was
              // in the summary, in a panel or only in a button, by tab and screen).
              pay={selected ? payFor(selected) : null}
            />
          )}
        </div>
        <div className={styles.holderArea}>
          <HolderCard link={link} />
        </div>
        <div className={styles.methodsArea}>
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
      <CheckoutHelp />
      {submission.busy && <FullScreenSpinner label="Processando pagamento…" />}
    </section>
  )
}

/**
 * A card swap says what it changes before the form (issue 27): whose plan, the card charged now
 * (brand and last four, as a statement shows it), and that nothing is charged today.
 */
function SwapLead({ link }: { link: PaymentLinkData }) {
  const card = link.current_card
  return (
    <section className={`${styles.box} ${styles.lead}`} aria-labelledby="swap-title">
      <Charger />
      <p className={styles.payee}>
        {link.contract} · Contrato {formatSeriesNumber(link.serieContract, link.numberContract)}
      </p>
      <h2 id="swap-title">Cartão da recorrência</h2>
      {card && (
        <p className={styles.currentCard}>
          <span className={styles.brandMark}>{cardBrandName(card.brand)}</span>
          <span>
            Cartão atual: final <strong>{card.last_four}</strong>
          </span>
        </p>
      )}
      <p className={styles.what}>
        Informe o novo cartão: as próximas parcelas serão cobradas nele. Nada é cobrado agora.
      </p>
    </section>
  )
}

/**
 * What is being paid, to whom and how much, before anything else (issue 27): the plan and its
 * contract, the instalments with their due dates, then the summary as a receipt reads — the
 * instalment's price, what was taken off or added, the total — and last what the chosen way
 * charges ("Você paga"), which follows the tab and the option as they change.
 */
function ChargeLead({ link, pay }: { link: PaymentLinkData; pay: Pay | null }) {
  const numbers = link.installment
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  const what = numbers.length > 1 ? `Parcelas ${numbers.join(', ')}` : `Parcela ${numbers[0] ?? 1}`
  const dues = (link.due_dates ?? []).map((day) => formatDate(day))
  return (
    <section className={`${styles.box} ${styles.lead}`} aria-labelledby="lead-title">
      <Charger />
      <p className={styles.payee}>
        {link.contract} · Contrato {formatSeriesNumber(link.serieContract, link.numberContract)}
      </p>
      <h2 id="lead-title">{what}</h2>
      <p className={styles.what}>{link.description}</p>
      {dues.length > 0 && (
        <p className={styles.what}>
          {dues.length > 1 ? 'Vencimentos' : 'Vencimento'}: {dues.join(', ')}
        </p>
      )}
      <ChargeDetails link={link} />
      <dl className={styles.leadTotal}>
        <dt>Total</dt>
        <dd>{formatMoney(link.value)}</dd>
      </dl>
      {/* The one figure that matters, by the tab and option chosen: the Total above is the
          charge's, each way then takes off or adds its own (the audit found them disagreeing). */}
      {pay && (
        <div className={styles.youPay} aria-live="polite">
          <p>
            Você paga <span className={styles.youPayWhere}>{pay.where}</span>
          </p>
          <strong className={styles.youPayAmount}>{formatMoney(pay.price.total)}</strong>
          <p className={styles.youPayDetail}>
            {/* Each amount whole on its line: "sobre R$" no longer ends one (audit 16). */}
            {methodPriceDetail(pay.price, formatMoneyUnbroken, pay.once, link.value)}
          </p>
        </div>
      )}
    </section>
  )
}

/** A page anyone with the link can open: the payer's data masked (issue 27). */
function HolderCard({ link }: { link: PaymentLinkData }) {
  return (
    <section className={styles.box} aria-labelledby="holder-title">
      <h2 id="holder-title">Titular</h2>
      <dl className={styles.facts}>
        <dt>Nome</dt>
        <dd>{link.holder}</dd>
        <dt>E-mail</dt>
        <dd>{maskEmail(link.email)}</dd>
        <dt>Celular</dt>
        <dd>{maskPhone(link.phone)}</dd>
        <dt>CPF</dt>
        <dd>{maskCpf(link.cpf)}</dd>
      </dl>
    </section>
  )
}

/**
 * Spec §2 screen 14 charge summary, amounts in cents; its Total is the lead's. The money rows
 * always show; the rows naming the contract and the instalment, which the lead above already
 * says, fold away until asked for (on a phone they would push the methods below the fold; on a
 * desktop they read twice, issue 27).
 */
function ChargeDetails({ link }: { link: PaymentLinkData }) {
  const identity: Array<[string, string]> = [
    ['Contrato', link.contract],
    ['Número', link.numberContract],
    ['Série', link.serieContract],
    ['Parcela', link.installment],
    ['Descrição', link.description],
  ]
  const money: Array<[string, ReactNode]> = [
    ['Valor', formatMoney(link.payment_order_value)],
    ...chargeChanges(link),
  ]
  const [open, setOpen] = useState(false)
  const detailsId = useId()
  return (
    <div className={styles.details}>
      <div className={styles.summaryHead}>
        <h3 id="charge-title">Resumo da cobrança</h3>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((value) => !value)}
        >
          {/* One label and one job on both screens (audit 14): the contract's rows; the money
              rows always show, so the Total and "Você paga" read as one sum. */}
          {open ? 'Ocultar dados do contrato' : 'Ver dados do contrato'}
        </button>
      </div>
      <dl
        id={detailsId}
        className={styles.facts}
        data-expanded={open}
        aria-labelledby="charge-title"
      >
        {identity.map(([label, value]) => (
          <Row key={label} label={label} value={value} />
        ))}
      </dl>
      <dl className={styles.facts} aria-labelledby="charge-title">
        {money.map(([label, value]) => (
          <Row key={label} label={label} value={value} />
        ))}
      </dl>
    </div>
  )
}

/**
 * The spec's discount, fee, fine and correction, always as the same two rows (audit 15 read
 * "Juros" and "Multa" rows on one link and "Desconto" and "Juros, multa e correção" on another):
 * what came off, or "Nenhum"; what was added, in all, with its parts under it ("juros R$ 0,63 +
 * multa R$ 3,80"), or "Nenhum". A column of R$ 0,00 says nothing (issue 27).
 */
function chargeChanges(link: PaymentLinkData): Array<[string, ReactNode]> {
  const added: Array<[string, number]> = [
    ['juros', link.fee],
    ['multa', link.fine],
    ['correção', link.correction],
  ]
  const parts = added.filter(([, amount]) => amount > 0)
  const sum = parts.reduce((total, [, amount]) => total + amount, 0)
  return [
    ['Desconto da parcela', link.discount > 0 ? `− ${formatMoney(link.discount)}` : 'Nenhum'],
    [
      'Juros, multa e correção',
      sum > 0 ? (
        <>
          {formatMoney(sum)}
          {parts.length > 1 && (
            <span className={styles.parts}>
              {/* Each part whole on its line: "multa R$ 3,80" never breaks (audit 17). */}
              {parts
                .map(([label, amount]) => `${label}\u00a0${formatMoneyUnbroken(amount)}`)
                .join(' + ')}
            </span>
          )}
        </>
      ) : (
        'Nenhum'
      ),
    ],
  ]
}

const Row = ({ label, value }: { label: string; value: ReactNode }) => (
  <>
    <dt>{label}</dt>
    <dd>{value || '—'}</dd>
  </>
)
