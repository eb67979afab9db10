import type { ChipColour } from '../lib/status'
import styles from './chip.module.css'

export function Chip({ label, colour }: { label: string; colour: ChipColour }) {
  return <span className={`${styles.chip} ${styles[colour]}`}>{label}</span>
}
