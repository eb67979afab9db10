import { type Browser, chromium } from 'playwright-core'

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
