import { useId, useRef } from 'react'
import { formatDate } from '../../../lib/dates'
import { formatMoney } from '../../../lib/money'
import { Button } from '../../../ui/button'
import { type BoletoPix, boletoPixMessages, lateTermsLine, todayLine } from '../logic/boleto-pix'
import { copyCode } from '../logic/copy-code'
import styles from './payment.module.css'
import { PixQr } from './pix-qr'

/**
 * Beyond the spec (decision 025): the boleto's Pix with a due date, under the boleto on
 * /success. The amount due today, a line when it includes fine and interest (or a discount),
 * the late terms, the QR and the copia e cola.
 */
export function BoletoPixBox({ pix }: { pix: BoletoPix }) {
  const id = useId()
  const field = useRef<HTMLTextAreaElement>(null)
  const today = todayLine(pix)
  return (
    <section className={`${styles.box} ${styles.paid}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{boletoPixMessages.title}</h2>
      <p className={styles.muted}>{boletoPixMessages.intro}</p>
      <dl className={styles.facts}>
        <dt>Valor hoje</dt>
        <dd>{formatMoney(pix.amount_today)}</dd>
        <dt>Vencimento</dt>
        <dd>{formatDate(pix.due_date)}</dd>
      </dl>
      {today && <p>{today}</p>}
      <p className={styles.muted}>{lateTermsLine(pix)}</p>
      <div className={styles.qr}>
        <PixQr code={pix.copy_paste} label="QR Code do Pix com vencimento" />
      </div>
      <label htmlFor={id}>Pix copia e cola</label>
      <textarea id={id} ref={field} className={styles.code} readOnly value={pix.copy_paste} />
      <Button
        variant="secondary"
        onClick={() => copyCode(pix.copy_paste, field.current, boletoPixMessages)}
      >
        Copiar código
      </Button>
    </section>
  )
}
