import { type ReactNode, useState } from 'react'
import type { PaymentOrder } from '../../../../contract/payments'
import { formatDate } from '../../../lib/dates'
import { formatMoney } from '../../../lib/money'
import { instalmentStatusChip } from '../../../lib/status'
import { Button } from '../../../ui/button'
import { Chip } from '../../../ui/chip'
import { CheckIcon, ChevronIcon, DownloadIcon } from '../../../ui/icons'
import pageStyles from '../../../ui/page.module.css'
import { Tabs } from '../../../ui/tabs'
import { useSmallScreen } from '../../../ui/use-small-screen'
import {
  byWhatNeedsAction,
  type Due,
  deviceToday,
  dueHeadline,
  dueOf,
  instalmentNumber,
  owedOn,
} from '../logic/due'
import { lateChargesOn, shortDescription, shownPrice } from '../logic/price'
import {
  type InstalmentTab,
  instalmentTabs,
  payableSelection,
  payDebtsLabel,
  payOneLabel,
  shownIn,
  skippedOverdue,
} from '../logic/selection'
import styles from './instalments.module.css'

type Props = {
  contractName: string
  contractNumber: string | null
  instalments: PaymentOrder[]
  /** The tab it opens on (/search?aba=…). */
  initialTab?: InstalmentTab
  online: boolean
  paying: boolean
  onPay: (ids: string[]) => void
  /** Beyond the spec: a paid instalment's receipt (kept on the device, opens offline too). */
  onReceipt: (instalment: PaymentOrder) => void
  /**
   * In the contract's card, on every tab: what is the contract's, not the tab's (the way to
   * another contract, "Adicionar ao calendário"), so the tabs never move (audit 10).
   */
  contractActions?: ReactNode
  /** Under the contract: what is about what is still to pay (a waiting authorization). */
  actions?: ReactNode
  /**
   * Under the list: what arrives after it (the Pix Automático section, loaded on its own) goes
   * below the instalments, so it never pushes a card away from a finger about to tap it.
   */
  after?: ReactNode
}

/** Spec §2 screen 7: the contract's instalments, filtered by tab, paid through a payment link. */
export function InstalmentList({
  contractName,
  contractNumber,
  instalments,
  initialTab = 'ALL',
  online,
  paying,
  onPay,
  onReceipt,
  contractActions,
  actions,
  after,
}: Props) {
  const [tab, setTab] = useState<InstalmentTab>(initialTab)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  /** The groups Todos shows whole (the rest fold after their first few: foldOf). */
  const [opened, setOpened] = useState<Set<Group['key']>>(new Set())
  const mobile = useSmallScreen()
  const shown = shownIn(instalments, tab)
  const chosen = payableSelection(shown, selected)
  const skipped = skippedOverdue(instalments, chosen)

  // A tick the new tab hides is forgotten, so 'Pagar Débitos' never pays what is not on screen.
  const selectTab = (next: InstalmentTab) => {
    setTab(next)
    const visible = new Set(shownIn(instalments, next).map((instalment) => instalment.id))
    setSelected((current) => new Set([...current].filter((id) => visible.has(id))))
  }

  const pay = (ids: string[]) => {
    onPay(ids)
    setSelected(new Set())
  }
  const toggle = (id: string) => setSelected((current) => toggled(current, id))

  const today = deviceToday()
  const due = dueOf(instalments, today)
  const leading = new Set(due.instalments.map((instalment) => instalment.id))

  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>Pagamentos</h1>
      <section className={styles.contract} aria-label="Contrato">
        <div>
          <h2>{contractName}</h2>
          <p className={styles.contractNumber}>Nº {contractNumber ?? '---'}</p>
          {contractActions && <div className={styles.contractActions}>{contractActions}</div>}
        </div>
        {instalments.length > 0 && (
          <DueSummary due={due} online={online} paying={paying} onPay={pay} />
        )}
      </section>
      {!online && (
        <p className={styles.note} role="status">
          Sem conexão: você pode consultar as parcelas, mas pagar e adicionar ao calendário precisam
          de internet.
        </p>
      )}
      {/* A waiting authorization is about what is still to pay: not on Pagos. */}
      {tab !== 'PAID' && actions}
      <Tabs label="Filtrar parcelas" tabs={instalmentTabs} selected={tab} onSelect={selectTab}>
        <div className={styles.columns} aria-hidden="true">
          <span />
          <span>Parcela</span>
          <span>Status</span>
          <span>Vencimento</span>
          <span>Dias Atrasados</span>
          <span>Valor</span>
          <span className={styles.actionsHead}>Ações</span>
        </div>
        <div className={styles.groups}>
          {groupsOf(byWhatNeedsAction(shown)).map((group) => {
            const fold = tab === 'ALL' ? foldOf(group, selected) : undefined
            const open = fold !== undefined && opened.has(group.key)
            const rows =
              fold && !open
                ? group.instalments.filter((instalment) => !fold.hidden.has(instalment.id))
                : group.instalments
            const listId = `parcelas-${group.key}`
            return (
              <div key={group.key} className={styles.group}>
                <h2 className={styles.groupTitle}>
                  {group.title}{' '}
                  <span className={styles.groupCount}>{group.instalments.length}</span>
                </h2>
                <ul className={styles.list} id={listId}>
                  {rows.map((instalment) => (
                    <InstalmentRow
                      key={instalment.id}
                      instalment={instalment}
                      mobile={mobile}
                      today={today}
                      ticked={selected.has(instalment.id)}
                      leading={leading.has(instalment.id)}
                      online={online}
                      paying={paying}
                      onToggle={toggle}
                      onPay={pay}
                      onReceipt={onReceipt}
                    />
                  ))}
                </ul>
                {fold && (
                  <button
                    type="button"
                    className={styles.fold}
                    aria-expanded={open}
                    aria-controls={listId}
                    onClick={() => setOpened((current) => toggled(current, group.key))}
                  >
                    {open ? 'Ver menos' : foldLabel(group, fold.hidden.size)}
                    {/* A disclosure, drawn as one (audit 16 read bare words). */}
                    <span className={styles.foldMark} aria-hidden="true">
                      <ChevronIcon />
                    </span>
                  </button>
                )}
              </div>
            )
          })}
        </div>
      </Tabs>
      {/* About what is still to pay, so not under Pagos (audit 9). */}
      {tab !== 'PAID' && after}
      {/* Room under the last card, so the bar never covers it. */}
      {chosen.length > 0 && (
        <div
          className={`${styles.selectionRoom} ${skipped.length > 0 ? styles.selectionRoomTall : ''}`}
          aria-hidden="true"
        />
      )}
      {chosen.length > 0 && (
        <SelectionBar
          chosen={chosen}
          skipped={skipped}
          shownIds={new Set(shown.map((instalment) => instalment.id))}
          online={online}
          paying={paying}
          onTick={toggle}
          today={today}
          onClear={() => setSelected(new Set())}
          onPay={() => pay(chosen.map((instalment) => instalment.id))}
        />
      )}
    </div>
  )
}

type Group = { key: 'vencidos' | 'a-pagar' | 'pagos'; title: string; instalments: PaymentOrder[] }

/**
 * The list in what it asks of the person (issue 27): overdue, then to pay, then paid, each under
 * its name and count; the order within each is byWhatNeedsAction's.
 */
function groupsOf(instalments: PaymentOrder[]): Group[] {
  const groups: Group[] = [
    { key: 'vencidos', title: 'Vencidos', instalments: [] },
    { key: 'a-pagar', title: 'A pagar', instalments: [] },
    { key: 'pagos', title: 'Pagos', instalments: [] },
  ]
  for (const instalment of instalments) {
    const index = instalment.status === 'OVERDUE' ? 0 : instalment.status === 'PAID' ? 2 : 1
    groups[index]?.instalments.push(instalment)
  }
  return groups.filter((group) => group.instalments.length > 0)
}

/** How many rows of each group Todos shows before "Ver mais": the next ones, the last paid. */
const unfolded: Record<Group['key'], number> = { vencidos: Infinity, 'a-pagar': 3, pagos: 1 }

/**
 * On Todos, a long group shows its first rows and folds the rest behind "Ver mais N parcelas"
 * (audit 8: twelve cards were a 2,600 px wall on a phone). A ticked row never folds away, and a
 * fold that would hide a single row is no fold. The other tabs show their group whole.
 */
function foldOf(group: Group, selected: Set<string>): { hidden: Set<string> } | undefined {
  const hidden = new Set(
    group.instalments
      .slice(unfolded[group.key])
      .filter((instalment) => !selected.has(instalment.id))
      .map((instalment) => instalment.id),
  )
  return hidden.size >= 2 ? { hidden } : undefined
}

function foldLabel(group: Group, hidden: number): string {
  return group.key === 'pagos' ? `Ver mais ${hidden} parcelas pagas` : `Ver mais ${hidden} parcelas`
}

function toggled<T>(set: Set<T>, item: T): Set<T> {
  const next = new Set(set)
  if (next.has(item)) next.delete(item)
  else next.add(item)
  return next
}

type RowProps = {
  instalment: PaymentOrder
  mobile: boolean
  today: string
  ticked: boolean
  /** What is owed now (overdue, else the next): its "Pagar" is the filled one. */
  leading: boolean
  online: boolean
  paying: boolean
  onToggle: (id: string) => void
  onPay: (ids: string[]) => void
  onReceipt: (instalment: PaymentOrder) => void
}

/** One instalment, every field of spec §2 screen 7. */
function InstalmentRow({
  instalment,
  mobile,
  today,
  ticked,
  leading,
  online,
  paying,
  onToggle,
  onPay,
  onReceipt,
}: RowProps) {
  const paid = instalment.status === 'PAID'
  const overdue = instalment.status === 'OVERDUE'
  const price = shownPrice(instalment)
  const owed = overdue ? owedOn(instalment, today) : price.amount
  const charges = lateChargesOn(price.amount, owed)
  const number = instalmentNumber(instalment)
  const late = instalment.delayed_days ?? 0
  return (
    <li
      className={[
        styles.card,
        overdue && styles.overdue,
        price.original !== null && styles.discounted,
        paid && styles.paid,
        ticked && styles.ticked,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <span className={styles.tick}>
        {/* A paid row has nothing to pick: its gutter says it is done, so the titles line up
            (audit 11 saw an empty indent). */}
        {paid && (
          <span className={styles.paidMark}>
            <CheckIcon size={18} />
          </span>
        )}
        {!paid && (
          // The box is drawn at 24 px; the label around it takes a 44 px tap (audit 16: 22 px).
          <label className={styles.checkHit}>
            <input
              type="checkbox"
              className={styles.check}
              checked={ticked}
              // With no signal nothing can be paid: nothing to pick for it either (audit 10).
              disabled={!online}
              onChange={() => onToggle(instalment.id)}
              aria-label={`Selecionar parcela ${number}`}
            />
          </label>
        )}
      </span>
      <div className={styles.what}>
        <h3>Parcela {number}</h3>
        <p title={instalment.description}>{shortDescription(instalment.description, mobile)}</p>
      </div>
      <span className={styles.status}>
        <Chip {...instalmentStatusChip(instalment.status)} />
      </span>
      <dl className={styles.facts}>
        <div>
          <dt>Vencimento</dt>
          <dd>{formatDate(instalment.due_date)}</dd>
        </div>
        <div className={late > 0 ? styles.late : styles.onTime}>
          <dt>Dias Atrasados</dt>
          <dd>{late}</dd>
        </div>
      </dl>
      {/* The amount, then what explains it (design audit: the amounts were not explained). Each
          part is an item of the card's grid: a phone and a desktop place them differently. */}
      <div className={styles.price}>
        {overdue ? (
          // What it costs today leads (as the summary and the selection bar say it); under it the
          // spec's price plus the fine and interest, as the profile's due card says them, then
          // the spec's label (issue 27, design audit: not "Com multa e juros" beside it).
          <>
            <strong className={styles.amount}>{formatMoney(owed)}</strong>
            {charges > 0 && (
              <span className={styles.priceNote}>
                <span>
                  {formatMoney(price.amount)} + {formatMoney(charges)}
                </span>{' '}
                <span>de multa e juros</span>
              </span>
            )}
            <span className={styles.caption}>{price.label}</span>
          </>
        ) : price.original !== null ? (
          // The price before the discount, struck through: the discount is seen, not only named.
          <>
            <strong className={styles.amount}>{formatMoney(price.amount)}</strong>
            <span className={styles.priceNote}>
              <span>
                <span className="visually-hidden">Valor original </span>
                <s>{formatMoney(price.original)}</s>
              </span>
              <span aria-hidden="true" className={styles.dot}>
                {' · '}
              </span>
              <span className={styles.label}>{price.label}</span>
            </span>
          </>
        ) : (
          <>
            <span className={price.label ? styles.caption : 'visually-hidden'}>
              {price.label ?? 'Valor'}
            </span>
            <strong className={styles.amount}>{formatMoney(price.amount)}</strong>
          </>
        )}
      </div>
      <div className={styles.act}>
        {paid && (
          // A small outlined button, so it never reads as one phrase with "Pago" (audit 13).
          <Button
            variant="secondary"
            className={styles.receipt}
            onClick={() => onReceipt(instalment)}
            aria-label={`Comprovante da parcela ${number}`}
          >
            <DownloadIcon size={16} />
            Comprovante
          </Button>
        )}
        {paid ? (
          // The spec's disabled "Pago", read with when: "Pago em 18/10/2026".
          <span className={styles.paidState}>
            <Button
              variant="text"
              className={styles.paidButton}
              disabled
              aria-label={`Pago (parcela ${number})`}
            >
              Pago
            </Button>
            {instalment.paid_on && (
              <span className={styles.paidOn}>em {formatDate(instalment.paid_on)}</span>
            )}
          </span>
        ) : (
          <Button
            // One filled "Pagar" per list, on what is owed now (overdue, else the
            // next): the rest are outlined, so nine blue buttons do not compete.
            variant={leading ? 'primary' : 'secondary'}
            disabled={!online || paying}
            onClick={() => onPay([instalment.id])}
            aria-label={`Pagar parcela ${number}`}
          >
            Pagar
          </Button>
        )}
      </div>
    </li>
  )
}

/** The list's first line: what is overdue and its sum, else the next one (issue 27). */
function DueSummary({
  due,
  online,
  paying,
  onPay,
}: {
  due: Due
  online: boolean
  paying: boolean
  onPay: (ids: string[]) => void
}) {
  const next = due.kind === 'next' ? due.instalments[0] : undefined
  // Two or more overdue: one tap pays them all (as on Perfil), not a tick on each card first.
  const all = due.kind === 'overdue' && due.instalments.length > 1 ? due.instalments : undefined
  return (
    <div className={`${styles.summary} ${due.kind === 'overdue' ? styles.summaryLate : ''}`}>
      <p>
        <strong>{dueHeadline(due)}</strong>
        {next && (
          <span>
            Parcela {instalmentNumber(next)} vence em {formatDate(next.due_date)}
          </span>
        )}
      </p>
      {all && (
        <Button
          disabled={!online || paying}
          onClick={() => onPay(all.map((instalment) => instalment.id))}
        >
          Pagar {all.length} parcelas vencidas
        </Button>
      )}
    </div>
  )
}

type SelectionBarProps = {
  chosen: PaymentOrder[]
  /** Overdue instalments the selection passes over (issue 27). */
  skipped: PaymentOrder[]
  /** What the tab shows: only those can be ticked from the bar. */
  shownIds: Set<string>
  online: boolean
  paying: boolean
  onTick: (id: string) => void
  onClear: () => void
  onPay: () => void
  /** Today on São Paulo's calendar, by this device's clock. */
  today: string
}

/**
 * From the first tick: what is ticked and a way to pay it. Spec §5: 'Pagar Débitos' itself
 * appears only with two or more; one tick pays that instalment. An overdue instalment the
 * selection passes over is named, with a way to tick it too.
 */
function SelectionBar({
  chosen,
  skipped,
  shownIds,
  online,
  paying,
  onTick,
  onClear,
  onPay,
  today,
}: SelectionBarProps) {
  const first = skipped[0]
  return (
    <section className={styles.selection} aria-label="Parcelas selecionadas">
      {first && (
        <p className={styles.skipped} role="status">
          {skipped.length === 1
            ? `A parcela ${instalmentNumber(first)} está vencida e não foi marcada.`
            : `As parcelas ${skipped.map(instalmentNumber).join(', ')} estão vencidas e não foram marcadas.`}
          {skipped.every((instalment) => shownIds.has(instalment.id)) && (
            <Button
              variant="secondary"
              onClick={() => {
                for (const instalment of skipped) onTick(instalment.id)
              }}
            >
              {skipped.length === 1 ? 'Marcar também' : 'Marcar todas'}
            </Button>
          )}
        </p>
      )}
      <div className={styles.selectionActions}>
        <Button disabled={!online} busy={paying} onClick={onPay} className={styles.payChosen}>
          <TwoLineLabel
            text={chosen.length >= 2 ? payDebtsLabel(chosen, today) : payOneLabel(chosen[0], today)}
          />
        </Button>
        <Button variant="secondary" onClick={onClear}>
          Limpar
        </Button>
      </div>
    </section>
  )
}

/**
 * 'Pagar Débitos (2) · R$ 360,80 + acréscimos' as the action over its amount: a phone's bar has
 * room for neither on one line. The separator stays in the text, so the name reads the same.
 */
function TwoLineLabel({ text }: { text: string }) {
  const [action, amount] = text.split(' · ')
  if (amount === undefined) return text
  return (
    <>
      <span className={styles.payAction}>{action}</span>
      <span className="visually-hidden"> · </span>
      <span className={styles.payAmount}>{amount}</span>
    </>
  )
}
