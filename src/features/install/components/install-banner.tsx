import { useLayoutEffect, useRef } from 'react'
import { Button, IconButton } from '../../../ui/button'
import { CloseIcon } from '../../../ui/icons'
import styles from './install-prompt.module.css'

type Props = {
  /** The browser offered an install dialog ('Instalar' opens it). */
  canInstall: boolean
  safariLike: boolean
  onInstall: () => void
  onClose: () => void
}

/**
 * While the prompt shows, `--install-prompt-space` on the root says how far from the bottom of
 * the screen it reaches, so floating controls ('Pagar Débitos') can stay above it.
 */
function useSpaceTaken() {
  const prompt = useRef<HTMLElement>(null)
  useLayoutEffect(() => {
    const element = prompt.current
    if (!element) return
    const root = document.documentElement
    const update = () =>
      root.style.setProperty(
        '--install-prompt-space',
        `${Math.max(0, window.innerHeight - element.getBoundingClientRect().top)}px`,
      )
    update()
    const observer = new ResizeObserver(update)
    observer.observe(element)
    window.addEventListener('resize', update)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', update)
      root.style.removeProperty('--install-prompt-space')
    }
  }, [])
  return prompt
}

/** The install prompt's banner: loaded only when it is to show (see ./install-prompt). */
export default function InstallBanner({ canInstall, safariLike, onInstall, onClose }: Props) {
  const prompt = useSpaceTaken()
  return (
    <aside
      className={styles.prompt}
      aria-label="Instalar o aplicativo"
      ref={prompt}
      data-not-screen=""
    >
      <p className={styles.text}>
        {canInstall || !safariLike
          ? 'Instale nosso app para ter uma melhor experiência.'
          : 'Para instalar este app: toque no botão de compartilhar do Safari e escolha "Adicionar à Tela de Início".'}
      </p>
      {canInstall && <Button onClick={onInstall}>Instalar</Button>}
      <IconButton label="Fechar" onClick={onClose}>
        <CloseIcon />
      </IconButton>
    </aside>
  )
}
