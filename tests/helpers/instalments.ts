import type { Page } from 'playwright-core'
import { expectHidden, expectVisible } from './expect'

/**
 * Pagamentos' Todos tab folds a long group after its first rows ("Ver mais 5 parcelas"): a
 * journey that pays a later instalment opens the folds first, as a person would.
 */
export async function showEveryInstalment(page: Page) {
  const more = page.getByRole('button', { name: /^Ver mais \d+ parcelas/ })
  await expectVisible(page.getByRole('tab', { name: 'Todos' }))
  while ((await more.count()) > 0) {
    const first = more.first()
    const name = (await first.textContent()) ?? ''
    await first.click()
    await expectHidden(page.getByRole('button', { name, exact: true }))
  }
}

/** The checkout's 'Parcelas' choices (spec §5's option texts), in their order. */
export async function instalmentOptions(page: Page): Promise<string[]> {
  const group = page.getByRole('group', { name: 'Parcelas' })
  await expectVisible(group.getByRole('radio'))
  const texts = await group.locator('label').allTextContents()
  return texts.map((text) => text.replace(/\s+/g, ' ').trim())
}

/** Chooses one of 'Parcelas' by its whole text. */
export async function chooseInstalments(page: Page, text: string) {
  await page
    .getByRole('group', { name: 'Parcelas' })
    .getByRole('radio', { name: text, exact: true })
    .check()
}

/** The text of the 'Parcelas' choice now checked. */
export async function chosenInstalments(page: Page): Promise<string> {
  const label = page.getByRole('group', { name: 'Parcelas' }).locator('label:has(input:checked)')
  return ((await label.textContent()) ?? '').replace(/\s+/g, ' ').trim()
}
