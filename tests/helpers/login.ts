import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { appIsLive } from './device'
import { latestMessage } from './outbox'

/** Logs in through the two login screens, as a person would, reading the code from the outbox. */
export async function loginThroughScreens(
  page: Page,
  baseUrl: string,
  email: string,
  via: 'E-mail' | 'WhatsApp' = 'E-mail',
  outboxKey = email,
) {
  await page.goto(`${baseUrl}/login`)
  // The app's login, once it runs: a tap on the server's copy before even the entry script runs
  // (its first second on a busy machine) is a plain form's reload, outside what this helper is
  // for; the taps the entry holds until the app takes over are src/early-taps.test.tsx's.
  await appIsLive(page)
  await page.getByRole('radio', { name: via }).check()
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
  const before = await latestMessage(baseUrl, outboxKey).catch(() => null)
  await page.getByRole('button', { name: 'Enviar Código' }).click()
  await page.waitForURL(/\/verify-code\?email=/)
  const message = await latestMessage(baseUrl, outboxKey)
  expect(message.sent_at).not.toBe(before?.sent_at)
  await page.getByLabel('Código de entrada').fill(message.code)
  return message
}
