/**
 * "Débito automático via Pix" by a request to the holder's own bank (Pix Automático's journey 1,
 * decision 025): when the provider knows the holder's account (`payerBank`, set by its import or
 * integration API), enrolment sends `POST /solicrec` there instead of showing a QR; the holder
 * answers in their bank's app. Real database, the demo's sandbox bank over the app's own HTTP,
 * the server's clock moved.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { RecurrenceView } from '../../contract/pix-automatico'
import type { Rec, SolicRec } from '../adapters/pix-api/recurrence-schemas'
import { paymentOrders, persons, pixRecurrences } from '../db/schema'
import { recordsOf } from '../demo/routes/sandbox-pix-records'
import { demoIds } from '../demo/seed'
import { recurrenceMessages } from '../services/pix-recurrences'
import { backends, bearer } from '../testing'
import { useTestServer } from '../testing/hooks'
import { linkFor } from '../testing/payments'

const DAY = 86_400_000
const contractPath = `/socios-api/client/contract/${demoIds.ana.contract}/pix-automatico`
const anaCpf = '52998224725'

describe.each(backends)('Pix Automático: o pedido enviado ao banco do titular (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, { logins: ['ana'], resetEachTest: true })

  const enrol = (via?: string) =>
    server.app.request(contractPath, {
      method: 'POST',
      headers: {
        ...bearer(tokens.ana).headers,
        ...(via === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(via === undefined ? {} : { body: JSON.stringify({ via }) }),
    })
  const read = () => server.app.request(contractPath, bearer(tokens.ana))
  const atTheBank = (path: string) => server.app.request(`/sandbox/pix${path}`, { method: 'POST' })
  const recAtBank = async (idRec: string) =>
    (await recordsOf<Rec>(server.db, 'rec')).find((rec) => rec.idRec === idRec)
  const requestsAtBank = async (idRec: string) =>
    (await recordsOf<SolicRec>(server.db, 'solicrec')).filter((item) => item.idRec === idRec)
  const ours = () => server.db.select().from(pixRecurrences).orderBy(pixRecurrences.createdAt)
  /** Ana's overdue instalment 4 paid elsewhere: nothing is due before the /cobr window. */
  const nothingDueNow = () =>
    server.db
      .update(paymentOrders)
      .set({ status: 'PAID' })
      .where(eq(paymentOrders.id, demoIds.ana.instalments[3] as string))

  it('nothing due now and her bank known: the request goes to her bank, no QR; she approves there', async () => {
    await nothingDueNow()
    const answer = await enrol()
    expect(answer.status).toBe(201)
    const view = (await answer.json()) as RecurrenceView
    expect(view).toMatchObject({ status: 'CRIADA', qrCode: null, payerBank: 'Itaú' })
    expect(view.request?.bank).toBe('Itaú')
    // Seven days to answer, the first charge (instalment 5) being further away than that.
    const expires = Date.parse(view.request?.expiresAt ?? '')
    const left = expires - server.clock.now().getTime()
    expect(left).toBeLessThanOrEqual(7 * DAY)
    expect(left).toBeGreaterThan(7 * DAY - 60_000)

    // At the bank: a recurrence without a QR location, and one request to Ana's account.
    const rec = await recAtBank(view.idRec)
    expect(rec?.loc).toBeUndefined()
    const requests = await requestsAtBank(view.idRec)
    expect(requests).toHaveLength(1)
    expect(requests[0]?.destinatario).toEqual({
      ispbParticipante: '60701190',
      agencia: '1234',
      conta: '567890',
      cpf: anaCpf,
    })

    // Asked again the same way while it waits: the same request, nothing new at the bank.
    const again = await enrol()
    expect(again.status).toBe(200)
    expect(((await again.json()) as RecurrenceView).idRec).toBe(view.idRec)
    expect(await requestsAtBank(view.idRec)).toHaveLength(1)

    expect((await atTheBank(`/rec/${view.idRec}/approve`)).status).toBe(200)
    const approved = (await (await read()).json()) as RecurrenceView
    expect(approved).toMatchObject({ status: 'APROVADA', request: null, qrCode: null })
    expect((await recAtBank(view.idRec))?.ativacao?.tipoJornada).toBe('JORNADA_1')
    expect((await requestsAtBank(view.idRec))[0]?.status).toBe('ACEITA')
  })

  it('with an overdue instalment the QR comes first (it pays it too); "BANCO" swaps it for a request', async () => {
    const first = await enrol()
    expect(first.status).toBe(201)
    const qr = (await first.json()) as RecurrenceView
    expect(qr.qrCode).toBeTruthy()
    expect(qr.immediate?.status).toBe('WAITING')
    expect(qr).toMatchObject({ payerBank: 'Itaú', request: null })

    const swapped = await enrol('BANCO')
    expect(swapped.status).toBe(201)
    const request = (await swapped.json()) as RecurrenceView
    expect(request).toMatchObject({ status: 'CRIADA', qrCode: null, immediate: null })
    expect(request.idRec).not.toBe(qr.idRec)
    // The QR's authorization is withdrawn at the bank: one way at a time.
    expect((await recAtBank(qr.idRec))?.status).toBe('CANCELADA')
    expect((await ours()).map((row) => row.status)).toEqual(['CANCELADA', 'CRIADA'])

    // And back: "QR" withdraws the request (and its recurrence) first.
    const back = await enrol('QR')
    expect(back.status).toBe(201)
    expect(((await back.json()) as RecurrenceView).qrCode).toBeTruthy()
    expect((await requestsAtBank(request.idRec))[0]?.status).toBe('CANCELADA')
    expect((await recAtBank(request.idRec))?.status).toBe('CANCELADA')
    // Withdrawn, it can no longer be accepted in her bank's app.
    expect((await atTheBank(`/rec/${request.idRec}/approve`)).status).toBe(409)
  })

  it('a request unanswered past its expiry ends EXPIRADA; asking again sends a new one', async () => {
    await nothingDueNow()
    const view = (await (await enrol()).json()) as RecurrenceView
    server.clock.advance(8 * DAY)
    await server.reconcile({ liveEveryMs: 0 })
    const expired = (await (await read()).json()) as RecurrenceView
    expect(expired).toMatchObject({ status: 'EXPIRADA', request: null, canEnrol: true })
    expect((await requestsAtBank(view.idRec))[0]?.status).toBe('EXPIRADA')

    const again = await enrol()
    expect(again.status).toBe(201)
    const next = (await again.json()) as RecurrenceView
    expect(next.idRec).not.toBe(view.idRec)
    expect(next.request?.bank).toBe('Itaú')
  })

  it('cancelled from the portal while it waits: the request and its recurrence are withdrawn', async () => {
    await nothingDueNow()
    const view = (await (await enrol()).json()) as RecurrenceView
    const cancelled = await server.app.request(contractPath, {
      method: 'DELETE',
      ...bearer(tokens.ana),
    })
    expect(cancelled.status).toBe(200)
    expect(await cancelled.json()).toMatchObject({ status: 'CANCELADA', request: null })
    expect((await requestsAtBank(view.idRec))[0]?.status).toBe('CANCELADA')
    expect((await atTheBank(`/rec/${view.idRec}/approve`)).status).toBe(409)
  })

  it('no bank in her registration: "BANCO" is refused in Portuguese and nothing is asked', async () => {
    await server.db
      .update(persons)
      .set({ payerBank: null })
      .where(eq(persons.id, demoIds.ana.person))
    const refused = await enrol('BANCO')
    expect(refused.status).toBe(422)
    expect(await refused.json()).toEqual({ message: recurrenceMessages.bankUnknown })
    expect(await ours()).toHaveLength(0)
    expect(await recordsOf(server.db, 'rec')).toHaveLength(0)

    // Unknown, the default is the QR, and the view offers no swap.
    await nothingDueNow()
    const qr = (await (await enrol()).json()) as RecurrenceView
    expect(qr).toMatchObject({ payerBank: null, request: null })
    expect(qr.qrCode).toBeTruthy()

    const bad = await enrol('PIX')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({
      message: 'Escolha como autorizar: via "QR" ou "BANCO".',
    })
  })

  it("on the payment link, which anyone with it may open, the holder's bank is not named", async () => {
    await nothingDueNow()
    await enrol()
    const code = await linkFor(server.app, tokens.ana, [5])
    const link = await server.app.request(`/socios-api/checkout/pix-automatico?code=${code}`)
    expect(link.status).toBe(200)
    const view = (await link.json()) as RecurrenceView
    expect(view.payerBank).toBeNull()
    expect(view.request).toMatchObject({ bank: null })
    expect(JSON.stringify(view)).not.toContain('Itaú')
  })
})
