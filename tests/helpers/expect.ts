import type { Locator } from 'playwright-core'
import { expect } from 'vitest'

/**
 * playwright-core has no web-first assertions; these wait the way a person would (until the
 * thing shows up, within the test's timeout) and then assert with Vitest.
 */
export async function expectVisible(locator: Locator, timeout = 10_000) {
  await locator.first().waitFor({ state: 'visible', timeout })
}

export async function expectHidden(locator: Locator, timeout = 10_000) {
  await locator.first().waitFor({ state: 'hidden', timeout })
}

export async function expectText(locator: Locator, text: string | RegExp, timeout = 10_000) {
  await expectVisible(locator, timeout)
  await expect
    .poll(async () => (await locator.first().textContent())?.trim() ?? '', { timeout })
    .toMatch(
      typeof text === 'string'
        ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
        : text,
    )
}
