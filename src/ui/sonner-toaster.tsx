import { Toaster } from 'sonner'
import { smallScreen } from './use-small-screen'

/**
 * Toasts per spec §4: 5 s by default, closable, paused on hover. On a desktop, top right. On a
 * phone, at the bottom above the navigation, where the thumb is and where they never cover the
 * header's back arrow, menu or the screen's title (issue 27), nor a form's sticky Salvar.
 */
export default function SonnerToaster() {
  // sonner's own breakpoint for its full-width phone layout, and ours.
  const onPhone = window.matchMedia(smallScreen).matches
  return (
    <Toaster
      position={onPhone ? 'bottom-center' : 'top-right'}
      theme="light"
      duration={5000}
      closeButton
      richColors
      // A screen with a bar of actions stuck above the navigation (a form's Salvar) lifts the
      // toasts above that bar through --toast-lift, so a message never covers the button.
      mobileOffset={{ bottom: 'var(--toast-lift, calc(76px + env(safe-area-inset-bottom)))' }}
    />
  )
}
