import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { describe, expect } from 'vitest'
import { animationsSettled, chromePath } from './chromium'

export { chromePath, chromiumArgs, launchBrowser } from './chromium'

export const browserRequired = Boolean(process.env.CI || process.env.REQUIRE_BROWSER)
export const hasBrowser = existsSync(chromePath)

if (!hasBrowser && browserRequired)
  throw new Error(
    `Chromium não encontrado em ${chromePath} e CI/REQUIRE_BROWSER exige os testes de navegador.`,
  )

/** `describe` for browser journeys: skipped loudly when no Chromium is installed locally. */
export const describeBrowser: typeof describe = hasBrowser
  ? describe
  : (((name: string) => {
      console.warn(
        `\n*** TESTES DE NAVEGADOR PULADOS: Chromium ausente em ${chromePath} (defina CHROME_PATH ou instale o pacote chromium). ***\n`,
      )
      describe.skip(name, () => {})
    }) as unknown as typeof describe)

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/**
 * Runs axe-core on the page as it is now and fails on any violation. The script goes in
 * through the DevTools protocol, so the app's CSP does not have to allow it.
 */
export async function expectNoAxeViolations(page: Page) {
  // Judge the screen as it settles, not a toast caught halfway through fading in or out.
  await animationsSettled(page)
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResult> } })
      .axe
    const result = await axe.run(document)
    return result.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.html).slice(0, 3),
    }))
  })
  expect(violations).toEqual([])
}

type AxeResult = { violations: { id: string; help: string; nodes: { html: string }[] }[] }
