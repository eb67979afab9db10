import { useCallback, useRef, useState } from 'react'
import { toast, toastDuration } from '../../../ui/toast'

/**
 * Spec §4 submission guard: one submission at a time across the whole screen, whatever tab or
 * button starts it; a failure shows the server's message as an error toast (spec §8).
 */
export function useSubmission() {
  const running = useRef(false)
  const [busy, setBusy] = useState(false)

  const submit = useCallback(async (task: () => Promise<void>) => {
    if (running.current) return
    running.current = true
    setBusy(true)
    try {
      await task()
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error), {
        duration: toastDuration.error,
      })
    } finally {
      running.current = false
      setBusy(false)
    }
  }, [])

  return { busy, submit }
}

export type Submission = ReturnType<typeof useSubmission>
