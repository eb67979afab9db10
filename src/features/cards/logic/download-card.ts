import { sanitizeCardLayout } from '../../../lib/sanitize'

/** Spec §9: the card image is saved at 3× scale. */
export const downloadScale = 3
/** Width (CSS px) the card is laid out at for the image; the PNG is this times the scale. */
export const downloadWidth = 512

export function cardFileName(name: string) {
  const safe = name
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return `${safe || 'carteirinha'}.png`
}

/**
 * Renders a card's front as a PNG named after the person, offline too: the layout and photo
 * come from the device. html-to-image is loaded only when someone downloads.
 */
export async function downloadCardPng(frontLayout: string, personName: string) {
  const { toPng } = await import('html-to-image')
  // The stage sits off-screen; the node inside it is laid out normally, so the clone html-to-image
  // makes carries no off-screen position of its own.
  const stage = document.createElement('div')
  stage.style.cssText = 'position:fixed;left:-10000px;top:0;pointer-events:none'
  const node = document.createElement('div')
  node.style.cssText = `width:${downloadWidth}px;background:#fff`
  node.innerHTML = sanitizeCardLayout(frontLayout)
  stage.append(node)
  document.body.append(stage)
  try {
    const dataUrl = await toPng(node, {
      pixelRatio: downloadScale,
      cacheBust: false,
      skipFonts: true,
    })
    const link = document.createElement('a')
    link.href = dataUrl
    link.download = cardFileName(personName)
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    stage.remove()
  }
}
