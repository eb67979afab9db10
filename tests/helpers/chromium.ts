import { type Browser, chromium, type Page } from 'playwright-core'

/** The system Chromium every browser journey and `npm run screenshots` drive (no vitest here). */
export const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium'

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
]

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath,
    headless: true,
    args: [...chromiumArgs, ...extraArgs],
  })
}

/**
 * Waits until no finite animation is running (a toast fading in or out), so a check or a
 * screenshot sees the screen as it settles. Endless ones (spinners) do not count.
 */
export function animationsSettled(page: Page, timeout = 5000) {
  return page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout },
  )
}
