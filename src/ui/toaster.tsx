import { lazy, Suspense, useSyncExternalStore } from 'react'
import { toasterStore } from './toast'

const SonnerToaster = lazy(() => import('./sonner-toaster'))

/** Where toasts show; sonner loads with the first one (see ./toast). */
export function Toaster() {
  const wanted = useSyncExternalStore(toasterStore.subscribe, toasterStore.wanted, () => false)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  )
}
