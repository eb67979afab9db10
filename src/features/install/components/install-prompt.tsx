import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Button, IconButton } from '../../../ui/button'
import { CloseIcon } from '../../../ui/icons'
import { installedFlagKey, isSafariLike, shouldShowInstallPrompt } from '../logic/visibility'
import styles from './install-prompt.module.css'

/** Chromium's install offer; not in the DOM typings. */
type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

/** Spec §4: the captured offer opens the browser's install dialog by itself after ~800 ms. */
export const autoPromptDelayMs = 800

const standalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true

const markInstalled = () => localStorage.setItem(installedFlagKey, 'true')

/** Opens the browser's install dialog; true when the person installed the app. */
async function promptInstall(event: BeforeInstallPromptEvent): Promise<boolean> {
  try {
    await event.prompt()
    const { outcome } = await event.userChoice
    return outcome === 'accepted'
  } catch {
    // The browser refused to show its dialog now (it may want a tap): the 'Instalar' button stays.
    return false
  }
}

/**
 * While the prompt shows, `--install-prompt-space` on the root says how far from the bottom of
 * the screen it reaches, so floating controls ('Pagar Débitos') can stay above it.
 */
function useSpaceTaken(visible: boolean) {
  const prompt = useRef<HTMLElement>(null)
  useLayoutEffect(() => {
    const element = prompt.current
    if (!visible || !element) return
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
  }, [visible])
  return prompt
}

export function InstallPrompt() {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null)
  const [closed, setClosed] = useState(false)
  const safariLike = isSafariLike(navigator.userAgent)

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const capture = (event: Event) => {
      event.preventDefault()
      const captured = event as BeforeInstallPromptEvent
      setOffer(captured)
      clearTimeout(timer)
      timer = setTimeout(async () => {
        if (await promptInstall(captured)) installed()
      }, autoPromptDelayMs)
    }
    const installed = () => {
      markInstalled()
      setClosed(true)
    }
    window.addEventListener('beforeinstallprompt', capture)
    window.addEventListener('appinstalled', installed)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('beforeinstallprompt', capture)
      window.removeEventListener('appinstalled', installed)
    }
  }, [])

  async function install(event: BeforeInstallPromptEvent) {
    if (await promptInstall(event)) {
      markInstalled()
      setClosed(true)
    }
  }

  const visible =
    !closed &&
    shouldShowInstallPrompt({
      standalone: standalone(),
      installedFlag: localStorage.getItem(installedFlagKey),
      browserOffered: offer !== null,
      safariLike,
    })
  const prompt = useSpaceTaken(visible)
  if (!visible) return null

  return (
    <aside className={styles.prompt} aria-label="Instalar o aplicativo" ref={prompt}>
      <p className={styles.text}>
        {offer || !safariLike
          ? 'Instale nosso app para ter uma melhor experiência.'
          : 'Para instalar este app: toque no botão de compartilhar do Safari e escolha "Adicionar à Tela de Início".'}
      </p>
      {offer && <Button onClick={() => void install(offer)}>Instalar</Button>}
      <IconButton
        label="Fechar"
        onClick={() => {
          markInstalled()
          setClosed(true)
        }}
      >
        <CloseIcon />
      </IconButton>
    </aside>
  )
}
