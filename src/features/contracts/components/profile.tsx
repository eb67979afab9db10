import { Link, useNavigate } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { formatCpf, formatPhone, formatSeriesNumber } from '../../../../contract/format'
import { formatDate, formatDateTime } from '../../../lib/dates'
import { contractStatusChip } from '../../../lib/status'
import type { StoredContract } from '../../../offline/db'
import { Avatar } from '../../../ui/avatar'
import { Chip } from '../../../ui/chip'
import { Email } from '../../../ui/email'
import {
  CalendarIcon,
  ChevronIcon,
  DocumentIcon,
  DownloadIcon,
  EditIcon,
  EyeIcon,
  GroupIcon,
  HistoryIcon,
  InviteIcon,
  PersonalDataIcon,
} from '../../../ui/icons'
import { Menu } from '../../../ui/menu'
import { SaveMark } from '../../../ui/pending-badge'
import { useDownloadContract } from '../api/view-contract'
import styles from './profile.module.css'

type Props = {
  contract: StoredContract
  syncing: boolean
  /** The holder's registration save still on the device: 'pending' or 'refused'. */
  saveState?: string
  /** Opens the payment reminders' channels ("Lembretes de pagamento"). */
  onReminders: () => void
  /** Above the data sheet: what needs the person now (what is owed, the pass). */
  lead?: ReactNode
}

/** Spec §2 screen 6: the holder and the contract, with the overflow menu. */
export function Profile({ contract, syncing, saveState, onReminders, lead }: Props) {
  const navigate = useNavigate()
  const download = useDownloadContract(contract.id, contract.contract_number)
  const person = contract.holder?.person
  const name = person?.name || contract.holder_name
  const chip = contractStatusChip(contract.status)
  // Spec §4: the holder's form is read-only while the contract is in review or inactive.
  const locked = contract.status === 'REVIEW' || contract.status === 'INACTIVE'
  const email = person?.email?.trim()

  // Two groups, each read down its own column on a desktop: the person (named under the
  // photo), then the contract.
  const personFields: Field[] = [
    ['CPF', formatCpf(person?.documents.cpf)],
    ['Celular', formatPhone(person?.phone.number_ddi, person?.phone.number)],
    [
      'Email',
      email ? <Email key="email" value={email} /> : '---',
      email ? undefined : styles.emptyOnMobile,
    ],
  ]
  const contractFields: Field[] = [
    ['Contrato', contract.model_contract.name || '---'],
    ['Série/Número', formatSeriesNumber(contract.serie, contract.contract_number)],
    ['Status', <Chip key="status" {...chip} />],
    ['Data Venda', formatDate(contract.date_time)],
    ['Data Vencimento', formatDate(contract.expiration)],
  ]

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Perfil</h1>
      {lead && <div className={styles.lead}>{lead}</div>}
      <section className={styles.card} aria-label="Dados do contrato">
        {/* Two columns on a desktop, each read top to bottom: the person (photo, name, then
            their data), then the contract with what can be done with it (issue 27). */}
        <div className={styles.holder}>
          <div className={styles.identity}>
            <Avatar base64={person?.image?.base_64} name={name} size={112} />
            {/* Spec's Nome, said once: the name under the photo is the field (issue 27). */}
            <dl className={styles.name}>
              <dt className="visually-hidden">Nome</dt>
              <dd>
                <strong>{name || '---'}</strong>
              </dd>
            </dl>
            <SaveMark state={saveState} />
            {saveState === 'refused' && (
              <Link to="/holder" className={styles.fix}>
                Corrigir meus dados
              </Link>
            )}
          </div>
          <Fields fields={personFields} />
        </div>
        <div className={styles.contract}>
          <Fields fields={contractFields} />
          {/* The spec's two buttons, as the rows of a list (audit 11): where they lead, not two
              more actions beside "Pagar". */}
          <div className={styles.rows}>
            <Link to="/dependents" className={styles.row}>
              <GroupIcon />
              Dependentes
              <ChevronIcon />
            </Link>
            <Link to="/holder" className={styles.row}>
              {locked ? <EyeIcon /> : <EditIcon />}
              Meus Dados
              <ChevronIcon />
            </Link>
          </div>
          {locked && (
            // Said before the person opens the form, not only on it (issue 27; spec §4 read-only).
            <p className={styles.lockedNote}>
              Cadastro em análise: seus dados podem ser consultados, mas não alterados agora.
            </p>
          )}
        </div>
        {/* The menu's key entries, in reach without opening it (issue 27), and the menu itself:
            the card's foot, across both its columns on a desktop. */}
        <ul className={styles.quick} aria-label="Atalhos do contrato">
          <li>
            <button
              type="button"
              className={styles.quickItem}
              disabled={download.isPending}
              onClick={() => download.mutate()}
            >
              <DownloadIcon />
              Baixar Contrato
            </button>
          </li>
          <li>
            <Link to="/general-documents" className={styles.quickItem}>
              <DocumentIcon />
              Documentos Gerais
            </Link>
          </li>
          <li>
            <button type="button" className={styles.quickItem} onClick={onReminders}>
              <CalendarIcon size={20} />
              Lembretes de pagamento
            </button>
          </li>
          {/* The spec's overflow menu (§2 screen 6), as the row's last action rather than a
              second ⋮ beside the header's (audit 16). */}
          <li>
            <Menu
              label="Mais opções"
              text="Mais"
              triggerClassName={styles.quickItem}
              // At the card's foot: opened upwards, over the card, never under the phone's
              // navigation bar (audit 17 lost "Convite" under it).
              opens="up"
              items={[
                {
                  label: 'Baixar Contrato',
                  icon: <DownloadIcon />,
                  disabled: download.isPending,
                  onSelect: () => download.mutate(),
                },
                {
                  label: 'Documentos Gerais',
                  icon: <DocumentIcon />,
                  onSelect: () => void navigate({ to: '/general-documents' }),
                },
                // "Lembretes de pagamento" is on the card's own row only (it was in both, audit 7).
                // The holder's data rights (issue 28): a copy of it all, and how it is treated.
                {
                  label: 'Cópia dos meus dados',
                  icon: <PersonalDataIcon />,
                  onSelect: () => void navigate({ to: '/privacidade', hash: 'meus-dados' }),
                },
                {
                  label: 'Privacidade',
                  icon: <DocumentIcon />,
                  onSelect: () => void navigate({ to: '/privacidade' }),
                },
                // Spec §2 screen 6: disabled; the tag says why, not only the grey (design audit).
                {
                  label: 'Histórico de Visita',
                  icon: <HistoryIcon />,
                  disabled: true,
                  note: 'Em breve',
                },
                { label: 'Convite', icon: <InviteIcon />, disabled: true, note: 'Em breve' },
              ]}
            />
          </li>
        </ul>
      </section>
      <p className={styles.sync} role="status">
        {syncing ? 'Sincronizando… ' : ''}Última sincronização: {formatDateTime(contract.syncedAt)}
      </p>
    </div>
  )
}

type Field = [label: string, value: ReactNode, className?: string]

function Fields({ fields }: { fields: Field[] }) {
  return (
    <dl className={styles.group}>
      {fields.map(([label, value, className]) => (
        <div key={label} className={[styles.field, className].filter(Boolean).join(' ')}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
