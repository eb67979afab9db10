/**
 * The profile's first answer: paid up is "Tudo em dia"; a contract with no instalment at all yet
 * (Davi's, under review) is not said to be up to date.
 */
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PaymentOrder } from '../../../../contract/payments'
import { renderScreen } from '../../../test/render'
import { DuePanel } from './due-panel'

const paid = {
  id: 'p1',
  installment: 1,
  status: 'PAID',
  due_date: '2026-08-18',
  value: 18_990,
  discount: 0,
} as unknown as PaymentOrder

const render = (instalments: PaymentOrder[]) =>
  renderScreen(() => (
    <DuePanel instalments={instalments} online={true} paying={false} onPay={() => undefined} />
  ))

describe('DuePanel: nothing owed', () => {
  it('every instalment paid: Tudo em dia', async () => {
    render([paid])
    expect(await screen.findByRole('heading', { name: 'Tudo em dia' })).toBeTruthy()
    expect(screen.getByText('Nenhuma parcela em aberto.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Ver parcelas' })).toBeTruthy()
  })

  it('no instalment at all: says so, never "Tudo em dia"', async () => {
    render([])
    expect(await screen.findByRole('heading', { name: 'Nenhuma parcela' })).toBeTruthy()
    expect(screen.getByText('Este contrato ainda não tem parcelas lançadas.')).toBeTruthy()
    expect(screen.queryByText('Tudo em dia')).toBeNull()
    // Nothing to see in Pagamentos yet: no way there from here.
    expect(screen.queryByRole('link', { name: 'Ver parcelas' })).toBeNull()
  })
})
