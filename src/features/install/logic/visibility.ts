/** The install prompt of spec §4: when it may show, from what the browser says. */
export const installedFlagKey = 'pwa-installed'

export type InstallContext = {
  standalone: boolean
  installedFlag: string | null
  browserOffered: boolean
  safariLike: boolean
}

export function shouldShowInstallPrompt({
  standalone,
  installedFlag,
  browserOffered,
  safariLike,
}: InstallContext) {
  if (standalone || installedFlag === 'true') return false
  return browserOffered || safariLike
}

/** Safari (macOS and iOS) has no install event: it gets written instructions instead. */
export function isSafariLike(userAgent: string): boolean {
  const iOS = /iPad|iPhone|iPod/.test(userAgent)
  const safari = /^((?!chrome|chromium|crios|fxios|edg|android).)*safari/i.test(userAgent)
  return safari || (iOS && !/crios|fxios|edgios/i.test(userAgent))
}
