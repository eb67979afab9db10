import { ApiError } from '../api/client'
import { shareOrDownload } from '../lib/files'
import { toast, toastDuration } from './toast'

/** What a file the server makes says when it arrives, when there is no signal, and otherwise. */
export type DeliveryMessages = { done: string; offline: string; failed: string }

/**
 * A file the server makes for the person (a calendar, a copy of their data), handed to the
 * phone's share sheet or downloaded, with a toast either way: offline says so; another failure
 * adds the server's sentence.
 */
export async function deliverFile(
  make: () => Promise<Blob>,
  file: { name: string; title: string },
  messages: DeliveryMessages,
) {
  try {
    await shareOrDownload(await make(), file.name, file.title)
    toast.success(messages.done, { duration: toastDuration.default })
  } catch (error) {
    const offline = error instanceof ApiError && error.noConnection
    toast.error(offline ? messages.offline : messages.failed, {
      description: !offline && error instanceof ApiError ? error.message : undefined,
      duration: toastDuration.error,
    })
  }
}
