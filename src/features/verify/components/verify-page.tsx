import { useEffect, useId, useState } from 'react'
import type { Jwks } from '../../../../contract/cards'
import { formatDateTime } from '../../../lib/dates'
import { Button } from '../../../ui/button'
import pageStyles from '../../../ui/page.module.css'
import { loadKeys, storedKeys } from '../logic/jwks'
import { type Verdict, verifyPass } from '../logic/verify-pass'
import { QrScanner } from './qr-scanner'
import styles from './verify.module.css'

const noKeys = 'Sem as chaves de verificação: abra esta página uma vez com internet.'

/** Staff page at the gate: reads a member pass and says whether it is good, offline too. */
export function VerifyPage() {
  const [keys, setKeys] = useState<Jwks | null>(storedKeys)
  const [text, setText] = useState('')
  const [verdict, setVerdict] = useState<Verdict | null>(null)
  const [checking, setChecking] = useState(false)
  const textId = useId()

  useEffect(() => {
    let alive = true
    void loadKeys().then((loaded) => alive && setKeys(loaded))
    return () => {
      alive = false
    }
  }, [])

  async function check(pass: string) {
    if (!keys) return
    setChecking(true)
    setVerdict(await verifyPass(pass, keys, new Date()))
    setChecking(false)
  }

  return (
    // One short column: the header's bar narrows to it (src/ui/shell.module.css).
    <div className={styles.page} data-focused-page="narrow">
      {/* The app's page title, as every screen's (audit 14: 32 px, its own style). */}
      <h1 className={pageStyles.title}>Verificar carteirinha</h1>
      <p className={styles.muted}>
        Leia o QR Code da carteirinha no app do titular. A verificação funciona sem internet.
      </p>
      {keys ? (
        <>
          <QrScanner
            onRead={(read) => {
              setText(read)
              void check(read)
            }}
          />
          <form
            className={styles.form}
            onSubmit={(event) => {
              event.preventDefault()
              void check(text)
            }}
          >
            <label htmlFor={textId}>Ou cole o código do passe</label>
            <textarea
              id={textId}
              className={styles.textarea}
              value={text}
              onChange={(event) => setText(event.target.value)}
              spellCheck={false}
              autoCapitalize="none"
            />
            <Button type="submit" variant="secondary" busy={checking} disabled={!text.trim()}>
              Verificar
            </Button>
          </form>
        </>
      ) : (
        <p className={styles.error} role="alert">
          {noKeys}
        </p>
      )}
      <div aria-live="polite">{verdict && <VerdictPanel verdict={verdict} />}</div>
    </div>
  )
}

function VerdictPanel({ verdict }: { verdict: Verdict }) {
  if (verdict.valid)
    return (
      <section
        className={`${styles.verdict} ${styles.valid}`}
        aria-label="Resultado da verificação"
      >
        <p className={styles.word}>VÁLIDO</p>
        <p className={styles.detail}>
          <strong>{verdict.name}</strong>
        </p>
        <p className={styles.detail}>Carteirinha {verdict.code}</p>
        <p className={styles.detail}>Passe válido até {formatDateTime(verdict.validUntil)}</p>
      </section>
    )
  return (
    <section
      className={`${styles.verdict} ${styles.invalid}`}
      aria-label="Resultado da verificação"
    >
      <p className={styles.word}>INVÁLIDO</p>
      <p className={styles.detail}>{verdict.reason}</p>
      {verdict.name && (
        <p className={styles.detail}>
          {verdict.name}
          {verdict.code ? ` · ${verdict.code}` : ''}
        </p>
      )}
    </section>
  )
}
