import { type AnyRouter, useRouterState } from '@tanstack/react-router'
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

/**
 * `router`: the prompt sits beside the router, not in it. While the screen is one where the
 * person pays (a payment link opened from a message: `staticData.holdsInstallOffer`), the prompt
 * waits: it would cover the button they came for. It shows, and the offer's dialog opens, on the
 * next screen (the receipt, say).
 */
export function InstallPrompt({ router }: { router: AnyRouter }) {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null)
  const [closed, setClosed] = useState(false)
  const held = useRouterState({
    router,
    select: (state) => state.matches.some((match) => match.staticData.holdsInstallOffer === true),
  })
  // Rendered on the server too (src/entry-server.tsx): there, no browser, no offer.
  const inBrowser = typeof window !== 'undefined'
  const safariLike = inBrowser && isSafariLike(navigator.userAgent)

  useEffect(() => {
    const installed = () => {
      markInstalled()
      setClosed(true)
    }
    // The entry (src/main.tsx) catches every offer, this one included; its listener runs first.
    const take = () => {
      const caught = window.caughtInstallOffer
      if (caught) setOffer(caught.event)
    }
    take()
    window.addEventListener('beforeinstallprompt', take)
    window.addEventListener('appinstalled', installed)
    return () => {
      window.removeEventListener('beforeinstallprompt', take)
      window.removeEventListener('appinstalled', installed)
    }
  }, [])

  // The offer opens the browser's dialog by itself once, ~800 ms after it came (which may be
  // before the app mounted), or as soon as the screen no longer holds it.
  useEffect(() => {
    const caught = window.caughtInstallOffer
    if (held || !offer || !caught || caught.event !== offer || caught.prompted) return
    const wait = Math.max(0, autoPromptDelayMs - (performance.now() - caught.at))
    const timer = setTimeout(async () => {
      caught.prompted = true
      if (await promptInstall(caught.event)) {
        markInstalled()
        setClosed(true)
      }
    }, wait)
    return () => clearTimeout(timer)
  }, [offer, held])

  async function install(event: BeforeInstallPromptEvent) {
    if (await promptInstall(event)) {
      markInstalled()
      setClosed(true)
    }
  }

  const visible =
    inBrowser &&
    !closed &&
    !held &&
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
