import { Link } from '@tanstack/react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import { db } from '../../../offline/db'
import buttonStyles from '../../../ui/button.module.css'

/**
 * Beyond the spec: with more than one contract on the device, the way to the others from the
 * contract's own card (audit 8: only Perfil's back arrow led to the picker). Read from the
 * device, so it costs no request and shows offline too.
 */
export function SwitchContract() {
  const count = useLiveQuery(() => db.contracts.count(), [])
  if (!count || count < 2) return null
  return (
    <Link
      to="/selected-contract"
      className={`${buttonStyles.button} ${buttonStyles.text}`}
      style={{ justifySelf: 'start', alignSelf: 'start', paddingInline: 0, minHeight: 32 }}
    >
      Trocar contrato
    </Link>
  )
}
