import type { PageMessage } from '../../contract/worker-messages'
import { toast } from '../ui/toast'

/**
 * Registers the service worker and, when a new version is waiting, asks before switching:
 * activating it mid-payment would swap the code under a person's feet. Called once the page has
 * loaded (main.tsx), so the worker's precache never competes with the first view.
 */
export async function registerServiceWorker() {
  try {
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' })
    if (registration.waiting && navigator.serviceWorker.controller)
      offerUpdate(registration.waiting)
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing
      installing?.addEventListener('statechange', () => {
        // With no controller this is the first install, not an update.
        if (installing.state === 'installed' && navigator.serviceWorker.controller)
          offerUpdate(installing)
      })
    })
  } catch (error) {
    console.error('Falha ao registrar o service worker', error)
  }
}

function offerUpdate(waiting: ServiceWorker) {
  toast('Nova versão disponível', {
    id: 'sw-update',
    duration: Number.POSITIVE_INFINITY,
    action: {
      label: 'Atualizar',
      onClick: () => {
        navigator.serviceWorker.addEventListener(
          'controllerchange',
          () => window.location.reload(),
          {
            once: true,
          },
        )
        waiting.postMessage({ type: 'SKIP_WAITING' } satisfies PageMessage)
      },
    },
  })
}
