import type { ModelContractDocument } from '../../../../contract/contracts'
import { base64ToBlob, downloadBlob } from '../../../lib/files'
import { Button } from '../../../ui/button'
import { EmptyState } from '../../../ui/empty-state'
import { DocumentIcon, DownloadIcon } from '../../../ui/icons'
import styles from '../../../ui/page.module.css'
import { toast, toastDuration } from '../../../ui/toast'

export const documentsEmpty = 'Nenhum documento disponível para este contrato.'
export const documentUnavailable = 'Documento não disponível para download.'

export function documentCountLabel(count: number) {
  return count === 1 ? '1 documento' : `${count} documentos`
}

/** Spec §2 screen 12: the contract model's documents, each downloadable. */
export function GeneralDocuments({ documents }: { documents: ModelContractDocument[] }) {
  function download(document: ModelContractDocument) {
    const content = document.file_attachment?.base_64
    if (!content) {
      toast.error(documentUnavailable, { duration: toastDuration.error })
      return
    }
    try {
      downloadBlob(base64ToBlob(content, document.content_type), document.name)
    } catch {
      // Content that is not valid base64 is as unusable as no content at all.
      toast.error(documentUnavailable, { duration: toastDuration.error })
    }
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Documentos Gerais</h1>
      <p className={styles.muted}>{documentCountLabel(documents.length)}</p>
      {documents.length === 0 && <EmptyState>{documentsEmpty}</EmptyState>}
      <ul className={styles.list}>
        {documents.map((document) => (
          <li key={document.id} className={`${styles.card} ${styles.row}`}>
            <DocumentIcon size={28} />
            <span className={styles.grow}>{document.name}</span>
            <Button
              variant="secondary"
              onClick={() => download(document)}
              aria-label={`Baixar ${document.name}`}
            >
              <DownloadIcon />
              Baixar
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}
