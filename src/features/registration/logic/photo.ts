/** Spec §5/§9: photos are cropped to 4:3, 800×600, mirrored, JPEG. */
export const photoSize = { width: 800, height: 600 } as const

/** The centred 4:3 region of a frame of any shape. */
export function cropToFourThree(width: number, height: number) {
  const target = photoSize.width / photoSize.height
  if (width / height > target) {
    const cropWidth = Math.round(height * target)
    return { sx: Math.round((width - cropWidth) / 2), sy: 0, sw: cropWidth, sh: height }
  }
  const cropHeight = Math.round(width / target)
  return { sx: 0, sy: Math.round((height - cropHeight) / 2), sw: width, sh: cropHeight }
}

/** Draws the current video frame as the registration photo (a data: URL). */
export function captureFrame(video: HTMLVideoElement): string {
  const canvas = document.createElement('canvas')
  canvas.width = photoSize.width
  canvas.height = photoSize.height
  const context = canvas.getContext('2d')
  if (!context) throw new Error('canvas 2d indisponível')
  const { sx, sy, sw, sh } = cropToFourThree(video.videoWidth, video.videoHeight)
  // Mirrored, like the selfie preview the person saw while framing the shot.
  context.translate(photoSize.width, 0)
  context.scale(-1, 1)
  context.drawImage(video, sx, sy, sw, sh, 0, 0, photoSize.width, photoSize.height)
  return canvas.toDataURL('image/jpeg', 0.85)
}
