import type { Locator, Page } from 'playwright-core'
import { beforeEach, expect, it } from 'vitest'
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser'
import { appIsLive } from '../helpers/device'
import { expectText, expectVisible } from '../helpers/expect'
import { holdTheApp } from '../helpers/held-app'
import { browserJourney } from '../helpers/journey'
import { loginThroughScreens } from '../helpers/login'
import { latestMessage } from '../helpers/outbox'
import type { RunningServer } from '../helpers/server'

describeBrowser('passwordless login', () => {
  const journey = browserJourney({ noServiceWorker: true })
  let server: RunningServer
  let page: Page
  beforeEach(() => {
    ;({ server, page } = journey)
  })

  it('a new user requests a code by e-mail, types it and lands on the profile', async () => {
    await page.goto(`${server.url}/login`)
    await expectVisible(page.getByRole('heading', { name: 'Receber código de entrada' }))
    expect(await page.getByRole('radio', { name: 'E-mail' }).isChecked()).toBe(true)
    await expectNoAxeViolations(page)

    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('ana@exemplo.com.br')
    await page.getByRole('button', { name: 'Enviar Código' }).click()
    // The server's answer is shown in a toast before the verify screen opens.
    await expectVisible(page.getByText(/você receberá o código/i))
    await page.waitForURL(`${server.url}/verify-code?email=ana%40exemplo.com.br`)

    await expectVisible(page.getByRole('heading', { name: 'Inserir código de entrada' }))
    // Where the code went, read as text (audit 13), not a greyed field; the link changes it.
    await expectText(
      page.getByText(/^Código enviado para/),
      'Código enviado para ana@exemplo.com.br',
    )
    expect(await page.getByRole('textbox', { name: 'E-mail' }).count()).toBe(0)
    await expectVisible(page.getByRole('link', { name: 'Usar outro e-mail' }))
    const codeInput = page.getByLabel('Código de entrada')
    expect(await codeInput.getAttribute('autocomplete')).toBe('one-time-code')
    expect(await codeInput.getAttribute('inputmode')).toBe('numeric')
    await expectNoAxeViolations(page)

    const message = await latestMessage(server.url, 'ana@exemplo.com.br')
    expect(message.channel).toBe('email')
    expect(message.code).toMatch(/^\d{6}$/)
    // Typed key by key: nothing is sent before the sixth digit, then it submits by itself.
    await codeInput.pressSequentially(message.code, { delay: 20 })

    await page.waitForURL(`${server.url}/home`)
    await expectVisible(page.getByRole('heading', { name: 'Perfil' }))
    // Ana has exactly one contract, so it became the current one.
    expect(await page.evaluate(() => localStorage.getItem('contractId'))).toMatch(/^[0-9a-f-]{36}$/)
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy()
  })

  it('what is typed and tapped on the login screen before its script has run is kept', async () => {
    const app = await holdTheApp(page)
    await page.goto(`${server.url}/login`)
    await page.getByRole('radio', { name: 'WhatsApp' }).check()
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('ana@exemplo.com.br')
    app.release()
    await expectText(
      page.getByText(/^Enviaremos o código/),
      'Enviaremos o código para o WhatsApp cadastrado neste e-mail.',
    )
    await page.getByRole('button', { name: 'Enviar Código' }).click()
    await page.waitForURL(/\/verify-code\?email=ana%40exemplo\.com\.br&send_to=cellphone/)
  })

  it('"Enviar Código" tapped before the script has run sends the code once the app runs, with no reload', async () => {
    const app = await holdTheApp(page)
    await page.goto(`${server.url}/login`)
    const documents: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) documents.push(frame.url())
    })
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('ana@exemplo.com.br')
    await page.getByRole('button', { name: 'Enviar Código' }).click()
    app.release()
    await page.waitForURL(`${server.url}/verify-code?email=ana%40exemplo.com.br`)
    // The server's form did not go out as its plain GET (a reload of /login that loses the tap).
    expect(documents.filter((url) => url.includes('/login?'))).toEqual([])
    expect((await latestMessage(server.url, 'ana@exemplo.com.br')).code).toMatch(/^\d+$/)
  })

  it("a tap pressed on the server's screen and released on the app's still follows the link", async () => {
    // The press lands before the app takes over, the release after: the element pressed has
    // left the page, so the browser clicks nothing (a busy phone's tap, ci36's lost navigation).
    const app = await holdTheApp(page)
    await page.goto(`${server.url}/login`, { waitUntil: 'domcontentloaded' })
    const box = await page.getByRole('link', { name: 'Privacidade' }).boundingBox()
    if (!box) throw new Error('the Privacidade link has no box')
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    app.release()
    await appIsLive(page)
    await page.mouse.up()
    await page.waitForURL(`${server.url}/privacidade`)
    await expectVisible(page.getByRole('heading', { name: 'Privacidade', level: 1 }))
  })

  for (const pointer of ['mouse', 'finger'] as const)
    it(`a ${pointer} press on "Enviar Código" before the hand-over, lifted after it, sends the code once`, async () => {
      const { page } = await journey.newDevice({ hasTouch: pointer === 'finger' })
      const sent: string[] = []
      page.on('request', (request) => {
        if (request.url().endsWith('/client/generate-code')) sent.push(request.method())
      })
      const app = await holdTheApp(page)
      await page.goto(`${server.url}/login`, { waitUntil: 'domcontentloaded' })
      await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('ana@exemplo.com.br')
      const box = await page.getByRole('button', { name: 'Enviar Código' }).boundingBox()
      if (!box) throw new Error('"Enviar Código" has no box')
      const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
      const cdp = await page.context().newCDPSession(page)
      if (pointer === 'mouse') {
        await page.mouse.move(at.x, at.y)
        await page.mouse.down()
      } else await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] })
      app.release()
      await appIsLive(page)
      if (pointer === 'mouse') await page.mouse.up()
      else await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
      await page.waitForURL(`${server.url}/verify-code?email=ana%40exemplo.com.br`)
      await expectVisible(page.getByRole('heading', { name: 'Inserir código de entrada' }))
      expect(sent).toEqual(['POST'])
    })

  it('the same by WhatsApp: the code goes to the holder mobile', async () => {
    await loginThroughScreens(page, server.url, 'ana@exemplo.com.br', 'WhatsApp', '5511987654321')
    const message = await latestMessage(server.url, '+5511987654321')
    expect(message.channel).toBe('cellphone')
    expect(message.to).toContain('5511987654321')
    await page.waitForURL(`${server.url}/home`)
    await expectVisible(page.getByRole('heading', { name: 'Perfil' }))
  })

  it('a wrong code shows "Código inválido ou expirado." and stays on the verify screen', async () => {
    await page.goto(`${server.url}/login`)
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('ana@exemplo.com.br')
    await page.getByRole('button', { name: 'Enviar Código' }).click()
    await page.waitForURL(/\/verify-code/)
    const { code } = await latestMessage(server.url, 'ana@exemplo.com.br')
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    await page.getByLabel('Código de entrada').fill(wrong)
    await expectText(page.getByRole('alert'), 'Código inválido ou expirado.')
    expect(new URL(page.url()).pathname).toBe('/verify-code')
    await expectNoAxeViolations(page)

    // The six boxes span the column: their outer edges are the refusal's box's and the button's
    // (a 360 px row left-aligned in 420 px read as unfinished, audit), on a phone and a desktop.
    const boxOf = async (what: Locator) => {
      const box = await what.boundingBox()
      if (!box) throw new Error(`${what} has no box`)
      return { left: box.x, right: box.x + box.width, width: box.width }
    }
    const edges = async () => {
      // The six boxes drawn over the one code input.
      const boxes = await Promise.all(
        (await page.locator('input[name="code"] ~ span').all()).map(boxOf),
      )
      const widths = boxes.map((box) => box.width)
      return {
        count: boxes.length,
        first: boxes[0]?.left ?? Number.NaN,
        last: boxes[boxes.length - 1]?.right ?? Number.NaN,
        narrowest: Math.min(...widths),
        widest: Math.max(...widths),
        // The refusal's box (the alert is its first line) and the button under it.
        column: await boxOf(page.getByRole('alert').locator('..')),
        button: await boxOf(page.getByRole('button', { name: /^Reenviar código/ })),
      }
    }
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 768 },
    ]) {
      await page.setViewportSize(viewport)
      const at = await edges()
      expect(at.count).toBe(6)
      expect(at.widest - at.narrowest).toBeLessThanOrEqual(1)
      expect(at.narrowest).toBeGreaterThanOrEqual(44)
      expect(Math.abs(at.first - at.column.left)).toBeLessThanOrEqual(1)
      expect(Math.abs(at.last - at.column.right)).toBeLessThanOrEqual(1)
      expect(Math.abs(at.first - at.button.left)).toBeLessThanOrEqual(1)
      expect(Math.abs(at.last - at.button.right)).toBeLessThanOrEqual(1)
    }
  })

  it('"Sair" returns to /login, ends the session on the server, and a protected URL then redirects there', async () => {
    await loginThroughScreens(page, server.url, 'ana@exemplo.com.br')
    await page.waitForURL(`${server.url}/home`)
    // The address changes while the contract loads and the verify screen, with a menu of its
    // own, is still shown: the menu to open is the profile's.
    await expectVisible(page.getByRole('heading', { name: 'Perfil' }))
    const token = await page.evaluate(() => localStorage.getItem('authToken'))
    const contractsWith = async () =>
      (
        await fetch(`${server.url}/socios-api/client/contracts`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).status
    expect(await contractsWith()).toBe(200)
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('menuitem', { name: 'Sair' }).click()
    await page.waitForURL(`${server.url}/login`)
    expect(
      await page.evaluate(() => [
        localStorage.getItem('authToken'),
        localStorage.getItem('contractId'),
      ]),
    ).toEqual([null, null])
    // A copy of the token no longer opens anything.
    await expect.poll(contractsWith, { timeout: 5000 }).toBe(401)

    await page.goto(`${server.url}/home`)
    await page.waitForURL(`${server.url}/login`)
    await expectVisible(page.getByRole('heading', { name: 'Receber código de entrada' }))
  })

  it('elisa, with no contract: a screen of its own, titled, with its mark, and no code field', async () => {
    await loginThroughScreens(page, server.url, 'elisa@exemplo.com.br')
    const title = page.getByRole('heading', { level: 1, name: 'Nenhum contrato encontrado' })
    await expectVisible(title)
    expect(await page.getByRole('heading', { name: 'Inserir código de entrada' }).count()).toBe(0)
    expect(await page.getByLabel('Código de entrada').count()).toBe(0)
    // The code field that had the focus is gone: the title has it, and says why.
    expect(await title.evaluate((heading) => heading === document.activeElement)).toBe(true)
    await expectVisible(page.getByText('Nenhum contrato ativo foi encontrado para este e-mail.'))
    await expectText(
      page.getByText('elisa@exemplo.com.br', { exact: true }),
      'elisa@exemplo.com.br',
    )
    await expectVisible(page.getByText(/^Confira se é o e-mail do seu cadastro/))
    // The mark beside the words is drawn, not read.
    const mark = page.locator('main svg[aria-hidden="true"]')
    expect(await mark.count()).toBeGreaterThan(0)
    // "e-mail" stays whole at the end of a line (a desktop's 420 px column broke it as "e-"/"mail").
    await page.setViewportSize({ width: 1366, height: 768 })
    const lines = await page
      .getByText('Nenhum contrato ativo foi encontrado para este e-mail.')
      .evaluate((sentence) => {
        const word = [...sentence.querySelectorAll('span')].find((s) => s.textContent === 'e-mail')
        return word ? word.getClientRects().length : 0
      })
    expect(lines).toBe(1)
    await expectNoAxeViolations(page)

    // Back, as "Entrar com outro e-mail", ends the session that found nothing: /login opens with
    // the e-mail to correct, instead of sending it on to /home and the picker.
    await page.getByRole('button', { name: 'Voltar' }).click()
    await page.waitForURL(/\/login/)
    await expectVisible(page.getByRole('heading', { name: 'Receber código de entrada' }))
    expect(await page.getByRole('textbox', { name: 'E-mail', exact: true }).inputValue()).toBe(
      'elisa@exemplo.com.br',
    )
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull()
  })

  it('routes after login: pending terms go to the terms screen, two contracts to the picker', async () => {
    await loginThroughScreens(page, server.url, 'carla@exemplo.com.br')
    await page.waitForURL(`${server.url}/terms`)

    // Another device at Playwright's default size.
    ;({ page } = await journey.newDevice({ viewport: { width: 1280, height: 720 } }))
    await loginThroughScreens(page, server.url, 'bruno@exemplo.com.br')
    await page.waitForURL(`${server.url}/selected-contract`)
    expect(await page.evaluate(() => localStorage.getItem('contractId'))).toBeNull()
  })

  it('a logged-in user opening a login screen or an unknown path goes to /home', async () => {
    await loginThroughScreens(page, server.url, 'ana@exemplo.com.br')
    await page.waitForURL(`${server.url}/home`)
    await page.goto(`${server.url}/login`)
    await page.waitForURL(`${server.url}/home`)
    await page.goto(`${server.url}/nao-existe`)
    await page.waitForURL(`${server.url}/home`)
    await page.goto(`${server.url}/`)
    await page.waitForURL(`${server.url}/home`)
  })

  it('an expired session shows the toast of spec §8 and ends on /login', async () => {
    await page.goto(`${server.url}/login`)
    const expired = [
      Buffer.from('{"alg":"HS256"}').toString('base64url'),
      Buffer.from(JSON.stringify({ sub: 'x', exp: Math.floor(Date.now() / 1000) - 60 })).toString(
        'base64url',
      ),
      'sig',
    ].join('.')
    await page.evaluate((token) => localStorage.setItem('authToken', `bearer ${token}`), expired)
    await page.goto(`${server.url}/home`)
    await page.waitForURL(`${server.url}/login`)
    await expectVisible(page.getByText('A sessão expirou ou é inválida, faça o login novamente'))
  })
})
