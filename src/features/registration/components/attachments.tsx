import { useId, useRef } from 'react'
import { detectFileType } from '../../../../contract/file-signatures'
import { attachmentContentTypes, registrationLimits } from '../../../../contract/registration'
import { Button, IconButton } from '../../../ui/button'
import { DocumentIcon, PlusIcon, TrashIcon } from '../../../ui/icons'
import { toast, toastDuration } from '../../../ui/toast'
import { useSmallScreen } from '../../../ui/use-small-screen'
import styles from './person-form.module.css'

/** An attachment as the form keeps it: existing ones by id only, new ones with their content. */
export type Attachment = { id?: string; name: string; content_type: string; base_64?: string }

const allowedTypes = attachmentContentTypes
const maxAttachmentBytes = registrationLimits.attachmentBytes
export const attachmentMessages = {
  type: (name: string) => `Tipo de arquivo não permitido (${name}): envie PDF, JPG ou PNG.`,
  size: (name: string) => `O arquivo ${name} excede 2 MB.`,
  content: (name: string) => `O arquivo ${name} não é um PDF, JPG ou PNG válido.`,
} as const

/** Spec §5: file names are cut to 18 characters on small screens. */
export function shortName(name: string, small: boolean) {
  return small && name.length > 18 ? `${name.slice(0, 18)}…` : name
}

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

type Props = {
  attachments: Attachment[]
  onChange: (next: Attachment[]) => void
  readOnly: boolean
}

export function AttachmentList({ attachments, onChange, readOnly }: Props) {
  const input = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const small = useSmallScreen()

  async function add(files: FileList | null) {
    const added: Attachment[] = []
    for (const file of Array.from(files ?? [])) {
      if (!(allowedTypes as readonly string[]).includes(file.type)) {
        toast.error(attachmentMessages.type(file.name), { duration: toastDuration.validation })
        continue
      }
      if (file.size > maxAttachmentBytes) {
        toast.error(attachmentMessages.size(file.name), { duration: toastDuration.validation })
        continue
      }
      const base64 = await readBase64(file)
      // Judged by its bytes, as the server does; a real file with the wrong extension is sent
      // as what it is.
      const detected = detectFileType(base64)
      if (!detected) {
        toast.error(attachmentMessages.content(file.name), { duration: toastDuration.validation })
        continue
      }
      added.push({ name: file.name, content_type: detected, base_64: base64 })
    }
    if (added.length) onChange([...attachments, ...added])
    if (input.current) input.current.value = ''
  }

  return (
    <>
      {attachments.length === 0 && <p className={styles.hint}>Nenhum documento anexado.</p>}
      <ul className={styles.files}>
        {attachments.map((attachment, index) => (
          <li key={attachment.id ?? `new-${index}`} className={styles.file}>
            <DocumentIcon />
            <span className={styles.fileName} title={attachment.name}>
              {shortName(attachment.name, small)}
            </span>
            {!readOnly && (
              <IconButton
                label={`Remover ${attachment.name}`}
                onClick={() => onChange(attachments.filter((_, i) => i !== index))}
              >
                <TrashIcon />
              </IconButton>
            )}
          </li>
        ))}
      </ul>
      {!readOnly && (
        <>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={allowedTypes.join(',')}
            multiple
            hidden
            onChange={(event) => void add(event.target.files)}
          />
          <Button variant="secondary" onClick={() => input.current?.click()}>
            <PlusIcon />
            Adicionar
          </Button>
        </>
      )}
    </>
  )
}
