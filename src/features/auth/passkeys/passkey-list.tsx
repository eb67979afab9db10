/**
 * "Suas passkeys" (issue 17): each passkey with its name, device, when it was made and last
 * used; removing one asks first, and ends the other sessions only when the person ticks it.
 * The code login always remains, so removing the last passkey locks no one out. Online only.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { PasskeySummary } from '../../../../contract/passkeys'
import { ApiError } from '../../../api/client'
import { formatDateTime } from '../../../lib/dates'
import { Button } from '../../../ui/button'
import { Modal } from '../../../ui/dialog'
import dialogStyles from '../../../ui/dialog.module.css'
import { EmptyState } from '../../../ui/empty-state'
import pageStyles from '../../../ui/page.module.css'
import { Skeleton } from '../../../ui/skeleton'
import { toast, toastDuration } from '../../../ui/toast'
import { passkeyKeys, passkeyList, passkeyRemove } from './api'
import styles from './passkeys.module.css'
import { passkeyError, passkeyMessages, passkeyOffer, passkeysSupported } from './support'

const when = (value: string | null) => (value ? formatDateTime(Date.parse(value)) : null)

export function PasskeyList() {
  const queryClient = useQueryClient()
  const list = useQuery({ queryKey: passkeyKeys.list, queryFn: passkeyList, retry: false })
  const [removing, setRemoving] = useState<PasskeySummary | null>(null)
  const [adding, setAdding] = useState(false)
  const [addError, setAddError] = useState<string | null>(null)

  async function add() {
    setAdding(true)
    setAddError(null)
    try {
      const { registerPasskey } = await import('./ceremony')
      const { message } = await registerPasskey()
      passkeyOffer.madeHere()
      toast.success(message, { duration: toastDuration.loginSuccess })
      await queryClient.invalidateQueries({ queryKey: passkeyKeys.list })
    } catch (cause) {
      setAddError(
        passkeyError(cause, passkeyMessages.registerFailed, passkeyMessages.registerCancelled),
      )
    } finally {
      setAdding(false)
    }
  }

  const noSignal = list.error instanceof ApiError && list.error.noConnection
  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>Suas passkeys</h1>
      <p className={pageStyles.muted}>
        Com uma passkey você entra com a biometria ou o bloqueio de tela do aparelho, sem esperar o
        código. O código por e-mail ou WhatsApp continua valendo sempre.
      </p>
      {list.isPending && <Skeleton />}
      {list.isError && (
        <p className={styles.error} role="alert">
          {noSignal
            ? passkeyMessages.listNeedsNetwork
            : (list.error as Error).message || passkeyMessages.listNeedsNetwork}
        </p>
      )}
      {list.data &&
        (list.data.passkeys.length === 0 ? (
          <EmptyState>Nenhuma passkey cadastrada. Você entra com o código.</EmptyState>
        ) : (
          <ul className={pageStyles.list} aria-label="Passkeys cadastradas">
            {list.data.passkeys.map((passkey) => (
              <li key={passkey.id} className={styles.item}>
                <h2>{passkey.name}</h2>
                <p>{passkey.device}</p>
                <p>Criada em {when(passkey.created_at)}</p>
                <p>
                  {passkey.last_used_at
                    ? `Último uso em ${when(passkey.last_used_at)}`
                    : 'Ainda não usada para entrar'}
                </p>
                <div className={styles.actions}>
                  <Button
                    variant="secondary"
                    aria-label={`Remover ${passkey.name}`}
                    onClick={() => setRemoving(passkey)}
                  >
                    Remover
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ))}
      {passkeysSupported() && list.data && (
        <>
          <Button block busy={adding} onClick={add}>
            Cadastrar passkey neste aparelho
          </Button>
          {addError && (
            <p className={styles.error} role="alert">
              {addError}
            </p>
          )}
        </>
      )}
      {removing && <RemoveDialog passkey={removing} onDone={() => setRemoving(null)} />}
    </div>
  )
}

function RemoveDialog({ passkey, onDone }: { passkey: PasskeySummary; onDone: () => void }) {
  const queryClient = useQueryClient()
  const [endOthers, setEndOthers] = useState(false)
  const titleId = useId()
  const textId = useId()
  const remove = useMutation({
    mutationFn: () => passkeyRemove(passkey.id, endOthers),
    onSuccess: async ({ message }) => {
      toast.success(message, { duration: toastDuration.loginSuccess })
      await queryClient.invalidateQueries({ queryKey: passkeyKeys.list })
      onDone()
    },
  })
  const error =
    remove.error instanceof ApiError && remove.error.noConnection
      ? passkeyMessages.removeNeedsNetwork
      : remove.error?.message
  return (
    <Modal
      labelledBy={titleId}
      describedBy={textId}
      onClose={onDone}
      className={dialogStyles.confirm}
    >
      <h2 id={titleId} className={dialogStyles.title}>
        Remover a passkey “{passkey.name}”?
      </h2>
      <p id={textId} className={dialogStyles.text}>
        Ela deixa de entrar no portal. Você continua podendo entrar com o código.
      </p>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={endOthers}
          onChange={(event) => setEndOthers(event.target.checked)}
        />
        Encerrar também as sessões nos outros aparelhos
      </label>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={dialogStyles.actions}>
        <Button variant="secondary" data-autofocus onClick={onDone}>
          Cancelar
        </Button>
        <Button busy={remove.isPending} onClick={() => remove.mutate()}>
          Remover passkey
        </Button>
      </div>
    </Modal>
  )
}
