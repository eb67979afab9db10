import { toast, toastDuration } from '../../../ui/toast'

/**
 * Copies a code (Pix copia e cola) from inside the tap, with no await before it: browsers only
 * allow copying from a user gesture. Without the clipboard API, or refused, the code's field is
 * selected and copied the old way, or the person is asked to copy it by hand.
 */
export function copyCode(
  code: string,
  field: HTMLTextAreaElement | null,
  messages: { copied: string; copyByHand: string },
) {
  const byHand = () => {
    field?.focus()
    field?.select()
    const copied = typeof document.execCommand === 'function' && document.execCommand('copy')
    if (copied) toast.success(messages.copied, { duration: toastDuration.validation })
    else toast.info(messages.copyByHand, { duration: toastDuration.default })
  }
  navigator.clipboard
    ?.writeText(code)
    .then(() => toast.success(messages.copied, { duration: toastDuration.validation }))
    .catch(byHand)
  if (!navigator.clipboard) byHand()
}
