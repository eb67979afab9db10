import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useState } from 'react'
import { formatCnpj, formatDigitableLine } from '../../../../contract/format'
import { lateChargesText } from '../../../../contract/late-charges'
import { isTokenValid } from '../../../../contract/session-token'
import { instalmentKeys } from '../../../api/query-keys'
import { session } from '../../../api/session'
import { brand } from '../../../brand'
import { formatDate, formatDateTime } from '../../../lib/dates'
import { formatMoney } from '../../../lib/money'
import { Button } from '../../../ui/button'
import buttonStyles from '../../../ui/button.module.css'
import { toast, toastDuration } from '../../../ui/toast'
import { openLinkReceipt } from '../api/link-receipt'
import { paidSummaryQueryOptions } from '../api/paid-summary'
import { type IssuedBoleto, issuedBoletos } from '../logic/issued-boletos'
import { boletoSuccess } from './boleto-panel'
import { BoletoPixBox } from './boleto-pix'
import styles from './payment.module.css'

const defaults = { title: 'Tudo certo!', text: 'Pagamento realizado com sucesso!' } as const

/**
 * Spec §2 screen 15. The way back to the payments list shows only to a holder whose stored token
 * is still a valid JWT (the link may have been opened by someone else, logged out).
 */
export function SuccessScreen({
  title,
  text,
  code,
}: {
  title?: string
  text?: string
  /** A paid link: its receipt can be downloaded. */
  code?: string
}) {
  const queryClient = useQueryClient()
  const loggedIn = isTokenValid(session.token(), Date.now())

  // What was just paid must show as paid when the holder goes back to the list.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: instalmentKeys.all })
  }, [queryClient])

  return (
    // One short column: the header's bar narrows to it (src/ui/shell.module.css).
    <section className={styles.success} data-focused-page="narrow">
      <svg width="72" height="72" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
        <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.2 14.2-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4-7 7Z" />
      </svg>
      <h1>{title || defaults.title}</h1>
      <p>{text || defaults.text}</p>
      {text === boletoSuccess && <IssuedBoletos />}
      {code && <PaidSummary code={code} />}
      {code && (
        // Logged out, the receipt is what is left to do here: the one filled button, as wide as
        // the summary above it (audit 11); logged in, the way back to the list leads.
        <Button
          variant={loggedIn ? 'secondary' : 'primary'}
          block={!loggedIn}
          className={loggedIn ? undefined : styles.receiptAction}
          onClick={() => void openLinkReceipt(code)}
        >
          Baixar comprovante
        </Button>
      )}
      {loggedIn ? (
        <Link to="/search" className={[buttonStyles.button, buttonStyles.primary].join(' ')}>
          Voltar para Pagamentos
        </Link>
      ) : (
        // Logged out (a link opened on another device): not a dead end, a way to the portal,
        // where the instalments and their receipts are (audit 8).
        <p className={styles.muted}>
          Suas parcelas e comprovantes ficam no portal. <Link to="/login">Entrar no portal</Link>
        </p>
      )}
    </section>
  )
}

/** Beyond the spec: what was paid — instalments, amount, method and when — as the server says. */
function PaidSummary({ code }: { code: string }) {
  const { data, isError } = useQuery(paidSummaryQueryOptions(code))
  if (isError)
    return <p className={styles.muted}>Não foi possível mostrar o resumo do pagamento agora.</p>
  if (!data) return null
  return (
    <section className={`${styles.box} ${styles.paid}`} aria-labelledby="paid-title">
      <h2 id="paid-title">Resumo do pagamento</h2>
      <ul className={styles.paidList}>
        {data.instalments.map((instalment) => (
          <li key={instalment.installment}>
            <span>
              Parcela {instalment.installment}{' '}
              <span className={styles.muted}>{instalment.description}</span>
            </span>
            <strong>{formatMoney(instalment.paid)}</strong>
          </li>
        ))}
      </ul>
      <dl className={styles.facts}>
        {/* Who was paid, as the bank's receipt names the receiver (audit 14). */}
        <dt>Pago a</dt>
        <dd>
          {brand.name}
          {/* Its CNPJ on a line of its own, never broken (audit 15 read "0001-" / "95"). */}
          {brand.cnpj && (
            <span className={styles.receiver}>
              <span className="visually-hidden"> · </span>CNPJ{' '}
              <span className={styles.nowrap}>{formatCnpj(brand.cnpj)}</span>
            </span>
          )}
        </dd>
        <dt>Total pago</dt>
        <dd>{formatMoney(data.total)}</dd>
        <dt>Forma de pagamento</dt>
        <dd>{data.method}</dd>
        <dt>Data</dt>
        <dd>{formatDateTime(Date.parse(data.paid_at))}</dd>
        {/* What the bank or the card's statement knows the payment by (audit 11), as the PDF. */}
        {data.authentication && (
          <>
            <dt>Autenticação</dt>
            <dd className={styles.authentication}>{data.authentication}</dd>
          </>
        )}
      </dl>
      {data.late_charges ? <p>{lateChargesText(formatMoney(data.late_charges))}</p> : null}
    </section>
  )
}

/** Beyond the spec: the boletos just issued, to pay now without waiting for the e-mail. */
function IssuedBoletos() {
  const [{ boletos, pix }] = useState(issuedBoletos)
  if (!boletos.length) return null
  return (
    <>
      <section className={styles.boletos} aria-label="Boletos gerados">
        {boletos.map((boleto, index) => (
          <BoletoLine
            key={boleto.digitable_line}
            boleto={boleto}
            title={boletos.length > 1 ? `Boleto ${index + 1} de ${boletos.length}` : 'Seu boleto'}
          />
        ))}
      </section>
      {pix && <BoletoPixBox pix={pix} />}
    </>
  )
}

function BoletoLine({ boleto, title }: { boleto: IssuedBoleto; title: string }) {
  const id = useId()
  const copy = () =>
    void navigator.clipboard
      ?.writeText(boleto.digitable_line)
      .then(() => toast.success('Linha digitável copiada!', { duration: toastDuration.validation }))
      .catch(() =>
        toast.info('Selecione a linha digitável e copie.', { duration: toastDuration.default }),
      )
  return (
    <div className={styles.box}>
      <h2>{title}</h2>
      <dl className={styles.facts}>
        <dt>Valor</dt>
        <dd>{formatMoney(boleto.amount)}</dd>
        <dt>Vencimento</dt>
        <dd>{formatDate(boleto.due_date)}</dd>
      </dl>
      <label htmlFor={id}>Linha digitável</label>
      <textarea
        id={id}
        className={styles.code}
        readOnly
        value={formatDigitableLine(boleto.digitable_line)}
      />
      <Button variant="secondary" onClick={copy}>
        Copiar
      </Button>
    </div>
  )
}
