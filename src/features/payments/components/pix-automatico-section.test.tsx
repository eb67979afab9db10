/**
 * "Débito automático via Pix" on Pagamentos: "Ativar" is offered only when the server says an
 * authorization can start (`canEnrol`, on the GET's 404 or on the last one's view). A contract
 * with nothing left to charge (all paid) shows no offer at all; an ended authorization keeps its
 * line, without "Ativar".
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { RecurrenceView } from '../../../../contract/pix-automatico'
import { renderScreen } from '../../../test/render'
import PixAutomaticoSection, {
  openPixAutomatico,
  pixAutomaticoMessages,
} from './pix-automatico-section'

const contractId = 'a0000000-0000-4000-8000-000000000002'
const ativar = { name: 'Ativar Pix Automático' }

const cancelled: RecurrenceView = {
  id: 'r1',
  contractId,
  idRec: 'RR1234567820261128abc',
  status: 'CANCELADA',
  cancelledBy: 'USUARIO_RECEBEDOR',
  reason: 'SLCR: cancelado pelo recebedor',
  amount: { kind: 'FIXED', value: 18_990 },
  frequency: 'MENSAL',
  firstDate: '2026-12-10',
  lastDate: '2027-06-10',
  receiver: { name: 'Clube Exemplo', cnpj: '12345678000190' },
  qrCode: null,
  request: null,
  payerBank: null,
  immediate: null,
  canEnrol: false,
}

/** What the server answers the section's GET: a status and its JSON. */
let answer: { status: number; body: unknown }
const reads: string[] = []
beforeEach(() => {
  reads.length = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      reads.push(String(url))
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
})

const render = (owedNow?: number) =>
  renderScreen(() => (
    <PixAutomaticoSection source={{ contractId }} online={true} owedNow={owedNow} />
  ))
/**
 * On Pagamentos a waiting authorization is the line atop the list, which opens the section
 * ("Ver o pedido", "Ver o QR Code"): the event it sends, once the section has read its state.
 */
async function openIt() {
  await waitFor(() => expect(reads.length).toBeGreaterThan(0))
  await act(async () => {
    window.dispatchEvent(new Event(openPixAutomatico))
  })
}
const notEnrolled = (canEnrol: boolean) => ({
  status: 404,
  body: { message: 'Este contrato não tem débito automático via Pix.', canEnrol },
})

describe('Débito automático via Pix: Ativar only when something is left to charge', () => {
  it('never enrolled, instalments to charge: what it is, and Ativar', async () => {
    answer = notEnrolled(true)
    render()
    expect(await screen.findByRole('button', ativar)).toBeTruthy()
    expect(screen.getByText(pixAutomaticoMessages.what)).toBeTruthy()
    expect(reads).toEqual([expect.stringContaining(`/contract/${contractId}/pix-automatico`)])
  })

  it('never enrolled, nothing left to charge (all paid): no section, no offer', async () => {
    answer = notEnrolled(false)
    render()
    await waitFor(() => expect(reads).toHaveLength(1))
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: pixAutomaticoMessages.title })).toBeNull(),
    )
    expect(screen.queryByRole('button', ativar)).toBeNull()
    expect(screen.queryByText(pixAutomaticoMessages.what)).toBeNull()
  })

  it('cancelled, nothing left to charge: the line stays, no Ativar', async () => {
    answer = { status: 200, body: cancelled }
    render()
    expect(
      await screen.findByText(
        'Pix Automático cancelado. As próximas parcelas não serão cobradas sozinhas.',
      ),
    ).toBeTruthy()
    expect(screen.getByRole('heading', { name: pixAutomaticoMessages.title })).toBeTruthy()
    expect(screen.queryByRole('button', ativar)).toBeNull()
  })

  it('cancelled, instalments still to charge: Ativar again', async () => {
    answer = { status: 200, body: { ...cancelled, canEnrol: true } }
    render()
    expect(await screen.findByRole('button', ativar)).toBeTruthy()
  })
})

describe('Débito automático via Pix: a request sent to her bank (journey 1) or a QR', () => {
  const waiting: RecurrenceView = {
    ...cancelled,
    status: 'CRIADA',
    cancelledBy: null,
    reason: null,
    payerBank: 'Itaú',
  }

  it('sent to her bank: where and until when, no QR to read, and the QR as the other way', async () => {
    answer = {
      status: 200,
      body: { ...waiting, request: { bank: 'Itaú', expiresAt: '2026-12-05T15:00:00.000Z' } },
    }
    render()
    // Unopened, the line atop the list says it: nothing here until it is opened.
    await waitFor(() => expect(reads).toHaveLength(1))
    expect(screen.queryByRole('heading', { name: 'Autorize no app do seu banco' })).toBeNull()
    await openIt()
    expect(await screen.findByText(/Enviamos o pedido para o app do Itaú\./)).toBeTruthy()
    expect(screen.queryByRole('img', { name: /QR Code/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Copiar código' })).toBeNull()
    // The two ways as two choices, the request pressed, the QR the other one.
    const qr = screen.getByRole('button', { name: /^Ler um QR Code/ })
    expect(qr.getAttribute('aria-pressed')).toBe('false')
    const bank = screen.getByRole('button', { name: /^Pedido no app do Itaú/ })
    expect(bank.getAttribute('aria-pressed')).toBe('true')
    // The wait ends in what she can do next: a QR instead, or the sheet put away.
    expect(screen.getByRole('button', { name: 'Não chegou? Usar um QR Code' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Entendi' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('a QR, her bank known: the request to it is offered beside the code', async () => {
    answer = { status: 200, body: { ...waiting, qrCode: '00020101021226…' } }
    render()
    await openIt()
    const bank = await screen.findByRole('button', { name: /^Pedido no app do Itaú/ })
    expect(bank.getAttribute('aria-pressed')).toBe('false')
    expect(
      screen.getByRole('button', { name: /^Ler um QR Code/ }).getAttribute('aria-pressed'),
    ).toBe('true')
    expect(screen.getByRole('button', { name: 'Copiar código' })).toBeTruthy()
  })

  it('a QR that pays what is due: each way says what it does with it, the same whichever is chosen', async () => {
    answer = {
      status: 200,
      body: {
        ...waiting,
        qrCode: '00020101021226…',
        immediate: { txid: 'pixautomaticoimediato0001', status: 'WAITING', value: 18461 },
      },
    }
    render(19433)
    await openIt()
    const qr = await screen.findByRole('button', { name: /^Ler um QR Code/ })
    // Less than the list's R$ 194,33 for the overdue one: the tile says why, the steps how much.
    expect(qr.textContent).toMatch(/Autoriza e já paga o que venceu, com o desconto do Pix\./)
    expect(screen.getByRole('list', { name: 'Como autorizar com o QR Code' }).textContent).toMatch(
      /o pagamento de R\$\s184,61/,
    )
    expect(screen.getByRole('button', { name: /^Pedido no app do Itaú/ }).textContent).toMatch(
      /O que venceu fica para pagar em Pagar\./,
    )
  })

  it('sent to her bank with something overdue: the QR tile still says it pays it', async () => {
    answer = {
      status: 200,
      body: { ...waiting, request: { bank: 'Itaú', expiresAt: '2026-12-05T15:00:00.000Z' } },
    }
    render(19433)
    await openIt()
    const qr = await screen.findByRole('button', { name: /^Ler um QR Code/ })
    expect(qr.textContent).toMatch(/Autoriza e já paga o que venceu, com o desconto do Pix\./)
  })

  it('a QR, her bank unknown: only the QR', async () => {
    answer = { status: 200, body: { ...waiting, payerBank: null, qrCode: '00020101021226…' } }
    render()
    await openIt()
    expect(await screen.findByRole('button', { name: 'Copiar código' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Pedido no app/ })).toBeNull()
    expect(screen.queryByRole('group', { name: 'Como autorizar' })).toBeNull()
  })
})
