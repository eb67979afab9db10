import { lazy, Suspense, useEffect, useState } from 'react'
import type { BeforeInstallPromptEvent } from '../logic/offer'
import { installedFlagKey, isSafariLike, shouldShowInstallPrompt } from '../logic/visibility'

// The banner (markup, styles, icons) loads only when it is to show: not with /login's first view.
const InstallBanner = lazy(() => import('./install-banner'))

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

export function InstallPrompt() {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null)
  const [closed, setClosed] = useState(false)
  // Rendered on the server too (src/entry-server.tsx): there, no browser, no offer.
  const inBrowser = typeof window !== 'undefined'
  const safariLike = inBrowser && isSafariLike(navigator.userAgent)

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const installed = () => {
      markInstalled()
      setClosed(true)
    }
    // The entry (src/main.tsx) catches every offer, this one included; its listener runs first.
    let taken: unknown
    const take = () => {
      const caught = window.caughtInstallOffer
      if (!caught || caught === taken) return
      taken = caught
      setOffer(caught.event)
      clearTimeout(timer)
      if (caught.prompted) return
      // Counted from when the browser offered, which may be before the app mounted.
      const wait = Math.max(0, autoPromptDelayMs - (performance.now() - caught.at))
      timer = setTimeout(async () => {
        caught.prompted = true
        if (await promptInstall(caught.event)) installed()
      }, wait)
    }
    take()
    window.addEventListener('beforeinstallprompt', take)
    window.addEventListener('appinstalled', installed)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('beforeinstallprompt', take)
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
    inBrowser &&
    !closed &&
    shouldShowInstallPrompt({
      standalone: standalone(),
      installedFlag: localStorage.getItem(installedFlagKey),
      browserOffered: offer !== null,
      safariLike,
    })
  if (!visible) return null

  return (
    <Suspense fallback={null}>
      <InstallBanner
        canInstall={offer !== null}
        safariLike={safariLike}
        onInstall={() => {
          if (offer) void install(offer)
        }}
        onClose={() => {
          markInstalled()
          setClosed(true)
        }}
      />
    </Suspense>
  )
}
