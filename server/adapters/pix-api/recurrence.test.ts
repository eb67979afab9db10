/**
 * Pix Automático and cobrança com vencimento: our API Pix client against the demo's sandbox PSP
 * over real HTTP, through the proxy that checks every request and answer against the Central
 * Bank's document (bacen/pix-api 2.9.0), as client.test.ts does for cob. The bank's
 * notifications reach a receiver of the test's, which checks their signature and their body
 * against the document's callbacks (webhookrec → …/rec, webhookcobr → …/cobr). Each test ends
 * with the proxy clean and names the operations it drove.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { callbackErrors } from '../../../tests/helpers/openapi/callbacks'
import { loadPixDocument } from '../../../tests/helpers/openapi/documents'
import { startTinyUpstream } from '../../../tests/helpers/openapi/tiny-upstream'
import { sandboxPix } from '../../config'
import { bankDay } from '../../demo/routes/sandbox-pix-records'
import { boletoPixTerms } from '../../services/boleto-pix'
import { type PixSandbox, startPixSandbox } from '../../testing/pix-sandbox'
import { type PixApi, PixApiError } from './client'
import { addDays, cobvAmountOn } from './due-amount'
import { toCobvValor } from './due-date'
import type { NewRecurrence } from './recurrence'
import { verifyWebhook, webhookSignatureHeader } from './webhook'

describe('Pix Automático and cobv: client and sandbox PSP, checked against the document', () => {
  let sandbox: PixSandbox
  let pix: PixApi
  let receiver: Awaited<ReturnType<typeof startTinyUpstream>>
  const today = bankDay(new Date())

  beforeAll(async () => {
    sandbox = await startPixSandbox()
    pix = sandbox.pix
    receiver = await startTinyUpstream(() => ({ status: 200 }))
    await pix.setRecurrenceWebhook(receiver.url)
    await pix.setRecurringChargeWebhook(receiver.url)
    // Migrating and seeding a database in memory: past a minute on a busy 2-core machine.
  }, 180_000)
  beforeEach(() => {
    sandbox.driven()
  })
  afterEach(() => sandbox.proxy.assertClean())
  afterAll(async () => {
    await receiver?.close()
    await sandbox?.close()
  })

  let serial = 100
  const txid = () => `recorrente${String(serial++).padStart(22, '0')}`
  const payer = { cpf: '52998224725', name: 'Ana Paula Souza' }
  const account = { account: '012682', type: 'CORRENTE' as const, branch: '9708' }

  const recurrence = (overrides: Partial<NewRecurrence> = {}): NewRecurrence => ({
    contract: 'CT-2024-0001',
    description: 'Plano Família Clube',
    payer,
    firstDate: addDays(today, 3),
    lastDate: addDays(today, 400),
    periodicity: 'MENSAL',
    amount: { fixed: 12_345 },
    retryPolicy: 'PERMITE_3R_7D',
    ...overrides,
  })

  /** A payer's action at their bank (the sandbox's helpers). */
  async function atTheBank(path: string) {
    const answer = await fetch(`${sandbox.base}/sandbox/pix${path}`, { method: 'POST' })
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
  }

  /**
   * The notifications posted to `…/{what}` so far: each signed with the bank's secret and
   * accepted by the document's callback.
   */
  function notices(what: 'rec' | 'cobr') {
    const [path, name] = what === 'rec' ? ['/webhookrec', 'rec'] : ['/webhookcobr', 'cobr']
    return receiver.received
      .filter((item) => item.url === `/${what}`)
      .map((item) => {
        const signature = item.headers[webhookSignatureHeader] as string | undefined
        expect(verifyWebhook(sandboxPix.webhookSecret, item.body, signature)).toBe(true)
        expect(callbackErrors(loadPixDocument(), 'put', path, name, item.body)).toEqual([])
        return JSON.parse(item.body) as Record<string, Record<string, unknown>[]>
      })
  }
  const recNotices = (idRec: string) =>
    notices('rec').flatMap((notice) => (notice.recs ?? []).filter((rec) => rec.idRec === idRec))
  const cobrNotices = (id: string) =>
    notices('cobr').flatMap((notice) => (notice.cobsr ?? []).filter((cobr) => cobr.txid === id))

  /** Conditions, not sleeps: the bank posts some notifications after it answered. */
  async function eventually(check: () => void, ms = 10_000) {
    const until = Date.now() + ms
    for (;;) {
      try {
        check()
        return
      } catch (error) {
        if (Date.now() > until) throw error
        await new Promise((done) => setTimeout(done, 100))
      }
    }
  }

  async function refused(promise: Promise<unknown>) {
    const error = await promise.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PixApiError)
    return error as PixApiError
  }

  /** An authorization the payer approved (journey 2: the recurrence's own QR). */
  async function approved(overrides: Partial<NewRecurrence> = {}) {
    const created = await pix.createRecurrence(recurrence(overrides))
    expect((await atTheBank(`/rec/${created.id}/approve`)).status).toBe(200)
    return created
  }

  it('the webhooks of recurrences and of recurring charges: set, read, removed, unknown', async () => {
    expect((await pix.getRecurrenceWebhook())?.url).toBe(receiver.url)
    expect(await pix.removeRecurrenceWebhook()).toBe(true)
    expect(await pix.getRecurrenceWebhook()).toBeNull()
    expect(await pix.removeRecurrenceWebhook()).toBe(false)
    await pix.setRecurrenceWebhook(receiver.url)
    expect((await pix.getRecurringChargeWebhook())?.url).toBe(receiver.url)
    expect(await pix.removeRecurringChargeWebhook()).toBe(true)
    expect(await pix.getRecurringChargeWebhook()).toBeNull()
    await pix.setRecurringChargeWebhook(receiver.url)
    expect(sandbox.driven()).toEqual([
      'GET /webhookrec 200',
      'DELETE /webhookrec 204',
      'GET /webhookrec 404',
      'DELETE /webhookrec 404',
      'PUT /webhookrec 200',
      'GET /webhookcobr 200',
      'DELETE /webhookcobr 204',
      'GET /webhookcobr 404',
      'PUT /webhookcobr 200',
    ])
  })

  it('journey 3: a location, the recurrence with an immediate cob, one QR; paying it approves', async () => {
    const first = txid()
    const cob = await pix.createCob(first, { amount: 12_345, expiresInSeconds: 3600, payer })
    const location = await pix.createRecurrenceLocation()
    expect(location.location).toMatch(/\/qr\/rec\//)
    expect(await pix.getRecurrenceLocation(location.id)).toMatchObject({ id: location.id })
    const created = await pix.createRecurrence(
      recurrence({ locationId: location.id, immediateTxid: first }),
    )
    expect(created).toMatchObject({
      status: 'CRIADA',
      journey: 'AGUARDANDO_DEFINICAO',
      journeyTxid: first,
      fixedAmount: 12_345,
      location: { id: location.id, recurrenceId: created.id },
    })
    expect(created.id).toMatch(/^RR99999999\d{8}[a-z0-9]{11}$/)
    // A location serves one recurrence.
    const again = await refused(pix.createRecurrence(recurrence({ locationId: location.id })))
    expect(again.kind).toBe('RecOperacaoInvalida')

    // The QR the holder scans: the cob's location and the recurrence's, in one BR Code.
    const withQr = await pix.getRecurrence(created.id, { txid: first })
    expect(cob.copyPaste).toContain(`/qr/${first}`)
    expect(withQr?.copyPaste).toContain(location.location)
    expect(withQr?.copyPaste).toContain(`/qr/${first}`)
    expect(withQr?.copyPaste).toMatch(/^000201010212/)

    const paid = await atTheBank(`/rec/${created.id}/approve`)
    expect(paid).toMatchObject({ status: 200, body: { status: 'APROVADA', jornada: 'JORNADA_3' } })
    expect((await pix.getCob(first))?.status).toBe('CONCLUIDA')
    const read = await pix.getRecurrence(created.id)
    expect(read).toMatchObject({
      status: 'APROVADA',
      journey: 'JORNADA_3',
      journeyTxid: first,
      payerBank: '99999999',
    })
    expect(read?.history.map((entry) => entry.status)).toEqual(['CRIADA', 'APROVADA'])
    await eventually(() =>
      expect(recNotices(created.id)).toEqual([
        expect.objectContaining({
          status: 'APROVADA',
          ativacao: expect.objectContaining({ tipoJornada: 'JORNADA_3' }),
        }),
      ]),
    )
    // Answered once: a second answer is refused.
    expect((await atTheBank(`/rec/${created.id}/reject`)).status).toBe(409)
    expect(sandbox.driven()).toEqual([
      'PUT /cob/{txid} 201',
      'POST /locrec 201',
      'GET /locrec/{id} 200',
      'POST /rec 201',
      'POST /rec 400',
      'GET /rec/{idRec} 200',
      'GET /cob/{txid} 200',
      'GET /rec/{idRec} 200',
    ])
  })

  it('journey 1: the request goes to the payer’s bank; rejected there, accepted another time', async () => {
    const bankAccount = { ispb: '91193552', branch: '2569', account: '550689', cpf: payer.cpf }
    const tomorrow = new Date(Date.now() + 86_400_000)

    const rejectedRec = await pix.createRecurrence(recurrence({ amount: { minimum: 5_000 } }))
    const request = await pix.requestRecurrence(rejectedRec.id, bankAccount, tomorrow)
    expect(request).toMatchObject({ recurrenceId: rejectedRec.id, status: 'CRIADA' })
    expect(request.id).toMatch(/^SC99999999\d{8}[a-z0-9]{11}$/)
    expect((await pix.getRecurrenceRequest(request.id))?.status).toBe('RECEBIDA')
    const twice = await refused(pix.requestRecurrence(rejectedRec.id, bankAccount, tomorrow))
    expect(twice.kind).toBe('SolicRecOperacaoInvalida')
    expect(await atTheBank(`/rec/${rejectedRec.id}/reject`)).toMatchObject({
      status: 200,
      body: { status: 'REJEITADA' },
    })
    const rejected = await pix.getRecurrence(rejectedRec.id)
    expect(rejected).toMatchObject({ status: 'REJEITADA', rejection: { code: 'AP13' } })
    expect(rejected?.requests).toEqual([expect.objectContaining({ status: 'REJEITADA' })])
    await eventually(() =>
      expect(recNotices(rejectedRec.id)).toEqual([
        expect.objectContaining({
          status: 'REJEITADA',
          encerramento: { rejeicao: expect.objectContaining({ codigo: 'AP13' }) },
        }),
      ]),
    )

    // A request can be withdrawn while the payer has not answered; then a new one can go.
    const acceptedRec = await pix.createRecurrence(recurrence())
    const withdrawn = await pix.requestRecurrence(acceptedRec.id, bankAccount, tomorrow)
    expect((await pix.cancelRecurrenceRequest(withdrawn.id)).status).toBe('CANCELADA')
    expect((await refused(pix.cancelRecurrenceRequest(withdrawn.id))).status).toBe(400)
    await pix.requestRecurrence(acceptedRec.id, bankAccount, tomorrow)
    expect(await atTheBank(`/rec/${acceptedRec.id}/approve`)).toMatchObject({
      body: { status: 'APROVADA', jornada: 'JORNADA_1' },
    })
    const accepted = await pix.getRecurrence(acceptedRec.id)
    expect(accepted).toMatchObject({ journey: 'JORNADA_1', payerBank: '91193552' })
    expect(accepted?.requests.map((item) => item.status)).toEqual(['CANCELADA', 'ACEITA'])
    expect(await pix.getRecurrenceRequest('SC99999999202401010000000000x')).toBeNull()
    expect(sandbox.driven()).toEqual([
      'POST /rec 201',
      'POST /solicrec 201',
      'GET /solicrec/{idSolicRec} 200',
      'POST /solicrec 400',
      'GET /rec/{idRec} 200',
      'POST /rec 201',
      'POST /solicrec 201',
      'PATCH /solicrec/{idSolicRec} 201',
      'PATCH /solicrec/{idSolicRec} 400',
      'POST /solicrec 201',
      'GET /rec/{idRec} 200',
      'GET /solicrec/{idSolicRec} 404',
    ])
  })

  it('a recurring charge: within the window, one per cycle, refused for lack of funds, retried, settled', async () => {
    const rec = await approved()
    const due = addDays(today, 3)
    const charge = { recurrenceId: rec.id, dueDate: due, amount: 12_345, receiver: account }
    const early = await refused(
      pix.createRecurringCharge(txid(), { ...charge, dueDate: addDays(today, 1) }),
    )
    expect(early.problem?.detail).toMatch(/entre 2 e 10 dias/)
    const late = await refused(
      pix.createRecurringCharge(txid(), { ...charge, dueDate: addDays(today, 11) }),
    )
    expect(late.kind).toBe('CobROperacaoInvalida')
    const wrongAmount = await refused(pix.createRecurringCharge(txid(), { ...charge, amount: 100 }))
    expect(wrongAmount.problem?.detail).toMatch(/valor fixo/)

    const id = txid()
    const created = await pix.createRecurringCharge(id, charge)
    expect(created).toMatchObject({ txid: id, status: 'CRIADA', amount: 12_345, createdOn: today })
    // Asked again after a lost answer: the same charge, read back, never a second one.
    expect((await pix.createRecurringCharge(id, charge)).txid).toBe(id)
    const sameCycle = await refused(pix.createRecurringCharge(txid(), charge))
    expect(sameCycle.problem?.detail).toMatch(/mesmo ciclo/)

    const active = await pix.getRecurringCharge(id)
    expect(active).toMatchObject({ status: 'ATIVA', retryPolicy: 'PERMITE_3R_7D' })
    expect(active?.attempts).toEqual([
      expect.objectContaining({ kind: 'AGND', status: 'AGENDADA' }),
    ])

    expect(await atTheBank(`/cobr/${id}/fail`)).toMatchObject({ body: { status: 'ATIVA' } })
    const retried = await pix.retryRecurringCharge(id, addDays(due, 1))
    expect(retried.attempts.map((item) => `${item.kind} ${item.status}`)).toEqual([
      'AGND EXPIRADA',
      'NTAG AGENDADA',
    ])
    const pending = await refused(pix.retryRecurringCharge(id, addDays(due, 2)))
    expect(pending.problem?.detail).toMatch(/SOLICITADA ou AGENDADA/)
    expect(await atTheBank(`/cobr/${id}/settle`)).toMatchObject({ body: { status: 'CONCLUIDA' } })
    const settled = await pix.getRecurringCharge(id)
    expect(settled).toMatchObject({
      status: 'CONCLUIDA',
      payments: [{ amount: 12_345, endToEndId: retried.attempts[1]?.endToEndId }],
    })
    // The Pix it settled with is one the bank received: it can be read and refunded.
    expect((await pix.getPix(settled?.payments[0]?.endToEndId ?? ''))?.amount).toBe(12_345)
    expect(await atTheBank(`/cobr/${id}/settle`)).toMatchObject({ status: 409 })
    await eventually(() =>
      expect(cobrNotices(id).map((item) => item.status)).toEqual([
        'ATIVA',
        'ATIVA',
        'ATIVA',
        'CONCLUIDA',
      ]),
    )
    expect(cobrNotices(id).at(-1)?.pix).toEqual([expect.objectContaining({ valor: '123.45' })])
    expect(sandbox.driven()).toEqual([
      'POST /rec 201',
      // Each refusal is read back, in case it was this very charge asked again.
      'PUT /cobr/{txid} 400',
      'GET /cobr/{txid} 404',
      'PUT /cobr/{txid} 400',
      'GET /cobr/{txid} 404',
      'PUT /cobr/{txid} 400',
      'GET /cobr/{txid} 404',
      'PUT /cobr/{txid} 201',
      'PUT /cobr/{txid} 400',
      'GET /cobr/{txid} 200',
      'PUT /cobr/{txid} 400',
      'GET /cobr/{txid} 404',
      'GET /cobr/{txid} 200',
      'POST /cobr/{txid}/retentativa/{data} 201',
      'POST /cobr/{txid}/retentativa/{data} 400',
      'GET /cobr/{txid} 200',
      'GET /pix/{e2eid} 200',
    ])
  })

  it('cancelling: a charge before its first attempt, a recurrence by the receiver and by the payer', async () => {
    const rec = await approved({ retryPolicy: 'NAO_PERMITE' })
    const charge = {
      recurrenceId: rec.id,
      dueDate: addDays(today, 5),
      amount: 12_345,
      receiver: account,
    }
    const first = txid()
    await pix.createRecurringCharge(first, charge)
    const cancelled = await pix.cancelRecurringCharge(first)
    expect(cancelled).toMatchObject({
      status: 'CANCELADA',
      cancellation: { by: 'USUARIO_RECEBEDOR' },
    })
    expect(cancelled.attempts.map((item) => item.status)).toEqual(['CANCELADA'])
    expect((await refused(pix.cancelRecurringCharge(first))).kind).toBe('CobROperacaoInvalida')
    // The cycle is free again; without retries, a failed attempt ends the charge.
    const second = txid()
    await pix.createRecurringCharge(second, charge)
    expect(await atTheBank(`/cobr/${second}/fail`)).toMatchObject({ body: { status: 'EXPIRADA' } })
    const noRetry = await refused(pix.retryRecurringCharge(second, addDays(charge.dueDate, 1)))
    expect(noRetry.problem?.detail).toMatch(/não permite retentativa/)
    expect(await pix.getRecurringCharge(txid())).toBeNull()

    const byReceiver = await pix.cancelRecurrence(rec.id)
    expect(byReceiver).toMatchObject({
      status: 'CANCELADA',
      cancellation: { by: 'USUARIO_RECEBEDOR', code: 'SLCR' },
    })
    expect((await refused(pix.cancelRecurrence(rec.id))).kind).toBe('RecOperacaoInvalida')

    const other = await approved()
    expect(await atTheBank(`/rec/${other.id}/cancel`)).toMatchObject({
      body: { status: 'CANCELADA' },
    })
    expect(await pix.getRecurrence(other.id)).toMatchObject({
      status: 'CANCELADA',
      cancellation: { by: 'USUARIO_PAGADOR', code: 'SLDB' },
    })
    await eventually(() =>
      expect(recNotices(other.id).map((item) => item.status)).toEqual(['APROVADA', 'CANCELADA']),
    )
    expect(await pix.getRecurrence('RN99999999202401010000000000x')).toBeNull()
    expect(sandbox.driven()).toEqual([
      'POST /rec 201',
      'PUT /cobr/{txid} 201',
      'PATCH /cobr/{txid} 200',
      'PATCH /cobr/{txid} 400',
      'PUT /cobr/{txid} 201',
      'POST /cobr/{txid}/retentativa/{data} 400',
      'GET /cobr/{txid} 404',
      'PATCH /rec/{idRec} 200',
      'PATCH /rec/{idRec} 400',
      'POST /rec 201',
      'GET /rec/{idRec} 200',
      'GET /rec/{idRec} 404',
    ])
  })

  it('a cobv: created, altered, read; paid before the due date with its discount, after with fine and interest; removed', async () => {
    const due = addDays(today, 5)
    const terms = {
      amount: 10_000,
      dueDate: due,
      daysAfterDue: 10,
      payer,
      fine: { modality: 2, value: 200 },
      interest: { modality: 2, value: 100 },
      discount: { modality: 1, until: [{ date: addDays(today, 1), value: 500 }] },
      message: 'Mensalidade de dezembro',
    }
    const late = txid()
    const created = await pix.createDueCollection(late, terms)
    expect(created).toMatchObject({ status: 'ATIVA', revision: 0, amount: 10_000, dueDate: due })
    expect(created.copyPaste).toMatch(/^000201010212/)
    expect(created.location).toMatch(/\/qr\/cobv\//)
    const altered = await pix.createDueCollection(late, { ...terms, amount: 11_000 })
    expect(altered).toMatchObject({ revision: 1, amount: 11_000 })
    expect(await pix.getDueCollection(late)).toMatchObject({
      fine: terms.fine,
      interest: terms.interest,
      discount: { modality: 1, until: terms.discount.until },
      payments: [],
    })

    const payDay = addDays(due, 4)
    const owed = cobvAmountOn(
      toCobvValor({ ...terms, amount: 11_000 }),
      { dataDeVencimento: due, validadeAposVencimento: 10 },
      payDay,
    )
    expect(owed?.multa).toBe(220)
    expect(owed?.juros).toBeGreaterThan(0)
    const paidLate = await atTheBank(`/cobv/${late}/pay?data=${payDay}`)
    expect(paidLate).toMatchObject({
      status: 200,
      body: { valor: ((owed?.final ?? 0) / 100).toFixed(2) },
    })
    const readLate = await pix.getDueCollection(late)
    expect(readLate?.status).toBe('CONCLUIDA')
    expect(readLate?.payments).toEqual([
      expect.objectContaining({
        amount: owed?.final,
        components: expect.objectContaining({ original: 11_000, multa: 220, juros: owed?.juros }),
      }),
    ])
    expect((await atTheBank(`/cobv/${late}/pay`)).status).toBe(409)

    const early = txid()
    await pix.createDueCollection(early, terms)
    expect(await atTheBank(`/cobv/${early}/pay?data=${today}`)).toMatchObject({
      body: {
        valor: '95.00',
        componentesValor: { original: { valor: '100.00' }, desconto: { valor: '5.00' } },
      },
    })
    expect((await pix.getDueCollection(early))?.payments[0]?.amount).toBe(9_500)

    // A discount per day paid early (modalidades 3 to 6) carries valorPerc, not dates.
    const perDay = txid()
    const daily = { modality: 5, value: 10 }
    await pix.createDueCollection(perDay, { ...terms, discount: daily })
    expect((await pix.getDueCollection(perDay))?.discount).toMatchObject(daily)

    const tooLate = txid()
    await pix.createDueCollection(tooLate, terms)
    expect((await atTheBank(`/cobv/${tooLate}/pay?data=${addDays(due, 30)}`)).status).toBe(410)
    expect((await pix.removeDueCollection(tooLate)).status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR')
    expect((await refused(pix.removeDueCollection(tooLate))).kind).toBe('CobVOperacaoInvalida')
    const invalid = await refused(
      pix.createDueCollection(txid(), { ...terms, rebate: { modality: 2, value: 10_000 } }),
    )
    expect(invalid.problem?.detail).toMatch(/abatimento/)
    expect(await pix.getDueCollection(txid())).toBeNull()
    expect(sandbox.driven()).toEqual([
      'PUT /cobv/{txid} 201',
      'PUT /cobv/{txid} 201',
      'GET /cobv/{txid} 200',
      'GET /cobv/{txid} 200',
      'PUT /cobv/{txid} 201',
      'GET /cobv/{txid} 200',
      'PUT /cobv/{txid} 201',
      'GET /cobv/{txid} 200',
      'PUT /cobv/{txid} 201',
      'PATCH /cobv/{txid} 200',
      'PATCH /cobv/{txid} 400',
      'PUT /cobv/{txid} 400',
      'GET /cobv/{txid} 404',
    ])
  })

  it("a boleto's Pix as the portal sends it (2 % fine, 1 % a month): created, paid late with what the bank computed, read, removed", async () => {
    const due = addDays(today, 3)
    const terms = boletoPixTerms({ amount: 17_090, dueDate: due, payer, message: 'Plano 0001' })
    const paidLate = txid()
    expect(await pix.createDueCollection(paidLate, terms)).toMatchObject({
      status: 'ATIVA',
      amount: 17_090,
      fine: { modality: 2, value: 200 },
      interest: { modality: 3, value: 100 },
      daysAfterDue: 30,
    })
    const payDay = addDays(due, 12)
    const owed = cobvAmountOn(
      {
        original: '170.90',
        multa: { modalidade: 2, valorPerc: '2.00' },
        juros: { modalidade: 3, valorPerc: '1.00' },
      },
      { dataDeVencimento: due, validadeAposVencimento: 30 },
      payDay,
    )
    expect(owed?.multa).toBe(342)
    expect((await atTheBank(`/cobv/${paidLate}/pay?data=${payDay}`)).status).toBe(200)
    const read = await pix.getDueCollection(paidLate)
    expect(read?.status).toBe('CONCLUIDA')
    expect(read?.payments).toEqual([
      expect.objectContaining({
        amount: owed?.final,
        components: { original: 17_090, multa: owed?.multa, juros: owed?.juros },
      }),
    ])
    const removed = txid()
    await pix.createDueCollection(removed, terms)
    expect((await pix.removeDueCollection(removed)).status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR')
    expect(sandbox.driven()).toEqual([
      'PUT /cobv/{txid} 201',
      'GET /cobv/{txid} 200',
      'PUT /cobv/{txid} 201',
      'PATCH /cobv/{txid} 200',
    ])
  })

  it('ids no bank would make answer 404, never 500 (straight to the bank, not via the proxy)', async () => {
    const headers = await sandbox.bearer()
    const bank = `${sandbox.base}/sandbox/pix-api/v2`
    const rec = await pix.createRecurrence(recurrence())
    const patch = { method: 'PATCH', headers: { ...headers, 'content-type': 'application/json' } }
    for (const [path, init] of [
      ['/solicrec/a%00b', { headers }],
      ['/solicrec/a%00b', { ...patch, body: '{"status":"CANCELADA"}' }],
      ['/cobr/a%00b', { ...patch, body: '{"status":"CANCELADA"}' }],
      ['/cobr/a%00b/retentativa/2030-01-01', { method: 'POST', headers }],
      ['/cobv/a%00b', { ...patch, body: '{"status":"REMOVIDA_PELO_USUARIO_RECEBEDOR"}' }],
      ['/locrec/a%00b', { headers }],
    ] as const)
      expect([path, (await fetch(`${bank}${path}`, init)).status]).toEqual([path, 404])
    const qr = await fetch(`${bank}/rec/${rec.id}?txid=a%00b`, { headers })
    expect(qr.status).toBe(200)
    for (const path of ['/cobr/a%00b/settle', '/cobv/a%00b/pay', '/rec/a%00b/approve'])
      expect([path, (await atTheBank(path)).status]).toEqual([path, 404])
    expect(sandbox.driven()).toEqual(['POST /rec 201'])
  })

  it('every Pix Automático and cobv operation the client calls went through the proxy', () => {
    const operations = new Set(sandbox.proxy.calls().map((call) => call.operationId))
    for (const operation of [
      'POST /locrec',
      'GET /locrec/{id}',
      'POST /rec',
      'GET /rec/{idRec}',
      'PATCH /rec/{idRec}',
      'POST /solicrec',
      'GET /solicrec/{idSolicRec}',
      'PATCH /solicrec/{idSolicRec}',
      'PUT /cobr/{txid}',
      'GET /cobr/{txid}',
      'PATCH /cobr/{txid}',
      'POST /cobr/{txid}/retentativa/{data}',
      'PUT /webhookrec',
      'GET /webhookrec',
      'DELETE /webhookrec',
      'PUT /webhookcobr',
      'GET /webhookcobr',
      'DELETE /webhookcobr',
      'PUT /cobv/{txid}',
      'GET /cobv/{txid}',
      'PATCH /cobv/{txid}',
    ])
      expect(operations).toContain(operation)
  })
})
