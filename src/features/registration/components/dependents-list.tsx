import { Link } from '@tanstack/react-router'
import type { Dependent } from '../../../../contract/contracts'
import { contractStatusChip } from '../../../lib/status'
import type { OutboxRow } from '../../../offline/db'
import { Avatar } from '../../../ui/avatar'
import buttonStyles from '../../../ui/button.module.css'
import { Chip } from '../../../ui/chip'
import { EmptyState } from '../../../ui/empty-state'
import { EyeIcon, PlusIcon } from '../../../ui/icons'
import pageStyles from '../../../ui/page.module.css'
import { SaveMark, UnsentBadge } from '../../../ui/pending-badge'
import {
  canAddDependent,
  dependentLimit,
  dependentProgress,
  progressLabel,
  visibleDependents,
} from '../logic/dependents'
import { toBrazilianDate } from '../logic/form'
import styles from './dependents-list.module.css'

type Props = {
  dependents: Dependent[]
  included: unknown
  /** Saves still on the device, by dependent id or temporary id ('pendente', 'não enviado'). */
  marks: Map<string, OutboxRow>
}

export const dependentsEmpty = 'Nenhum dependente cadastrado neste contrato.'

/** Spec §2 screen 11: 'Seus Dependentes' with the included-dependents progress. */
export function DependentsList({ dependents, included, marks }: Props) {
  const shown = visibleDependents(dependents)
  const limit = dependentLimit(included)
  const label = progressLabel(shown.length, limit)
  // New dependents the server refused are on no list of the server's: they show from the device.
  const refusedNew = [...marks.values()].filter(
    (row) =>
      row.state === 'refused' && !dependents.some((dependent) => dependent.id === row.target),
  )

  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>Seus Dependentes</h1>
      {/* How many of the contract's places are taken, and the way to take one: on a desktop one
          card, the action at its end, where the eye ends (a 900 px card over a lone button). */}
      <div className={styles.head}>
        <section className={styles.progress} aria-label="Dependentes inclusos">
          <span>{label}</span>
          <progress
            className={styles.bar}
            max={100}
            value={dependentProgress(dependents, included)}
            aria-label={label}
          />
        </section>
        {canAddDependent(dependents, included) && (
          <Link to="/dependent/new" className={`${buttonStyles.button} ${buttonStyles.primary}`}>
            <PlusIcon />
            Novo Dependente
          </Link>
        )}
      </div>
      {shown.length === 0 && refusedNew.length === 0 && <EmptyState>{dependentsEmpty}</EmptyState>}
      <ul className={pageStyles.list}>
        {shown.map((dependent) => (
          <li key={dependent.id} className={styles.item}>
            <Avatar
              base64={dependent.person.image?.base_64}
              name={dependent.person.name}
              size={56}
            />
            <div className={styles.who}>
              <h2 className={styles.name}>{dependent.person.name}</h2>
              <DependentFacts dependent={dependent} />
              <span>
                <Chip {...contractStatusChip(dependent.status)} />{' '}
                <SaveMark state={marks.get(dependent.id)?.state} />
              </span>
            </div>
            <Link
              to="/dependent/$id"
              params={{ id: dependent.id }}
              // Spec §2: the dependent travels as JSON in the `dependent` query parameter.
              search={{ dependent }}
              className={styles.eye}
              aria-label={`Ver cadastro de ${dependent.person.name}`}
            >
              <EyeIcon />
            </Link>
          </li>
        ))}
        {refusedNew.map((row) => {
          const { values, photo } = row.draft
          const name = `${values.first_name} ${values.last_name}`.trim() || 'Novo dependente'
          return (
            <li key={row.key} className={styles.item}>
              <Avatar base64={photo} name={name} size={56} />
              <div className={styles.who}>
                <h2 className={styles.name}>{name}</h2>
                <span>
                  <UnsentBadge /> {row.message}
                </span>
              </div>
              <Link
                to="/dependent/new"
                search={{ draft: row.target }}
                className={styles.eye}
                aria-label={`Corrigir cadastro de ${name}`}
              >
                <EyeIcon />
              </Link>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/** Who the dependent is to the holder and when they were born: tells two children apart. */
function DependentFacts({ dependent }: { dependent: Dependent }) {
  const born = toBrazilianDate(dependent.person.birth_date)
  const facts = [dependent.dependent_type?.name, born && `Nascimento: ${born}`].filter(Boolean)
  return facts.length > 0 ? <span className={styles.facts}>{facts.join(' · ')}</span> : null
}
