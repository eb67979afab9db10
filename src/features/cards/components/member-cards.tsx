import { Link } from '@tanstack/react-router'
import { type ReactNode, useEffect, useState } from 'react'
import { formatDate } from '../../../lib/dates'
import { cardStatusChip, contractStatusChip } from '../../../lib/status'
import type { StoredCard } from '../../../offline/db'
import { Avatar } from '../../../ui/avatar'
import { Button } from '../../../ui/button'
import buttonStyles from '../../../ui/button.module.css'
import { Chip } from '../../../ui/chip'
import { DownloadIcon } from '../../../ui/icons'
import pageStyles from '../../../ui/page.module.css'
import { toast, toastDuration } from '../../../ui/toast'
import { downloadCardPng } from '../logic/download-card'
import { entryWarning } from '../logic/entry-warning'
import { FlipView } from './flip-view'
import styles from './member-cards.module.css'

/** An active card of a contract the gate refuses (the card's face says the same). */
const blockedChip = { label: 'BLOQUEADA', colour: 'red' } as const

export const cardMessages = {
  empty: 'Nenhuma carteirinha emitida para esse contrato!',
  loading: 'Carregando carteirinhas…',
  viewFailed: 'Erro ao visualizar a carteirinha',
  downloadFailed: 'Erro ao baixar a carteirinha',
  reconnect:
    'Sua sessão expirou. As carteirinhas salvas continuam aqui; conecte-se à internet e entre de novo para atualizá-las.',
} as const

type Props = {
  contractName: string
  contractNumber: string | null
  contractStatus: string
  cards: StoredCard[] | undefined
  /** Offline with an expired session: read-only, with a note to reconnect. */
  sessionExpired: boolean
  /** Open the holder's own card as soon as the cards are known (the profile's shortcut). */
  openHolderCard?: boolean
  holderName?: string | null
  onHolderCardShown?: () => void
  /** What a contract the gate refuses for overdue instalments owes, drawn with `className`. */
  owed?: (className: string) => ReactNode
  /** Under the contract: the way to another contract, when there is one (the route's to give). */
  switchContract?: ReactNode
}

/** Spec §2 screen 8: the contract's active cards, each viewable and downloadable. */
export function MemberCards({
  contractName,
  contractNumber,
  contractStatus,
  cards,
  sessionExpired,
  openHolderCard,
  holderName,
  onHolderCardShown,
  owed,
  switchContract,
}: Props) {
  const [open, setOpen] = useState<StoredCard | null>(null)
  // The gate refuses every card of this contract: no card here reads a green ATIVO meanwhile.
  const blocked = entryWarning(contractStatus) !== null
  const [downloading, setDownloading] = useState<string | null>(null)

  useEffect(() => {
    if (!openHolderCard || !cards?.length) return
    // The list puts the holder's own card first; by name when several people share the contract.
    const own = cards.find((card) => card.person.name === holderName) ?? cards[0]
    if (own?.frontLayout && own.backLayout) setOpen(own)
    onHolderCardShown?.()
  }, [openHolderCard, cards, holderName, onHolderCardShown])

  function view(card: StoredCard) {
    if (!card.frontLayout || !card.backLayout) {
      toast.error(cardMessages.viewFailed, { duration: toastDuration.error })
      return
    }
    setOpen(card)
  }

  async function download(card: StoredCard) {
    if (!card.frontLayout) {
      toast.error(cardMessages.downloadFailed, { duration: toastDuration.error })
      return
    }
    setDownloading(card.id)
    try {
      await downloadCardPng(card.frontLayout, card.person.name)
    } catch {
      toast.error(cardMessages.downloadFailed, { duration: toastDuration.error })
    } finally {
      setDownloading(null)
    }
  }

  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>Carteirinhas</h1>
      <section className={styles.contract} aria-label="Contrato">
        <h2 className={styles.name}>{contractName}</h2>
        <p>Nº {contractNumber ?? '---'}</p>
        <p className={styles.status}>
          Status do contrato: <Chip {...contractStatusChip(contractStatus)} />
        </p>
        {switchContract}
      </section>
      <EntryWarning status={contractStatus} owed={owed} />
      {sessionExpired && (
        <p className={styles.note} role="status">
          {cardMessages.reconnect}
        </p>
      )}
      {!cards && (
        <p className={styles.empty} role="status">
          {cardMessages.loading}
        </p>
      )}
      {cards && cards.length === 0 && <p className={styles.empty}>{cardMessages.empty}</p>}
      <ul className={styles.list}>
        {cards?.map((card) => (
          <li key={card.id} className={styles.item}>
            <Avatar base64={card.image?.base_64} name={card.person.name} size={72} />
            <div className={styles.info}>
              <h3 className={styles.name}>{card.person.name}</h3>
              {/* The card's own words (its face says Matrícula and Validade): one name per thing. */}
              <p className={styles.meta}>Matrícula: {card.code}</p>
              <p className={styles.meta}>Validade: {formatDate(card.expiration_date)}</p>
              <span>
                <Chip {...(blocked ? blockedChip : cardStatusChip(card.status))} />
              </span>
            </div>
            <div className={styles.actions}>
              {/* A blocked pass is still shown (it says BLOQUEADA on its face), but the gate will
                  refuse it: what leads on this screen is paying, above (audit 6). */}
              <Button
                variant={blocked ? 'secondary' : 'primary'}
                onClick={() => view(card)}
                aria-label={`Visualizar carteirinha de ${card.person.name}`}
              >
                Visualizar
              </Button>
              <Button
                variant="secondary"
                busy={downloading === card.id}
                onClick={() => void download(card)}
                aria-label={`Baixar carteirinha de ${card.person.name}`}
              >
                <DownloadIcon />
                Baixar
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {open && <FlipView card={open} onClose={() => setOpen(null)} />}
    </div>
  )
}

/** Before the gate: a card that reads ATIVO here is refused there when the contract is not. */
function EntryWarning({ status, owed }: { status: string; owed: Props['owed'] }) {
  const warning = entryWarning(status)
  if (!warning) return null
  return (
    <section className={styles.warning} aria-labelledby="entry-warning">
      <h2 id="entry-warning">{warning.title}</h2>
      {warning.pay && owed?.(styles.owed ?? '')}
      <p>{warning.text}</p>
      {warning.pay && (
        <Link
          to="/search"
          search={{ aba: 'vencidos' }}
          className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.block}`}
        >
          Pagar parcelas vencidas
        </Link>
      )}
    </section>
  )
}
