import { formatCnpj } from '../../../../contract/format'
import { brand } from '../../../brand'
import { SupportContact } from '../../../ui/support-contact'
import styles from './payment.module.css'

/** The provider's initials, its mark where no logo of its own is shipped: "Clube Exemplo" → "CE". */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^\p{Lu}/u.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join('') || name.slice(0, 1).toUpperCase()

/**
 * Who charges, on a page anyone with the link can open (issue 27): the provider's mark, its name
 * as the card's first line (audit 14 read a 14 px grey line under the portal's name) and, when
 * its brand says it, its CNPJ, as a statement or the bank app will name the receiver.
 */
export function Charger() {
  return (
    <div className={styles.chargerRow}>
      <span className={styles.chargerMark} aria-hidden="true">
        {initials(brand.name)}
      </span>
      <p className={styles.charger}>
        <span>
          Cobrança de <strong className={styles.chargerName}>{brand.name}</strong>
        </span>
        {brand.cnpj && (
          <>
            <span className="visually-hidden">, </span>
            <span className={styles.chargerId}>CNPJ {formatCnpj(brand.cnpj)}</span>
          </>
        )}
      </p>
    </div>
  )
}

/**
 * Whom to ask about a charge, and the privacy page, at the foot of every state of a payment
 * link (audit 14: a page anyone with the link opens named no way to reach a person).
 */
export function CheckoutHelp() {
  return (
    <p className={styles.help}>
      Dúvidas sobre esta cobrança? Fale com <SupportContact />.{' '}
      <a href={brand.links.privacy}>Privacidade</a>
    </p>
  )
}
