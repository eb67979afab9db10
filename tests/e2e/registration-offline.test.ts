import { randomUUID } from 'node:crypto'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { apiContract, apiSaveHolderPhone, apiToken } from '../helpers/api'
import { describeBrowser } from '../helpers/browser'
import { storedRows, waitForServiceWorker } from '../helpers/device'
import { expectText, expectVisible } from '../helpers/expect'
import { browserJourney, type JourneyOptions } from '../helpers/journey'
import { loginThroughScreens } from '../helpers/login'
import { cutSignal, noSignalModes, restoreSignal } from '../helpers/network'
import { clearField, field, fillDependent } from '../helpers/registration'
import type { RunningServer } from '../helpers/server'

/** A server secret no start used before: a restart with it ends every session made until then. */
const newSecret = () => `segredo-de-teste-${randomUUID()}`

// These journeys cut the signal, so they log in through the screens (see loggedInPage).
/**
 * Registration saves with no signal (docs/design.md §5): each is kept on the device until the server
 * answers it, reaches the server once, and is never lost without the person seeing why.
 */
describeBrowser('registration saves that wait for the server', () => {
  let server: RunningServer
  let context: BrowserContext
  let page: Page

  /** Journeys with a browser and servers of their own. */
  function journeys(name: string, options: JourneyOptions, tests: () => void) {
    describe(name, () => {
      const journey = browserJourney({ ...options, env: { JWT_SECRET: newSecret() } })
      beforeEach(() => {
        ;({ server, context, page } = journey)
      })
      tests()
    })
  }

  const pendingMark = () => page.getByText('pendente', { exact: true })
  const queuedToast = () =>
    page.getByText(/^Sem conexão: a alteração ficou salva no aparelho como pendente/)

  async function login(email = 'ana@exemplo.com.br') {
    await loginThroughScreens(page, server.url, email)
    await page.waitForURL(`${server.url}/home`)
  }

  /** The dependents named `firstName` on the server, as another device would read them. */
  async function onServer(firstName: string) {
    const token = await apiToken(server.url, 'ana@exemplo.com.br')
    const contract = await apiContract(server.url, token)
    return contract.dependents.filter((dependent) => dependent.person.first_name === firstName)
  }

  /** Ana, logged in online, changes her mobile once nothing answers any more, and saves. */
  async function changePhoneWithNoSignal(phone: string) {
    await login()
    await waitForServiceWorker(page)
    await page.goto(`${server.url}/holder`)
    await expectVisible(page.getByRole('heading', { name: 'Meu cadastro' }))
    await cutSignal(server, context, 'lie-fi')
    await clearField(page, 'Telefone')
    await field(page, 'Telefone').pressSequentially(phone)
    await page.getByRole('button', { name: 'Salvar' }).click()
    // The finger leaves the glass. A mouse left resting where the next toast appears would
    // pause it (spec §4: paused on hover), and the session-expired toast leads to /login
    // only when it closes.
    await page.mouse.move(0, 0)
  }

  async function openNewDependent() {
    await page.goto(`${server.url}/dependent/new`)
    await expectVisible(page.getByRole('heading', { name: 'Novo Dependente' }))
    await field(page, 'Tipo do dependente')
      .locator('option', { hasText: 'Filho(a)' })
      .waitFor({ state: 'attached' })
  }

  // Each on a server of its own: Ana may have three dependents and has one, and a dependent sent
  // twice must find room for the second, or the check that it arrived once could not fail.
  journeys('saves that add a dependent', { serverPerTest: true }, () => {
    it.each(noSignalModes)(
      '%s: a new dependent waits as pendente, then reaches the server exactly once',
      async (mode) => {
        await login()
        await waitForServiceWorker(page)
        await openNewDependent()
        await cutSignal(server, context, mode)
        await fillDependent(page, 'Noa', 'typed')
        await page.getByRole('button', { name: 'Salvar' }).click()
        await expectVisible(queuedToast())
        await page.waitForURL(`${server.url}/dependents`)
        await expectVisible(page.getByRole('heading', { name: 'Noa Souza' }))
        await expectVisible(pendingMark())
        await expectVisible(page.getByText('Sem conexão — mostrando dados salvos'))

        // Signal back, page open: the app finds out, delivers, and the mark goes.
        await restoreSignal(server, context)
        await expectVisible(page.getByText('Cadastro realizado com sucesso!'), 30_000)
        await pendingMark().waitFor({ state: 'detached' })
        expect(await onServer('Noa')).toHaveLength(1)
        await expectVisible(page.getByText('2 de 3 dependentes inclusos'))
      },
    )

    it.each(['online', 'offline'] as const)(
      'a double tap on Salvar of a new dependent creates one (%s)',
      async (signal) => {
        await login()
        await waitForServiceWorker(page)
        await openNewDependent()
        if (signal === 'offline') await cutSignal(server, context, 'lie-fi')
        await fillDependent(page, 'Bia', 'typed')
        await page.getByRole('button', { name: 'Salvar' }).dblclick()
        await page.waitForURL(`${server.url}/dependents`)
        if (signal === 'offline') {
          await expectVisible(pendingMark())
          expect(await page.getByRole('heading', { name: 'Bia Souza' }).count()).toBe(1)
          expect(await storedRows(page, 'outbox')).toHaveLength(1)
          await restoreSignal(server, context)
          await pendingMark().waitFor({ state: 'detached', timeout: 30_000 })
        }
        expect(await onServer('Bia')).toHaveLength(1)
        // The list shows the saved dependent once its refresh lands, and only once.
        await expectVisible(page.getByRole('heading', { name: 'Bia Souza' }))
        expect(await page.getByRole('heading', { name: 'Bia Souza' }).count()).toBe(1)
      },
    )

    it('a dependent can be added with no signal on a device that never opened the form', async () => {
      await login()
      await waitForServiceWorker(page)
      // The first online visit keeps the dependent types on the device.
      await expect
        .poll(async () =>
          (await storedRows(page, 'meta')).some((row) => row.key === 'dependent-types'),
        )
        .toBe(true)
      await cutSignal(server, context, 'lie-fi')
      await page.getByRole('link', { name: 'Dependentes' }).click()
      await page.getByRole('link', { name: 'Novo Dependente' }).click()
      await page.waitForURL(`${server.url}/dependent/new`)
      await fillDependent(page, 'Iara', 'typed')
      await page.getByRole('button', { name: 'Salvar' }).click()
      await expectVisible(queuedToast())
      await expectVisible(page.getByRole('heading', { name: 'Iara Souza' }))
      await restoreSignal(server, context)
      await pendingMark().waitFor({ state: 'detached', timeout: 30_000 })
      expect(await onServer('Iara')).toHaveLength(1)
    })

    it('a save delivered by the worker with no page open is known at the next start', async () => {
      await login()
      await waitForServiceWorker(page)
      await openNewDependent()
      await cutSignal(server, context, 'lie-fi')
      await fillDependent(page, 'Leo', 'typed')
      await page.getByRole('button', { name: 'Salvar' }).click()
      await page.waitForURL(`${server.url}/dependents`)
      await expectVisible(pendingMark())

      // Every page of the app closes; the browser later wakes the worker to sync.
      const blank = await context.newPage()
      await page.close()
      await restoreSignal(server, context)
      const cdp = await context.newCDPSession(blank)
      await dispatchOutboxSync(cdp, server.url)
      await expect.poll(async () => (await onServer('Leo')).length, { timeout: 30_000 }).toBe(1)

      page = blank
      await page.goto(`${server.url}/dependents`)
      await expectVisible(page.getByRole('heading', { name: 'Leo Souza' }))
      await expectVisible(page.getByText('Cadastro realizado com sucesso!'))
      expect(await pendingMark().count()).toBe(0)
      expect(await storedRows(page, 'outbox')).toEqual([])
      expect(await onServer('Leo')).toHaveLength(1)
    })
  })

  // These share one server: each reads what it checks from the server as it is then.
  journeys('saves that add no dependent', {}, () => {
    it('a save the server would refuse is not kept: each field says what is wrong', async () => {
      await login()
      await waitForServiceWorker(page)
      await openNewDependent()
      await cutSignal(server, context, 'lie-fi')
      await fillDependent(page, 'Eva', 'typed')
      await clearField(page, 'CPF')
      await field(page, 'CPF').pressSequentially('11144477736')
      await clearField(page, 'Estado')
      await field(page, 'Estado').fill('SPX')
      await page.getByRole('button', { name: 'Salvar' }).click()

      const cpf = field(page, 'CPF')
      expect(await cpf.getAttribute('aria-invalid')).toBe('true')
      const cpfMessage = await cpf.getAttribute('aria-describedby')
      await expectText(page.locator(`[id="${cpfMessage}"]`), 'CPF inválido.')
      const state = field(page, 'Estado')
      await expectText(
        page.locator(`[id="${await state.getAttribute('aria-describedby')}"]`),
        'O Estado deve ser a sigla de 2 letras (ex.: SP).',
      )
      // The first wrong field has the focus; nothing was applied or queued.
      expect(await cpf.evaluate((element) => element === document.activeElement)).toBe(true)
      expect(await storedRows(page, 'outbox')).toEqual([])
      expect(new URL(page.url()).pathname).toBe('/dependent/new')
    })

    it('a replay the server refuses keeps the draft, with its message, to correct and send again', async () => {
      await changePhoneWithNoSignal('11933332222')
      await expectVisible(queuedToast())
      await page.waitForURL(`${server.url}/home`)
      await expectVisible(pendingMark())
      await page.close()

      // Meanwhile, on another phone, Ana changes the same registration.
      await restoreSignal(server, context)
      const token = await apiToken(server.url, 'ana@exemplo.com.br')
      await apiSaveHolderPhone(server.url, token, '11900001111')

      page = await context.newPage()
      await page.goto(`${server.url}/home`)
      await expectVisible(
        page.getByText(/^Alteração não enviada: Estes dados foram alterados em outro lugar/),
        30_000,
      )
      await expectVisible(page.getByText('não enviado', { exact: true }))
      await page.getByRole('link', { name: 'Corrigir meus dados' }).click()
      await page.waitForURL(`${server.url}/holder`)
      await expectVisible(page.getByText(/^não enviado — o servidor recusou esta alteração/))
      // The draft is on screen as the person left it, not lost.
      expect(await field(page, 'Telefone').inputValue()).toBe('(11) 93333-2222')
      await page.getByRole('button', { name: 'Salvar' }).click()
      await expectVisible(page.getByText('Cadastro realizado com sucesso!'))
      await page.waitForURL(`${server.url}/home`)
      expect((await apiContract(server.url, token)).holder.person.phone.number).toBe('11933332222')
      expect(await page.getByText('não enviado', { exact: true }).count()).toBe(0)
    })

    it('a save refused with 401 waits for the same person to log in again, then goes', async () => {
      await changePhoneWithNoSignal('11944445555')
      await expectVisible(queuedToast())

      // The server comes back with a new secret: the session the save was made with is over.
      await server.restart({ JWT_SECRET: newSecret() })
      await expectVisible(
        page.getByText('A sessão expirou ou é inválida, faça o login novamente'),
        30_000,
      )
      await page.waitForURL(`${server.url}/login`)
      expect(await storedRows(page, 'outbox')).toHaveLength(1)

      await login()
      await expectVisible(page.getByText('Cadastro realizado com sucesso!'), 30_000)
      const token = await apiToken(server.url, 'ana@exemplo.com.br')
      expect((await apiContract(server.url, token)).holder.person.phone.number).toBe('11944445555')
      expect(await storedRows(page, 'outbox')).toEqual([])
    })

    it("'Sair' with a save not yet sent asks first, and keeps it when the person says no", async () => {
      await changePhoneWithNoSignal('11988887777')
      await page.waitForURL(`${server.url}/home`)
      await expectVisible(pendingMark())

      const questions: string[] = []
      let answer = false
      page.on('dialog', (dialog) => {
        questions.push(dialog.message())
        void (answer ? dialog.accept() : dialog.dismiss())
      })
      await page.getByRole('button', { name: 'Menu' }).click()
      await page.getByRole('menuitem', { name: 'Sair' }).click()
      await expect.poll(() => questions.length).toBe(1)
      expect(questions[0]).toMatch(/^Há alterações do seu cadastro que ainda não foram enviadas/)
      expect(new URL(page.url()).pathname).toBe('/home')
      await expectVisible(pendingMark())

      answer = true
      await page.getByRole('button', { name: 'Menu' }).click()
      await page.getByRole('menuitem', { name: 'Sair' }).click()
      await page.waitForURL(`${server.url}/login`)
      expect(await storedRows(page, 'outbox')).toEqual([])
    })

    it("another person's login on the same phone drops a waiting save instead of sending it", async () => {
      await changePhoneWithNoSignal('11966667777')
      await expectVisible(queuedToast())
      await server.restart({ JWT_SECRET: newSecret() })
      await page.waitForURL(`${server.url}/login`, { timeout: 30_000 })

      await loginThroughScreens(page, server.url, 'bruno@exemplo.com.br')
      await page.waitForURL(`${server.url}/selected-contract`)
      await expect.poll(() => storedRows(page, 'outbox')).toEqual([])
      const token = await apiToken(server.url, 'ana@exemplo.com.br')
      expect((await apiContract(server.url, token)).holder.person.phone.number).not.toBe(
        '11966667777',
      )
    })
  })
})

/** What the browser does when it decides to sync: fire the outbox's `sync` event in the worker. */
async function dispatchOutboxSync(cdp: CDPSession, origin: string) {
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((item) => item.scopeURL.startsWith(origin))
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId: await registration,
    tag: 'workbox-background-sync:portal-titular-outbox',
    lastChance: false,
  })
}
