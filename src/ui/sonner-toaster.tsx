import { Toaster } from 'sonner'

/** Toasts per spec §4 and §9: top right, light theme, 5 s by default, closable, paused on hover. */
export default function SonnerToaster() {
  // On a phone, below the header's back arrow and menu (56 px), never over them (issue 27).
  return (
    <Toaster
      position="top-right"
      theme="light"
      duration={5000}
      closeButton
      richColors
      mobileOffset={{ top: 64 }}
    />
  )
}
