import { imageSource } from '../lib/files'
import styles from './avatar.module.css'
import { PersonIcon } from './icons'

/** A person's photo, or the default icon when there is none (spec §2 screen 6). */
export function Avatar({
  base64,
  name,
  size = 96,
}: {
  base64?: string | null
  name: string
  size?: number
}) {
  const src = imageSource(base64)
  return (
    <span className={styles.avatar} style={{ width: size, height: size }}>
      {src ? <img src={src} alt={`Foto de ${name}`} /> : <PersonIcon size={size * 0.55} />}
    </span>
  )
}
