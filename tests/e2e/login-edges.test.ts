import type { Page } from 'playwright-core'
import { beforeEach, expect, it } from 'vitest'
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser'
import { expectText, expectVisible } from '../helpers/expect'
import { browserJourney } from '../helpers/journey'
import { loginThroughScreens } from '../helpers/login'
import { latestMessage } from '../helpers/outbox'
import type { RunningServer } from '../helpers/server'

/** "m:ss" → seconds. */
const seconds = (wait: string) => {
  const [minutes, rest] = wait.split(':')
  return Number(minutes) * 60 + Number(rest)
}

describeBrowser('login: resend, blocked codes, back, terms first', () => {
  const journey = browserJourney({
    noServiceWorker: true,
    // Three codes per e-mail from one address in 15 minutes: the fourth meets the real limit.
    env: { OTP_LIMIT_PER_DESTINATION: '3' },
  })
  let server: RunningServer
  let page: Page
  beforeEach(() => {
    ;({ server, page } = journey)
  })

  const resendButton = () => page.getByRole('button', { name: /^Reenviar código/ })
  const codeInput = () => page.getByLabel('Código de entrada')

  async function requestCode(email: string) {
    await page.goto(`${server.url}/login`)
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
    await page.getByRole('button', { name: 'Enviar Código' }).click()
    await page.waitForURL(/\/verify-code\?/)
    // The screen is up, its countdown started: a fake clock moved before it would start late.
    await expectText(resendButton(), /^Reenviar código em /)
    return latestMessage(server.url, email)
  }

  it('"Reenviar código" counts down, then sends a new code that logs in', async () => {
    await page.clock.install()
    const first = await requestCode('bruno@exemplo.com.br')
    await expectText(resendButton(), /^Reenviar código em 0:[34]\d$/)
    expect(await resendButton().isDisabled()).toBe(true)
    await expectNoAxeViolations(page)

    await page.clock.fastForward('00:46')
    await expectText(resendButton(), 'Reenviar código')
    await resendButton().click()
    await expectVisible(page.getByText(/você receberá o código/i))
    await expect
      .poll(async () => (await latestMessage(server.url, 'bruno@exemplo.com.br')).sent_at)
      .not.toBe(first.sent_at)
    // Counting again before yet another one.
    await expectText(resendButton(), /^Reenviar código em 0:[34]\d$/)

    const second = await latestMessage(server.url, 'bruno@exemplo.com.br')
    await codeInput().fill(second.code)
    await page.waitForURL(`${server.url}/selected-contract`)
  })

  it('too many code requests: the server sentence and its Retry-After as the countdown', async () => {
    await page.clock.install()
    await requestCode('davi@exemplo.com.br')
    for (let sent = 2; sent <= 3; sent++) {
      await page.clock.fastForward('00:46')
      await resendButton().click()
      await expectText(resendButton(), /^Reenviar código em 0:[34]\d$/)
    }
    await page.clock.fastForward('00:46')
    const answer = page.waitForResponse((response) =>
      response.url().endsWith('/socios-api/client/generate-code'),
    )
    await resendButton().click()
    const refused = await answer
    expect(refused.status()).toBe(429)
    const retryAfter = Number(refused.headers()['retry-after'])
    expect(retryAfter).toBeGreaterThan(60)

    await expectText(
      page.getByRole('alert'),
      'Muitas solicitações de código. Aguarde alguns minutos e tente novamente.',
    )
    await expectVisible(
      page.getByText('Quando a contagem terminar, você poderá pedir um novo código.'),
    )
    const label = (await resendButton().textContent()) ?? ''
    const shown = /^Reenviar código em (\d+:\d\d)$/.exec(label)?.[1]
    expect(shown).toBeDefined()
    expect(Math.abs(seconds(shown ?? '0:00') - retryAfter)).toBeLessThanOrEqual(3)
    expect(await resendButton().isDisabled()).toBe(true)
    await expectNoAxeViolations(page)
  })

  it('wrong codes say what to do; past the limit the code is blocked, with the wait', async () => {
    const { code } = await requestCode('elisa@exemplo.com.br')
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')

    await codeInput().fill(wrong)
    await expectText(page.getByRole('alert'), 'Código inválido ou expirado.')
    const hint = page.getByText(/^Confira os 6 números\./)
    await expectVisible(hint)
    // Not "use the button" while its countdown still holds it disabled.
    expect(await hint.textContent()).toContain(
      'peça um novo em "Reenviar código" quando a contagem terminar.',
    )
    // The hint is read with the field.
    const describedBy = (await codeInput().getAttribute('aria-describedby')) ?? ''
    const hintId = (await hint.getAttribute('id')) ?? 'none'
    expect(describedBy.split(' ')).toContain(hintId)
    await expectNoAxeViolations(page)

    // Four more wrong tries from this address are still answered as wrong codes…
    for (let tries = 2; tries <= 5; tries++) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/socios-api/client/login'))
      await codeInput().fill(wrong)
      expect((await answered).status()).toBe(400)
      await expect.poll(() => codeInput().inputValue()).toBe('')
    }
    // …the sixth meets the limit: 429 with Retry-After.
    const answer = page.waitForResponse((r) => r.url().endsWith('/socios-api/client/login'))
    await codeInput().fill(wrong)
    const refused = await answer
    expect(refused.status()).toBe(429)
    const retryAfter = Number(refused.headers()['retry-after'])

    await expectText(
      page.getByRole('alert'),
      /^Erro ao validar código\. Status: 429\. Muitas tentativas com código inválido\. Aguarde \d+ minutos? e tente novamente\.$/,
    )
    await expectVisible(page.getByText(/o código está bloqueado por enquanto/))
    expect(await codeInput().getAttribute('readonly')).toBe('')
    const label = (await resendButton().textContent()) ?? ''
    const shown = /^Reenviar código em (\d+:\d\d)$/.exec(label)?.[1]
    expect(Math.abs(seconds(shown ?? '0:00') - retryAfter)).toBeLessThanOrEqual(3)
    await expectNoAxeViolations(page)
  })

  it('with the install prompt shown on a phone, "Enviar Código" can still be reached and tapped', async () => {
    // Safari's prompt is the tallest: written instructions instead of an install button.
    ;({ page } = await journey.newDevice({
      viewport: { width: 390, height: 664 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    }))
    await page.goto(`${server.url}/login`)
    await expectVisible(page.getByRole('complementary', { name: 'Instalar o aplicativo' }))
    const send = page.getByRole('button', { name: 'Enviar Código' })
    // As a person would: scroll to the end of the page to get past the prompt. Until the web
    // font has arrived and the prompt has measured itself the layout may still move, so look
    // again until it has settled.
    await page.evaluate(() => document.fonts.ready)
    const reachable = () =>
      send.evaluate((button) => {
        window.scrollTo(0, document.documentElement.scrollHeight)
        const box = button.getBoundingClientRect()
        return button.contains(document.elementFromPoint(box.left + box.width / 2, box.bottom - 4))
      })
    await expect.poll(reachable, { timeout: 5000 }).toBe(true)
    await expectNoAxeViolations(page)
  })

  it('the back arrow returns to the request screen with the e-mail and channel typed', async () => {
    await page.goto(`${server.url}/login`)
    await page.getByRole('radio', { name: 'WhatsApp' }).check()
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('ana@exemplo.com.br')
    await page.getByRole('button', { name: 'Enviar Código' }).click()
    await page.waitForURL(/\/verify-code\?/)
    await page.getByRole('button', { name: 'Voltar' }).click()
    await page.waitForURL(/\/login/)
    await expectVisible(page.getByRole('heading', { name: 'Receber código de entrada' }))
    expect(await page.getByRole('textbox', { name: 'E-mail', exact: true }).inputValue()).toBe(
      'ana@exemplo.com.br',
    )
    expect(await page.getByRole('radio', { name: 'WhatsApp' }).isChecked()).toBe(true)
  })

  it('terms pending: /home, the picker and a stored contract id all lead to the terms', async () => {
    await loginThroughScreens(page, server.url, 'carla@exemplo.com.br')
    await page.waitForURL(`${server.url}/terms`)
    const terms = page.getByRole('heading', { name: 'Termos do contrato' })
    await expectVisible(terms)

    // The manifest's start_url, and the contract picker.
    for (const path of ['/home', '/selected-contract']) {
      await page.goto(`${server.url}${path}`)
      await page.waitForURL(`${server.url}/terms`)
      await expectVisible(terms)
    }

    // Even with the pending contract stored as the current one.
    const contractId = await page.evaluate(async () => {
      const token = localStorage.getItem('authToken') ?? ''
      const response = await fetch('/socios-api/client/contracts', {
        headers: { authorization: `Bearer ${token}` },
      })
      const [first] = (await response.json()) as Array<{ id: string }>
      return first?.id ?? ''
    })
    await page.evaluate((id) => localStorage.setItem('contractId', id), contractId)
    for (const path of ['/home', '/holder', '/favorites']) {
      await page.goto(`${server.url}${path}`)
      await page.waitForURL(`${server.url}/terms`)
      await expectVisible(terms)
    }

    // Accepted, the same address opens.
    await page.getByRole('button', { name: 'Li e aceito' }).click()
    await page.waitForURL(`${server.url}/home`)
    await expectVisible(page.getByRole('heading', { name: 'Perfil' }))
  })
})
