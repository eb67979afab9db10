import type { ButtonHTMLAttributes, ComponentProps } from 'react'
import styles from './button.module.css'

type Props = ComponentProps<'button'> & {
  variant?: 'primary' | 'secondary' | 'text'
  block?: boolean
  busy?: boolean
}

export function Button({ variant = 'primary', block, busy, className, children, ...rest }: Props) {
  const classes = [styles.button, styles[variant], block && styles.block, className]
  return (
    <button
      type="button"
      {...rest}
      className={classes.filter(Boolean).join(' ')}
      aria-busy={busy || undefined}
      disabled={rest.disabled || busy}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </button>
  )
}

type IconButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { label: string }

/** A round icon-only button; the label is what screen readers and tests find. */
export function IconButton({ label, className, children, ...rest }: IconButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      {...rest}
      className={[styles.button, styles.icon, className].filter(Boolean).join(' ')}
    >
      {children}
    </button>
  )
}
