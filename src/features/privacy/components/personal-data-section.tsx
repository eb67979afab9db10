import { useState } from 'react'
import { Button } from '../../../ui/button'
import { DownloadIcon } from '../../../ui/icons'
import pageStyles from '../../../ui/page.module.css'
import { downloadPersonalData, type PersonalDataFormat } from '../api/personal-data'

/**
 * "Cópia dos meus dados" (issue 28): what the copy holds, and the two ways to take it, on the
 * privacy page for whoever is logged in. The copy is made by the server when asked.
 */
export default function PersonalDataSection() {
  const [busy, setBusy] = useState<PersonalDataFormat | null>(null)
  const take = async (format: PersonalDataFormat) => {
    setBusy(format)
    try {
      await downloadPersonalData(format)
    } finally {
      setBusy(null)
    }
  }
  return (
    <section id="meus-dados" className={pageStyles.page} aria-labelledby="meus-dados-title">
      <h2 id="meus-dados-title">Cópia dos meus dados</h2>
      <p>
        Uma cópia de tudo o que o portal guarda sobre você e os dependentes dos seus contratos:
        cadastro, documentos e fotos, contratos, parcelas e pagamentos, Pix Automático, termos
        aceitos, passkeys, sessões e lembretes. É um direito seu pela Lei Geral de Proteção de Dados
        (art. 18).
      </p>
      <Button busy={busy === 'pdf'} disabled={busy !== null} onClick={() => void take('pdf')}>
        <DownloadIcon />
        Baixar em PDF
      </Button>
      <Button
        variant="secondary"
        busy={busy === 'json'}
        disabled={busy !== null}
        onClick={() => void take('json')}
      >
        <DownloadIcon />
        Baixar em JSON
      </Button>
      <p className={pageStyles.muted}>
        O PDF é para ler; o JSON, para levar seus dados a outro serviço. Por segurança, até cinco
        cópias por dia.
      </p>
    </section>
  )
}
