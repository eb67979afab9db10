/** Turning server base64 into files the person can keep (spec §7 view-contract, §2 screen 12). */

export function base64ToBlob(base64: string, contentType: string): Blob {
  const clean = base64.replace(/^data:[^,]*,/, '').replace(/\s/g, '')
  const binary = atob(clean)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return new Blob([bytes], { type: contentType })
}

/** Spec §7: the file URL is released 30 s after the download starts. */
export const objectUrlLifetimeMs = 30_000

export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), objectUrlLifetimeMs)
}

/** The device's share sheet when it can share files (phones), else a plain download. */
export async function shareOrDownload(blob: Blob, fileName: string, title: string) {
  const file = new File([blob], fileName, { type: blob.type })
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title })
      return
    } catch (error) {
      // Closing the share sheet is a choice, not a failure; anything else falls back to download.
      if (error instanceof DOMException && error.name === 'AbortError') return
    }
  }
  downloadBlob(blob, fileName)
}

/** An <img> source for server base64 that may or may not carry its data: prefix. */
export function imageSource(base64: string | null | undefined, contentType = 'image/jpeg') {
  if (!base64) return null
  return base64.startsWith('data:') ? base64 : `data:${contentType};base64,${base64}`
}
