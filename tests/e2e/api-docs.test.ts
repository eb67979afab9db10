import type { Page } from 'playwright-core'
import { beforeEach, expect, it } from 'vitest'
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser'
import { expectVisible } from '../helpers/expect'
import { browserJourney } from '../helpers/journey'
import type { RunningServer } from '../helpers/server'

/** The API's reference page (decision 018), as a provider's developer reads it on a desktop. */
describeBrowser('the API reference page', () => {
  const journey = browserJourney({
    noServiceWorker: true,
    device: { viewport: { width: 1366, height: 768 } },
  })
  let server: RunningServer
  let page: Page
  beforeEach(() => {
    ;({ server, page } = journey)
  })

  it('lists the operations by group, links each to its section, and passes axe', async () => {
    const blocked: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') blocked.push(message.text())
    })
    await page.goto(`${server.url}/socios-api/docs`)
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Portal do Titular — API' }))
    const nav = page.getByRole('navigation', { name: 'Operações' })
    await nav.getByRole('link', { name: 'Um contrato, com titular e dependentes' }).click()
    expect(new URL(page.url()).hash).toBe('#getContract')
    await expectVisible(page.locator('#getContract').getByText('/client/contract/{id}'))
    // Its style is allowed by its hash: a page the CSP had stripped would be unstyled.
    const methodColour = await page
      .locator('#getContract .method')
      .evaluate((element) => getComputedStyle(element).backgroundColor)
    expect(methodColour).toBe('rgb(29, 107, 58)')
    expect(blocked).toEqual([])
    await expectNoAxeViolations(page)
  })
})
