import type { ErrorComponentProps } from '@tanstack/react-router'
import { useContext } from 'react'
import { connectivity } from '../api/connectivity'
import { Button } from './button'
import { InsideMain } from './inside-main'
import styles from './route-error.module.css'

/** Chromium, Safari and Firefox words for "this chunk could not be fetched". */
const chunkLoadFailure =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/i

/**
 * A screen that could not open. Online-only screens (payments, docs/design.md §5) are not kept on the
 * device, so with no signal their code is not there: say so plainly, in Portuguese.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const noSignal =
    !connectivity.online() ||
    chunkLoadFailure.test(error instanceof Error ? error.message : String(error))
  const Page = useContext(InsideMain) ? 'div' : 'main'
  return (
    <Page className={styles.page}>
      <div role="alert" className={styles.box}>
        <h1 className={styles.title}>{noSignal ? 'Sem conexão' : 'Algo deu errado'}</h1>
        <p>
          {noSignal
            ? 'Esta tela precisa de internet para abrir. Conecte-se e tente de novo.'
            : 'Não foi possível abrir esta tela. Tente de novo.'}
        </p>
        <Button onClick={() => window.location.reload()}>Tentar de novo</Button>
      </div>
    </Page>
  )
}
