/**
 * "Débito automático via Pix" (Pix Automático, decision 025), server side: enrolment (journey 3),
 * the authorization's states from the bank's signed notifications, the scheduler's one /cobr per
 * instalment, settling, lack of funds and its retry, cancelling from the portal and at the bank,
 * a collision with a Pix of the same instalment, and a crash between the bank's /cobr and our
 * record; the events the provider's system reads of each move (approved, rejected, cancelled),
 * one per move however often the bank tells it. Real database, the demo's sandbox bank over the
 * app's own HTTP, the server's clock moved.
 */
import { and, eq, inArray } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { type EventType, eventSchemas } from '../../contract/webhooks'
import { type HttpTransport, handlerTransport } from '../adapters/http'
import { createPixApiClient } from '../adapters/pix-api/client'
import { nextBusinessDay } from '../adapters/pix-api/due-amount'
import { sandboxPixApiPath } from '../adapters/pix-api/index'
import type { Cobr } from '../adapters/pix-api/recurrence-schemas'
import { signWebhook } from '../adapters/pix-api/webhook'
import { sandboxPix } from '../config'
import { paymentCharges, paymentOrders, pixRecurrences } from '../db/schema'
import { demoPaymentLinks } from '../demo/data/ids'
import { recordsOf } from '../demo/routes/sandbox-pix-records'
import { demoIds } from '../demo/seed'
import { createApiKey } from '../services/api-keys'
import { moveCharge } from '../services/charges'
import { daysBetween, todayInSaoPaulo } from '../services/payment-amounts'
import { recurrenceMessages } from '../services/pix-recurrences'
import { cobrTxid, scheduleRecurringCharges } from '../services/recurring-charges'
import { backends, bearer, countRows } from '../testing'
import { useTestServer } from '../testing/hooks'
import {
  anaInstalments,
  cardPayment,
  checkoutPaths,
  linkFor,
  notifyAsBank,
  pixValue,
  post,
  receivedMoney,
  testCards,
  tokenize,
} from '../testing/payments'

const DAY = 86_400_000
const contractPath = `/socios-api/client/contract/${demoIds.ana.contract}/pix-automatico`
const inst = (n: number) => demoIds.ana.instalments[n - 1] as string

describe.each(backends)('Pix Automático: débito automático via Pix (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, {
    logins: ['ana', 'bruno'],
    resetEachTest: true,
  })

  const enrol = (token = tokens.ana) =>
    server.app.request(contractPath, { method: 'POST', ...bearer(token) })
  const read = (token = tokens.ana) => server.app.request(contractPath, bearer(token))
  const cancel = (token = tokens.ana) =>
    server.app.request(contractPath, { method: 'DELETE', ...bearer(token) })
  const atTheBank = (path: string) => server.app.request(`/sandbox/pix${path}`, { method: 'POST' })
  const ourRecurrence = async () => {
    const [row] = await server.db.select().from(pixRecurrences)
    if (!row) throw new Error('sem recorrência')
    return row
  }
  const chargeOf = async (txid: string) => {
    const [charge] = await server.db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.gatewayRef, txid))
    return charge
  }
  /** The /cobr the bank holds for this authorization. */
  const cobrsAtBank = async (idRec: string) =>
    (await recordsOf<Cobr>(server.db, 'cobr')).filter((cobr) => cobr.idRec === idRec)
  const instalment = async (n: number) => {
    const [row] = await anaInstalments(server.db, [n])
    if (!row) throw new Error(`sem parcela ${n}`)
    return row
  }
  /** Moves the server's clock (and the sandbox bank's, the same app) to `days` before a date. */
  async function daysBefore(date: string, days: number) {
    const today = todayInSaoPaulo(server.clock.now())
    server.clock.advance((daysBetween(today, date) - days) * DAY)
    expect(daysBetween(todayInSaoPaulo(server.clock.now()), date)).toBe(days)
  }

  /** The Pix Automático events the provider's system lists (GET /events, with its own key). */
  async function providerEvents() {
    const { key } = await createApiKey(server.db, { name: 'ERP', scopes: ['events:read'] })
    const answer = await server.app.request('/socios-api/integration/v1/events?limit=100', {
      headers: { authorization: `Bearer ${key}` },
    })
    expect(answer.status).toBe(200)
    const page = (await answer.json()) as { data: { type: EventType; data: unknown }[] }
    return page.data
      .filter((event) => event.type.startsWith('pix_automatico.'))
      .map((event) => ({
        type: event.type,
        // The four share one payload: each is checked against it as declared.
        data: v.parse(eventSchemas['pix_automatico.approved'], event.data),
      }))
  }
  /** The bank's signed notification that this authorization changed (…/webhooks/pix/rec). */
  function notifyRec(idRec: string, status: string) {
    return notifyAsBank(
      server.app,
      'rec',
      JSON.stringify({ recs: [{ idRec, status, atualizacao: [] }] }),
    )
  }

  /** Ana enrols and approves at her bank (journey 3, the overdue instalment 4 paid with it). */
  async function enrolled() {
    const answer = await enrol()
    expect(answer.status).toBe(201)
    const recurrence = await ourRecurrence()
    expect((await atTheBank(`/rec/${recurrence.idRec}/approve`)).status).toBe(200)
    expect((await ourRecurrence()).status).toBe('APROVADA')
    return recurrence
  }

  /** Enrolled, the clock 5 days before instalment 5, the scheduler's pass: its /cobr. */
  async function charged() {
    const recurrence = await enrolled()
    const fifth = await instalment(5)
    await daysBefore(fifth.dueDate, 5)
    expect(await server.reconcile()).toMatchObject({ scheduled: 1, failures: 0 })
    const txid = cobrTxid(recurrence.id, fifth.id)
    const charge = await chargeOf(txid)
    expect(charge).toMatchObject({ method: 'PIX_AUTOMATICO', status: 'PROCESSING' })
    return { recurrence, fifth, txid }
  }

  it('journey 3: enrolment shows what is authorized; approving pays the overdue instalment', async () => {
    // Never enrolled: 404, and Ativar may start one (instalments are left to charge).
    const none = await read()
    expect(none.status).toBe(404)
    expect(await none.json()).toEqual({
      message: 'Este contrato não tem débito automático via Pix.',
      canEnrol: true,
    })
    const answer = await enrol()
    expect(answer.status).toBe(201)
    const view = (await answer.json()) as Record<string, unknown>
    const [fifth, last] = [await instalment(5), await instalment(12)]
    expect(view).toMatchObject({
      contractId: demoIds.ana.contract,
      status: 'CRIADA',
      cancelledBy: null,
      // 5 and 6 carry a discount: not one fixed amount, so up to the largest.
      amount: { kind: 'MAXIMUM', value: 18_990 },
      frequency: 'MENSAL',
      firstDate: fifth.dueDate,
      lastDate: last.dueDate,
      receiver: { name: expect.any(String), cnpj: expect.stringMatching(/^\d{14}$/) },
      qrCode: expect.stringMatching(/^000201/),
      immediate: { txid: expect.any(String), status: 'WAITING', value: expect.any(Number) },
      // One is live: nothing new to start.
      canEnrol: false,
    })
    // The same QR again while it waits for the payer; nobody else sees it.
    const again = await enrol()
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(view)
    for (const answer of [
      await enrol(tokens.bruno),
      await read(tokens.bruno),
      await cancel(tokens.bruno),
    ])
      expect(answer.status).toBe(404)

    const recurrence = await ourRecurrence()
    expect((await atTheBank(`/rec/${recurrence.idRec}/approve`)).status).toBe(200)
    const approved = (await (await read()).json()) as Record<string, unknown>
    expect(approved).toMatchObject({
      status: 'APROVADA',
      qrCode: null,
      immediate: { status: 'PAID' },
    })
    expect((await instalment(4)).status).toBe('PAID')
    // The provider's system is told it is active, with what it authorizes.
    expect(await providerEvents()).toEqual([
      {
        type: 'pix_automatico.approved',
        data: expect.objectContaining({
          contract: { id: demoIds.ana.contract, externalId: null },
          authorization: { id: recurrence.id, idRec: recurrence.idRec },
          status: 'APROVADA',
          previousStatus: 'CRIADA',
          cancelledBy: null,
          reason: null,
          amount: { kind: 'MAXIMUM', value: 18_990 },
          frequency: 'MENSAL',
          firstDate: fifth.dueDate,
          lastDate: last.dueDate,
        }),
      },
    ])
    // Approved: enrolling again is refused.
    expect((await enrol()).status).toBe(409)
  })

  it('a QR whose Pix expired unanswered is withdrawn: enrolling again makes a new one', async () => {
    const first = (await (await enrol()).json()) as { id: string; qrCode: string }
    server.clock.advance(2 * 3_600_000)
    // The reconciler expires the journey's Pix (removed at the bank).
    await server.reconcile()
    const again = await enrol()
    expect(again.status).toBe(201)
    const second = (await again.json()) as { id: string; qrCode: string }
    expect(second.id).not.toBe(first.id)
    expect(second.qrCode).not.toBe(first.qrCode)
    const rows = await server.db.select().from(pixRecurrences)
    expect(rows.map((row) => `${row.status} ${row.cancelledBy}`).sort()).toEqual([
      'CANCELADA USUARIO_RECEBEDOR',
      'CRIADA null',
    ])
    // The new QR works: approving pays the overdue instalment.
    const [fresh] = rows.filter((row) => row.status === 'CRIADA')
    expect((await atTheBank(`/rec/${fresh?.idRec}/approve`)).status).toBe(200)
    expect((await instalment(4)).status).toBe('PAID')
    // The provider hears the withdrawn QR was never active, then the new one approved.
    expect(
      (await providerEvents()).map(
        (event) => `${event.type} ${event.data.previousStatus} ${event.data.authorization.idRec}`,
      ),
    ).toEqual([
      `pix_automatico.cancelled CRIADA ${rows.find((row) => row.status === 'CANCELADA')?.idRec}`,
      `pix_automatico.approved CRIADA ${fresh?.idRec}`,
    ])
  })

  it('the scheduler makes one /cobr per instalment in the window; the bank settles it → paid', async () => {
    const { recurrence, fifth, txid } = await charged()
    // Passes again, and on the next days: still one, and none for 6 (a month away).
    await server.reconcile()
    server.clock.advance(DAY)
    await server.reconcile()
    expect((await cobrsAtBank(recurrence.idRec)).map((cobr) => cobr.txid)).toEqual([txid])
    expect((await cobrsAtBank(recurrence.idRec))[0]).toMatchObject({
      calendario: { dataDeVencimento: fifth.dueDate },
      valor: { original: '170.90' },
    })
    expect((await atTheBank(`/cobr/${txid}/settle`)).status).toBe(200)
    expect(await chargeOf(txid)).toMatchObject({ status: 'PAID' })
    expect(await instalment(5)).toMatchObject({ status: 'PAID', paidValue: 17_090 })
  })

  it('lack of funds on the due date: recorded, retried the next day, then paid', async () => {
    const { fifth, txid } = await charged()
    await daysBefore(fifth.dueDate, 0)
    expect((await atTheBank(`/cobr/${txid}/fail`)).status).toBe(200)
    expect((await chargeOf(txid))?.data.cobr).toMatchObject({ failedOn: expect.any(String) })
    expect((await instalment(5)).status).toBe('NOT_PAID')
    expect(await server.reconcile()).toMatchObject({ scheduled: 1, failures: 0 })
    const [cobr] = (await recordsOf<Cobr>(server.db, 'cobr')).filter((item) => item.txid === txid)
    expect(cobr?.tentativas.map((attempt) => `${attempt.tipo} ${attempt.status}`)).toEqual([
      'AGND EXPIRADA',
      'NTAG AGENDADA',
    ])
    // Asked once for that failure.
    expect(await server.reconcile()).toMatchObject({ scheduled: 0 })
    expect((await atTheBank(`/cobr/${txid}/settle`)).status).toBe(200)
    expect((await instalment(5)).status).toBe('PAID')
  })

  it('an authorization rejected at the bank: REJEITADA, and nothing is charged', async () => {
    expect((await enrol()).status).toBe(201)
    const recurrence = await ourRecurrence()
    expect((await atTheBank(`/rec/${recurrence.idRec}/reject`)).status).toBe(200)
    expect(await (await read()).json()).toMatchObject({
      status: 'REJEITADA',
      reason: expect.stringContaining('AP13'),
    })
    expect(await providerEvents()).toEqual([
      {
        type: 'pix_automatico.rejected',
        data: expect.objectContaining({
          status: 'REJEITADA',
          previousStatus: 'CRIADA',
          reason: { code: 'AP13', description: expect.any(String) },
        }),
      },
    ])
    await daysBefore((await instalment(5)).dueDate, 5)
    expect(await server.reconcile()).toMatchObject({ scheduled: 0 })
    expect(await cobrsAtBank(recurrence.idRec)).toEqual([])
    // Rejected, a new enrolment may start.
    expect((await enrol()).status).toBe(201)
  })

  it('cancelled from the portal: CANCELADA at the bank and here, its live /cobr cancelled', async () => {
    const { recurrence, txid } = await charged()
    const answer = await cancel()
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({
      status: 'CANCELADA',
      cancelledBy: 'USUARIO_RECEBEDOR',
      // Instalments are still open: Ativar may start a new one.
      canEnrol: true,
    })
    expect((await cobrsAtBank(recurrence.idRec))[0]?.status).toBe('CANCELADA')
    expect(await chargeOf(txid)).toMatchObject({ status: 'CANCELLED' })
    expect((await instalment(5)).chargeId).toBeNull()
    expect((await cancel()).status).toBe(409)
    expect((await providerEvents()).map((event) => event.type)).toEqual([
      'pix_automatico.approved',
      'pix_automatico.cancelled',
    ])
    expect((await providerEvents())[1]?.data).toMatchObject({
      authorization: { id: recurrence.id, idRec: recurrence.idRec },
      status: 'CANCELADA',
      previousStatus: 'APROVADA',
      cancelledBy: 'USUARIO_RECEBEDOR',
      reason: { code: 'SLCR' },
    })
  })

  it('cancelled by the payer at their bank: reflected here', async () => {
    const recurrence = await enrolled()
    expect((await atTheBank(`/rec/${recurrence.idRec}/cancel`)).status).toBe(200)
    expect(await (await read()).json()).toMatchObject({
      status: 'CANCELADA',
      cancelledBy: 'USUARIO_PAGADOR',
    })
    expect((await providerEvents()).at(-1)).toEqual({
      type: 'pix_automatico.cancelled',
      data: expect.objectContaining({
        authorization: { id: recurrence.id, idRec: recurrence.idRec },
        previousStatus: 'APROVADA',
        cancelledBy: 'USUARIO_PAGADOR',
        reason: { code: 'SLDB', description: expect.any(String) },
      }),
    })
  })

  it('a notification delivered twice at once, and again later: one event for the move', async () => {
    const recurrence = await enrolled()
    // The bank's own notification is held back, so ours are the ones that bring the news.
    const pix = server.payments?.pix
    if (!pix) throw new Error('sem Pix')
    expect(await pix.removeRecurrenceWebhook()).toBe(true)
    expect((await atTheBank(`/rec/${recurrence.idRec}/cancel`)).status).toBe(200)
    expect((await ourRecurrence()).status).toBe('APROVADA')
    const twice = await Promise.all([
      notifyRec(recurrence.idRec, 'CANCELADA'),
      notifyRec(recurrence.idRec, 'CANCELADA'),
    ])
    expect(twice.map((answer) => answer.status)).toEqual([200, 200])
    expect((await notifyRec(recurrence.idRec, 'CANCELADA')).status).toBe(200)
    // And the reconciler reads it too.
    server.clock.advance(DAY)
    await server.reconcile()
    expect((await ourRecurrence()).status).toBe('CANCELADA')
    expect((await providerEvents()).map((event) => event.type)).toEqual([
      'pix_automatico.approved',
      'pix_automatico.cancelled',
    ])
  })

  it('nothing left to charge (every instalment paid): the GET says Ativar cannot start one', async () => {
    await server.db
      .update(paymentOrders)
      .set({ status: 'PAID', paidAt: server.clock.now() })
      .where(eq(paymentOrders.contractId, demoIds.ana.contract))
    const none = await read()
    expect(none.status).toBe(404)
    expect(await none.json()).toMatchObject({ canEnrol: false })
    const refused = await enrol()
    expect(refused.status).toBe(422)
    expect(await refused.json()).toEqual({
      message: 'Não há parcelas em aberto para o débito automático via Pix.',
    })
    // Another holder's contract says nothing of it.
    expect(await (await read(tokens.bruno)).json()).not.toHaveProperty('canEnrol')
  })

  it('a notification with a bad signature is refused, changes nothing and is logged', async () => {
    const { recurrence, txid } = await charged()
    const before = {
      recurrences: await server.db.select().from(pixRecurrences),
      charges: await server.db.select().from(paymentCharges),
    }
    const bodies = {
      rec: { recs: [{ idRec: recurrence.idRec, status: 'CANCELADA', atualizacao: [] }] },
      cobr: { cobsr: [{ idRec: recurrence.idRec, txid, status: 'CONCLUIDA', atualizacao: [] }] },
    }
    for (const [what, body] of Object.entries(bodies)) {
      const text = JSON.stringify(body)
      for (const signature of [null, signWebhook('outro-segredo', text), 'sha256=00'])
        expect(
          (await notifyAsBank(server.app, what as 'rec' | 'cobr', text, signature)).status,
        ).toBe(401)
    }
    expect(await server.db.select().from(pixRecurrences)).toEqual(before.recurrences)
    expect(await server.db.select().from(paymentCharges)).toEqual(before.charges)
    expect(server.logs.filter((line) => line.includes('assinatura inválida'))).toHaveLength(6)
    // Signed, it is read back from the bank, never believed: the cobr is still live there.
    const text = JSON.stringify(bodies.cobr)
    const signed = await notifyAsBank(server.app, 'cobr', text)
    expect(signed.status).toBe(200)
    expect(await chargeOf(txid)).toMatchObject({ status: 'PROCESSING' })
  })

  it('paid by Pix before the /cobr settles: the /cobr is cancelled at the bank, one payment kept', async () => {
    const { recurrence, txid } = await charged()
    const code = await linkFor(server.app, tokens.ana, [5])
    const pix = await post<{ data: { key: string; value: string }[] }>(
      server.app,
      checkoutPaths.pix,
      { code, token: '1' },
    )
    expect(pix.status).toBe(200)
    expect(await chargeOf(txid)).toMatchObject({ status: 'CANCELLED' })
    expect((await cobrsAtBank(recurrence.idRec))[0]?.status).toBe('CANCELADA')
    expect(
      (
        await server.app.request(`/sandbox/pix/${pixValue(pix.body, 'txid')}/pay`, {
          method: 'POST',
        })
      ).status,
    ).toBe(200)
    expect((await instalment(5)).status).toBe('PAID')
    // The bank can no longer charge it.
    expect((await atTheBank(`/cobr/${txid}/settle`)).status).toBe(409)
    const paid = await server.db
      .select()
      .from(paymentCharges)
      .where(
        and(
          eq(paymentCharges.status, 'PAID'),
          inArray(paymentCharges.method, ['PIX', 'PIX_AUTOMATICO']),
        ),
      )
    // Instalment 4 (journey 3) and instalment 5 (the link's Pix): one each.
    expect(paid.flatMap((charge) => charge.data.shares.map((share) => share.id)).sort()).toEqual(
      [inst(4), inst(5)].sort(),
    )
  })

  it('paid by card before the /cobr settles: the /cobr is cancelled at the bank, the card kept', async () => {
    const { recurrence, txid } = await charged()
    const code = await linkFor(server.app, tokens.ana, [5])
    const card = await tokenize(server.app, testCards.visa)
    const paidByCard = await post(server.app, checkoutPaths.link, cardPayment(code, card))
    expect(paidByCard.status).toBe(200)
    expect((await instalment(5)).status).toBe('PAID')
    expect(await chargeOf(txid)).toMatchObject({ status: 'CANCELLED' })
    expect((await cobrsAtBank(recurrence.idRec))[0]?.status).toBe('CANCELADA')
    // Her bank can no longer debit it: the card's payment is the one kept.
    expect((await atTheBank(`/cobr/${txid}/settle`)).status).toBe(409)
    const paid = await server.db
      .select()
      .from(paymentCharges)
      .where(eq(paymentCharges.status, 'PAID'))
    const ofFifth = paid.filter((charge) =>
      charge.data.shares.some((share) => share.id === inst(5)),
    )
    expect(ofFifth.map((charge) => charge.method)).toEqual(['CREDIT'])
  })

  it('on its attempt day the /cobr cannot be cancelled: a Pix of the instalment waits (409)', async () => {
    const { fifth, txid } = await charged()
    // Its attempt's day: the due date, or the business day after it (the /cobr asks the bank to
    // adjust it, ajusteDiaUtil): the demo's dates follow today's, so it may fall on a weekend.
    await daysBefore(nextBusinessDay(fifth.dueDate), 0)
    const code = await linkFor(server.app, tokens.ana, [5])
    const pix = await post(server.app, checkoutPaths.pix, { code, token: '1' })
    expect(pix.status).toBe(409)
    expect((await atTheBank(`/cobr/${txid}/settle`)).status).toBe(200)
    expect(await chargeOf(txid)).toMatchObject({ status: 'PAID' })
    expect((await instalment(5)).status).toBe('PAID')
  })

  it('money of a /cobr the instalment no longer needs goes back by devolução', async () => {
    const { txid } = await charged()
    // The bank agreed to cancel and still charged (the race a receiver can lose): ours is
    // CANCELLED, the instalment paid by the holder's Pix, then the /cobr's money arrives.
    const charge = await chargeOf(txid)
    if (!charge || !server.payments) throw new Error('sem cobrança')
    await moveCharge(server.db, charge.id, 'CANCELLED', { message: 'teste' })
    const code = await linkFor(server.app, tokens.ana, [5])
    const pix = await post<{ data: { key: string; value: string }[] }>(
      server.app,
      checkoutPaths.pix,
      { code, token: '1' },
    )
    expect(pix.status).toBe(200)
    const paid = await server.app.request(`/sandbox/pix/${pixValue(pix.body, 'txid')}/pay`, {
      method: 'POST',
    })
    expect(paid.status).toBe(200)
    expect((await atTheBank(`/cobr/${txid}/settle`)).status).toBe(200)
    expect(await chargeOf(txid)).toMatchObject({ status: 'REFUNDED' })
    expect(await receivedMoney(server.db)).toMatchObject({ applied: 2, refunded: 1 })
    expect((await instalment(5)).status).toBe('PAID')
  })

  it('a crash between the bank’s /cobr and our record: the reconciler finds it, never a second', async () => {
    const recurrence = await enrolled()
    const fifth = await instalment(5)
    await daysBefore(fifth.dueDate, 5)
    // The notification is lost too: only the reconciler can learn of it.
    const payments = server.payments
    if (!payments?.pix) throw new Error('sem Pix')
    expect(await payments.pix.removeRecurringChargeWebhook()).toBe(true)
    // The bank creates the /cobr; its answer never reaches us (the process died right then).
    const inner = handlerTransport((request) => server.app.fetch(request))
    const dying: HttpTransport = async (request) => {
      const answer = await inner(request)
      if (request.method === 'PUT' && request.url.includes('/cobr/'))
        throw new Error('conexão perdida')
      return answer
    }
    const crashing = {
      ...payments,
      pix: createPixApiClient({
        ...sandboxPix,
        apiUrl: `http://portal.test${sandboxPixApiPath}`,
        tokenUrl: undefined,
        transport: dying,
      }),
    }
    expect(await scheduleRecurringCharges(crashing)).toMatchObject({ created: 0 })
    const txid = cobrTxid(recurrence.id, fifth.id)
    expect(await chargeOf(txid)).toMatchObject({ status: 'CREATED' })
    expect((await cobrsAtBank(recurrence.idRec)).map((cobr) => cobr.txid)).toEqual([txid])
    // Another pass of the scheduler: the claim stands, no second /cobr.
    expect(await scheduleRecurringCharges(payments)).toMatchObject({ created: 0 })
    // The reconciler reads it back by its txid.
    expect(await server.reconcile()).toMatchObject({ charges: 1, failures: 0 })
    expect(await chargeOf(txid)).toMatchObject({ status: 'PROCESSING' })
    expect((await cobrsAtBank(recurrence.idRec)).map((cobr) => cobr.txid)).toEqual([txid])
    expect(await countRows(server.db, paymentCharges)).toBeGreaterThan(0)
    // And the instalment is held by it alone.
    const [held] = await server.db
      .select({ chargeId: paymentOrders.chargeId })
      .from(paymentOrders)
      .where(eq(paymentOrders.id, fifth.id))
    expect(held?.chargeId).toBe((await chargeOf(txid))?.id)
  })

  it('from a payment link that allows recurrence, with no login: the contract’s one authorization', async () => {
    const path = '/socios-api/checkout/pix-automatico'
    const byLink = (body: unknown) =>
      server.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const code = await linkFor(server.app, tokens.ana, [5])
    // Never enrolled: the link says it may start one.
    const before = await server.app.request(`${path}?code=${code}`)
    expect(before.status).toBe(404)
    expect(await before.json()).toEqual({ message: recurrenceMessages.notFound, canEnrol: true })

    const asked = await byLink({ code })
    expect(asked.status).toBe(201)
    const view = (await asked.json()) as { idRec: string; status: string }
    expect(view.status).toBe('CRIADA')
    // The same authorization the holder sees on Pagamentos, and asking again hands it back.
    expect(((await (await read()).json()) as { idRec: string }).idRec).toBe(view.idRec)
    const again = await byLink({ code })
    expect(again.status).toBe(200)
    expect(((await again.json()) as { idRec: string }).idRec).toBe(view.idRec)

    expect((await atTheBank(`/rec/${view.idRec}/approve`)).status).toBe(200)
    const approved = await server.app.request(`${path}?code=${code}`)
    expect(approved.status).toBe(200)
    expect(await approved.json()).toMatchObject({ idRec: view.idRec, status: 'APROVADA' })
    expect((await byLink({ code })).status).toBe(409)

    // Bad input changes nothing and says why in Portuguese; a card swap's link offers none.
    const empty = await byLink({})
    expect(empty.status).toBe(400)
    expect(await empty.json()).toEqual({
      message: 'Informe o código do link de pagamento (code).',
    })
    expect((await byLink({ code: 'NAO-EXISTE' })).status).toBe(404)
    const swap = await byLink({ code: demoPaymentLinks.cardSwap })
    expect(swap.status).toBe(422)
    expect(await swap.json()).toEqual({ message: recurrenceMessages.notOnLink })
    expect(await countRows(server.db, pixRecurrences)).toBe(1)
  })
})
