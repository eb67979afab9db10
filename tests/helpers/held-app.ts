import type { Page } from 'playwright-core'

/**
 * Holds the app's code (the chunk src/boot.tsx is in) until `release()`: the page shows the
 * server's HTML of its screen (decision 020) and nothing answers it yet, as on a slow phone
 * before the script has arrived.
 */
export async function holdTheApp(page: Page) {
  let release!: () => void
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/boot-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return { release }
}
