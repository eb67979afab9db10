/**
 * Passkeys in the browser (issue 17), with Chromium's virtual authenticator (DevTools protocol
 * WebAuthn.addVirtualAuthenticator): the offer after a code login registers one, "Entrar com
 * passkey" logs in with it, a replayed assertion and one for another relying party are refused,
 * "Suas passkeys" lists and removes it, and the code login stays. The server runs as `localhost`
 * (PUBLIC_URL too): a relying party must be a domain, never an IP address.
 */
import type { CDPSession, Page } from 'playwright-core'
import { beforeEach, expect, it } from 'vitest'
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser'
import { waitForServiceWorker } from '../helpers/device'
import { expectText, expectVisible } from '../helpers/expect'
import { browserJourney } from '../helpers/journey'
import { loginThroughScreens } from '../helpers/login'
import { cutSignal, noSignalModes } from '../helpers/network'
import type { RunningServer } from '../helpers/server'

const ana = 'ana@exemplo.com.br'

/** A platform authenticator (fingerprint, face) on the page's device, always verifying. */
async function addAuthenticator(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  const credentials = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials
  return { cdp, authenticatorId, credentials }
}

/**
 * From the next page load on, the browser offers no passkeys in autofill, so only the button
 * logs in (the virtual authenticator answers an autofill request at once, like a tap).
 */
async function withoutAutofill(page: Page) {
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false
  })
  await page.reload()
}

/**
 * The phone's toasts sit over the header's Menu for their few seconds, and sonner keeps one while
 * the pointer rests on it: the pointer leaves, and the toasts go, before the Menu is tapped.
 */
async function untilToastsGone(page: Page) {
  await page.mouse.move(0, 0)
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 })
}

async function signOut(page: Page, server: RunningServer) {
  await untilToastsGone(page)
  await page.getByRole('button', { name: 'Menu', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Sair' }).click()
  await page.waitForURL(`${server.url}/login`)
}

/** Code login, then "Ativar" on the offer: the passkey is made on this device. */
async function registerAfterCodeLogin(page: Page, server: RunningServer) {
  await loginThroughScreens(page, server.url, ana)
  await page.waitForURL(`${server.url}/home`)
  const offer = page.getByRole('region', {
    name: 'Entrar mais rápido com a biometria do aparelho',
  })
  await expectVisible(offer)
  await expectNoAxeViolations(page)
  await offer.getByRole('button', { name: 'Ativar' }).click()
  await expectVisible(page.getByText('Passkey cadastrada. Na próxima vez, entre com a biometria'))
  await expect.poll(() => offer.count()).toBe(0)
}

// These journeys share one server: the offer and its "Agora não" are kept on the device, and the
// one journey here that makes a passkey removes it from the server.
describeBrowser('passkeys', () => {
  // The worker only on the devices that lose the signal.
  const journey = browserJourney({ hostname: 'localhost', noServiceWorker: true })
  let server: RunningServer
  let page: Page
  beforeEach(() => {
    ;({ server, page } = journey)
  })

  it('registers after a code login, logs in by autofill and by the button, refuses a replay, lists and removes it', async () => {
    const authenticator = await addAuthenticator(page)
    await registerAfterCodeLogin(page, server)
    const [credential] = await authenticator.credentials()
    expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' })

    // Conditional UI: on /login the passkey is offered in the e-mail field's autofill; the
    // virtual authenticator picks it at once, and the person is in without a click.
    await signOut(page, server)
    await page.waitForURL(`${server.url}/home`)

    await withoutAutofill(page)
    await signOut(page, server)
    const button = page.getByRole('button', { name: 'Entrar com passkey' })
    await expectVisible(button)
    const sent = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/passkey/login'),
    )
    await button.click()
    await page.waitForURL(`${server.url}/home`)
    expect((await authenticator.credentials())[0]?.signCount).toBeGreaterThan(
      credential?.signCount ?? 0,
    )

    // The very assertion the browser sent, sent again: its challenge is spent.
    const replayed = await fetch(`${server.url}/socios-api/client/passkey/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: (await sent).postData(),
    })
    expect(replayed.status).toBe(400)
    expect(await replayed.json()).toEqual({
      message: 'Não foi possível entrar com a passkey. Tente de novo ou entre com o código.',
    })

    // "Suas passkeys": name, device, made and last used; removing it keeps this session.
    await untilToastsGone(page)
    await page.getByRole('button', { name: 'Menu', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Suas passkeys' }).click()
    await page.waitForURL(`${server.url}/passkeys`)
    const list = page.getByRole('list', { name: 'Passkeys cadastradas' })
    await expectVisible(list)
    const item = list.getByRole('listitem')
    await expectText(item, /Passkey 1/)
    await expectText(item, /Chrome no Linux/)
    await expectText(item, /Criada em \d{2}\/\d{2}\/\d{4}/)
    await expectText(item, /Último uso em \d{2}\/\d{2}\/\d{4}/)
    await expectNoAxeViolations(page)
    await item.getByRole('button', { name: 'Remover Passkey 1' }).click()
    const dialog = page.getByRole('dialog', { name: 'Remover a passkey “Passkey 1”?' })
    await expectVisible(dialog)
    await dialog.getByRole('button', { name: 'Remover passkey' }).click()
    await expectVisible(page.getByText('Nenhuma passkey cadastrada. Você entra com o código.'))
    await page.reload()
    await expectVisible(page.getByRole('heading', { name: 'Suas passkeys' }))

    // The device still has it, the server no longer: refused, and the code still logs in.
    await signOut(page, server)
    await page.getByRole('button', { name: 'Entrar com passkey' }).click()
    await expectVisible(
      page.getByRole('alert').getByText('Não foi possível entrar com a passkey.', { exact: false }),
    )
    await loginThroughScreens(page, server.url, ana)
    await page.waitForURL(`${server.url}/home`)
  })

  it('"Agora não" dismisses the offer, and it does not come back at the next code login', async () => {
    await addAuthenticator(page)
    await loginThroughScreens(page, server.url, ana)
    const offer = page.getByRole('region', {
      name: 'Entrar mais rápido com a biometria do aparelho',
    })
    await expectVisible(offer)
    await offer.getByRole('button', { name: 'Agora não' }).click()
    await expect.poll(() => offer.count()).toBe(0)
    await signOut(page, server)
    await loginThroughScreens(page, server.url, ana)
    await page.waitForURL(`${server.url}/home`)
    await expectVisible(page.getByRole('heading', { level: 1 }))
    expect(await offer.count()).toBe(0)
  })

  it.each(noSignalModes)('%s: "Entrar com passkey" says it needs the network', async (mode) => {
    ;({ page } = await journey.newDevice({ serviceWorkers: 'allow' }))
    await addAuthenticator(page)
    await page.goto(`${server.url}/login`)
    await waitForServiceWorker(page)
    await cutSignal(server, journey.context, mode)
    await page.getByRole('button', { name: 'Entrar com passkey' }).click()
    await expectVisible(
      page
        .getByRole('alert')
        .getByText(
          'Entrar com passkey precisa de internet. Conecte-se e tente de novo, ou entre com o código.',
        ),
    )
  })
})

// A server of its own: the journey moves the portal to another name.
describeBrowser('passkeys when the portal moves', () => {
  const journey = browserJourney({ hostname: 'localhost' })
  let server: RunningServer
  beforeEach(() => {
    ;({ server } = journey)
  })

  it('refuses an assertion made for another relying party', async () => {
    // No service worker: the page's own requests are the ones rewritten below.
    const { page } = await journey.newDevice({ serviceWorkers: 'block' })
    const authenticator = await addAuthenticator(page)
    await registerAfterCodeLogin(page, server)
    await withoutAutofill(page)
    await signOut(page, server)
    // The portal moves to another name: its relying party is now portal.localhost. A page that
    // still asks the device for the old one (localhost) gets an assertion the server refuses.
    await server.restart({ PUBLIC_URL: server.url.replace('localhost', 'portal.localhost') })
    await page.route('**/socios-api/client/passkey/login-options', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as { options: { rpId: string } }
      expect(body.options.rpId).toBe('portal.localhost')
      await route.fulfill({
        response,
        json: { options: { ...body.options, rpId: 'localhost' } },
      })
    })
    await page.goto(`${server.url}/login`)
    const answered = page.waitForResponse((response) => response.url().endsWith('/passkey/login'))
    await page.getByRole('button', { name: 'Entrar com passkey' }).click()
    expect((await answered).status()).toBe(400)
    await expectVisible(
      page.getByRole('alert').getByText('Não foi possível entrar com a passkey.', { exact: false }),
    )
    expect(page.url()).toBe(`${server.url}/login`)
    expect(await authenticator.credentials()).toHaveLength(1)
  })
})
