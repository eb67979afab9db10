import { Toaster as Sonner } from 'sonner'

/** Toasts per spec §4 and §9: top right, light theme, 5 s by default, closable, paused on hover. */
export function Toaster() {
  return <Sonner position="top-right" theme="light" duration={5000} closeButton richColors />
}

/** Durations of spec §9, so every screen uses the same numbers. */
export const toastDuration = {
  default: 5000,
  error: 5000,
  validation: 3000,
  saveSuccess: 3000,
  loginSuccess: 1500,
  paymentLinkFailure: 8000,
  sessionExpired: 3000,
} as const
