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
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<AxeResult> }
      }
    ).axe
    const result = await axe.run(document, { elementRef: true })
    // A toast that began to leave while axe read it (sonner marks it `data-removed` as its fade
    // starts) is not part of the screen judged: its fading text is not a contrast a person reads.
    // A toast a screen opens with can end as the screen settles (/login's lasts as long as it
    // waits before moving on), and no wait before axe can know that it is about to.
    const leaving = (element: Element) =>
      !element.isConnected || element.closest('[data-sonner-toast][data-removed="true"]') !== null
    return result.violations
      .map((violation) => ({
        id: violation.id,
        help: violation.help,
        nodes: violation.nodes.filter((node) => !leaving(node.element)).map((node) => node.html),
      }))
      .filter((violation) => violation.nodes.length > 0)
      .map((violation) => ({ ...violation, nodes: violation.nodes.slice(0, 3) }))
  })
  expect(violations).toEqual([])
}

type AxeResult = {
  violations: { id: string; help: string; nodes: { html: string; element: Element }[] }[]
}
