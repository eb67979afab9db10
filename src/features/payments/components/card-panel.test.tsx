import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PaymentLinkData } from '../../../../contract/payments'
import { renderScreen } from '../../../test/render'
import { useAddress } from './address-fields'
import { type CardMode, CardPanel, recurrenceIntro } from './card-panel'
import { useSubmission } from './use-submission'

/** A payment link with no address of its own: the address block asks for it. */
const link: PaymentLinkData = {
  holder: 'Ana Souza',
  email: 'ana@exemplo.com.br',
  phone: '11987654321',
  cpf: '12345678909',
  contract: 'Plano Família',
  numberContract: '1001',
  serieContract: 'A',
  installment: '4',
  description: 'Mensalidade',
  payment_order_value: 10_000,
  discount: 0,
  fee: 0,
  fine: 0,
  correction: 0,
  value: 10_000,
  src: '',
  chanel: '',
  gateway_id: 'gateway',
  expiration_pix: 30,
  fixed_installments: 0,
  need_fill_person_fields: 'true',
  address_cep: '',
  address_state: '',
  address_city: '',
  address_street: '',
  address_number: '',
  address_neighborhood: '',
  boleto_due_dates: [],
  valid_payment_types: { pix: true, credit: true, recurrence: false, boleto_pix: false },
  payment_adjustment: {
    payment_adjustment_list: [],
    payment_adjustment_list_b2b: [],
    payment_adjustment_list_b2c: [],
  },
}

/** The card tab as the payment screen holds it: its address and submission are the screen's. */
function CardTab({ showAddress, mode = 'CREDIT' }: { showAddress: boolean; mode?: CardMode }) {
  const address = useAddress(link)
  const submission = useSubmission()
  return (
    <CardPanel
      code="link-1"
      link={link}
      mode={mode}
      adjustments={[]}
      address={address}
      showAddress={showAddress}
      submission={submission}
      online
    />
  )
}

/** Whatever reaches the network (fetch): nothing should while the form is refused. */
let fetched: string[] = []
beforeEach(() => {
  fetched = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(String(url))
      throw new TypeError('Failed to fetch')
    }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label)

describe('the card form: fields of the shared form kit', () => {
  it('groups the card number by 4, up to 20 digits, and names the brand under it', async () => {
    const { user } = renderScreen(() => <CardTab showAddress={false} />)
    const number = await screen.findByLabelText<HTMLInputElement>('Número do cartão')
    // Before any digit, the line under it says which brands are taken.
    expect(
      screen.getByText('Visa, Mastercard, Elo, Hipercard, American Express e outras.'),
    ).toBeTruthy()
    await user.type(number, '4111111111111111')
    expect(number.value).toBe('4111 1111 1111 1111')
    expect(screen.getByText('Bandeira: Visa')).toBeTruthy()
    expect(number.getAttribute('aria-describedby')).toBe(
      screen.getByText('Bandeira: Visa').parentElement?.id,
    )
    await user.type(number, '12345678')
    expect(number.value).toBe('4111 1111 1111 1111 1234')
  })

  it('the recurrence says what it authorizes before the card; a one-off payment does not', async () => {
    renderScreen(() => <CardTab showAddress={false} mode="RECURRENCE" />)
    expect(await screen.findByText(recurrenceIntro)).toBeTruthy()
    expect(screen.getByRole('button', { name: /^Ativar recorrência · R\$/ })).toBeTruthy()
  })

  it('types the expiry as MM/AAAA and the CVV as up to 4 digits', async () => {
    const { user } = renderScreen(() => <CardTab showAddress={false} />)
    await user.type(await screen.findByLabelText('Validade (MM/AAAA)'), '122030')
    expect(input('Validade (MM/AAAA)').value).toBe('12/2030')
    await user.type(input('CVV'), '12a345')
    expect(input('CVV').value).toBe('1234')
  })
})

describe('the card form: the spec’s checks, in order, each as a toast', () => {
  it('says each problem in turn as the person corrects the one before, and sends nothing', async () => {
    const { user } = renderScreen(() => <CardTab showAddress={false} />)
    const pay = await screen.findByRole('button', { name: /^Pagar com cartão/ })
    const expiry = input('Validade (MM/AAAA)')

    await user.click(pay)
    expect(await screen.findByText('Informar o mês de vencimento do cartão.')).toBeTruthy()

    await user.type(expiry, '132030')
    await user.click(pay)
    expect(
      await screen.findByText('Informe o mês de vencimento do cartão entre o mês 1 ao mês 12.'),
    ).toBeTruthy()

    await user.clear(expiry)
    await user.type(expiry, '12')
    await user.click(pay)
    expect(await screen.findByText('Informar o ano de vencimento do cartão.')).toBeTruthy()

    await user.type(expiry, '20')
    await user.click(pay)
    expect(
      await screen.findByText('Informar o ano completo de vencimento do cartão. EX: 2025'),
    ).toBeTruthy()

    await user.type(expiry, '30')
    await user.click(pay)
    expect(await screen.findByText('Informar o nome do titular.')).toBeTruthy()

    await user.type(input('Nome do titular do cartão'), 'ana souza')
    expect(input('Nome do titular do cartão').value).toBe('ANA SOUZA')
    await user.type(input('Número do cartão'), '411111111111111')
    await user.click(pay)
    expect(await screen.findByText('Informar o número do cartão.')).toBeTruthy()

    await user.type(input('Número do cartão'), '1')
    await user.type(input('CVV'), '12')
    await user.click(pay)
    expect(await screen.findByText('Informar o cvv do cartão.')).toBeTruthy()

    expect(fetched).toEqual([])
  })

  it('with the address block, a missing address field is said in the spec’s words', async () => {
    const { user } = renderScreen(() => <CardTab showAddress />)
    await user.type(await screen.findByLabelText('Número do cartão'), '4111111111111111')
    await user.type(input('Nome do titular do cartão'), 'Ana Souza')
    await user.type(input('Validade (MM/AAAA)'), '122030')
    await user.type(input('CVV'), '123')
    await user.click(screen.getByRole('button', { name: /^Pagar com cartão/ }))
    expect(await screen.findByText('Preencha o campo obrigatório: CEP')).toBeTruthy()
    expect(fetched).toEqual([])
  })

  it('a CEP lookup that cannot reach the service says the payment screen’s toast (fetch fails)', async () => {
    const { user } = renderScreen(() => <CardTab showAddress />)
    await user.type(await screen.findByLabelText('CEP'), '01310100')
    await user.tab()
    expect(await screen.findByText('CEP não encontrado!')).toBeTruthy()
    await waitFor(() => expect(fetched).toHaveLength(1))
  })
})
