import type { Page } from 'playwright-core'
import { freshCpf } from '../../server/testing/registration'

/** A form field by its visible label. */
export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })

/** Clears a field the way a person does: select everything, then delete. */
export async function clearField(page: Page, label: string) {
  await field(page, label).click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Backspace')
}

/**
 * Fills the new-dependent form as a person would. `address: 'lookup'` leaves street,
 * neighbourhood, city and state to the CEP lookup; 'typed' types them (no signal).
 */
export async function fillDependent(
  page: Page,
  firstName: string,
  address: 'lookup' | 'typed' = 'lookup',
) {
  const at = (label: string) => field(page, label)
  await at('Primeiro Nome').fill(firstName)
  await at('Sobrenome').fill('Souza')
  await at('Data de Nascimento').pressSequentially('10052015')
  await at('Gênero').selectOption('Feminino')
  await at('Tipo do dependente').selectOption({ label: 'Filho(a)' })
  await at('CPF').pressSequentially(freshCpf())
  await at('E-mail').fill(`${firstName.toLowerCase()}@exemplo.com.br`)
  // A new dependent's DDI starts at +55: typed again from empty, as a person would correct it.
  await at('DDI').fill('')
  await at('DDI').pressSequentially('55')
  await at('Telefone').pressSequentially('11912345678')
  // A new dependent opens at the holder's address (when the holder has one): this one lives
  // elsewhere, so the address is typed.
  const same = page.getByRole('checkbox', { name: 'Mesmo endereço do titular' })
  if ((await same.count()) > 0 && (await same.isChecked())) await same.uncheck()
  await at('País').fill('Brasil')
  await at('Número do endereço').fill('1000')
  await at('Complemento').fill('Apto 12')
  if (address === 'lookup') {
    await at('CEP').pressSequentially('01310100')
    await at('Estado').click()
    return
  }
  await at('Estado').fill('SP')
  await at('Cidade').fill('São Paulo')
  await at('Rua').fill('Avenida Paulista')
  await at('Bairro').fill('Bela Vista')
  await at('CEP').pressSequentially('01310100')
}
