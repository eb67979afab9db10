import { Link } from '@tanstack/react-router'
import type { Dependent } from '../../../api/schemas'
import { contractStatusChip } from '../../../lib/status'
import { Avatar } from '../../../ui/avatar'
import buttonStyles from '../../../ui/button.module.css'
import { Chip } from '../../../ui/chip'
import { EyeIcon, PlusIcon } from '../../../ui/icons'
import pageStyles from '../../../ui/page.module.css'
import { PendingBadge } from '../../../ui/pending-badge'
import {
  canAddDependent,
  dependentLimit,
  dependentProgress,
  progressLabel,
  visibleDependents,
} from '../logic/dependents'
import styles from './dependents-list.module.css'

type Props = { dependents: Dependent[]; included: unknown; pending: Set<string> }

/** Spec §2 screen 11: 'Seus Dependentes' with the included-dependents progress. */
export function DependentsList({ dependents, included, pending }: Props) {
  const shown = visibleDependents(dependents)
  const limit = dependentLimit(included)
  const label = progressLabel(shown.length, limit)

  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>Seus Dependentes</h1>
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
              <span>
                <Chip {...contractStatusChip(dependent.status)} />{' '}
                {pending.has(dependent.id) && <PendingBadge />}
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
      </ul>
    </div>
  )
}
