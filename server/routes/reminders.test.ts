/**
 * The holder's side of payment reminders (issue 17): the channels they get them on (stored on
 * the server, both on until turned off), and "Adicionar ao calendário", an .ics file of the open
 * instalments read back with ical.js (an independent parser).
 */
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { instalmentCalendarFileName } from '../../contract/reminders'
import { reminderPreferences } from '../db/schema'
import { demoIds } from '../demo/seed'
import { backends, bearer, changeCounts, countRows, watchWrites } from '../testing'
import { useTestServer } from '../testing/hooks'

const client = '/socios-api/client'
const preferencesPath = `${client}/reminder-preferences`

describe.each(backends)('reminder preferences (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, {
    logins: ['ana', 'bruno'],
    resetEachTest: true,
  })

  const put = (token: string, body: string, contentType = 'application/json') =>
    server.app.request(preferencesPath, {
      method: 'PUT',
      headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      body,
    })
  const read = async (token: string) => {
    const response = await server.app.request(preferencesPath, bearer(token))
    expect(response.status).toBe(200)
    return response.json()
  }

  it('both channels are on until the holder turns one off; the choice is hers alone', async () => {
    expect(await read(tokens.ana)).toEqual({ email: true, whatsapp: true })
    const saved = await put(tokens.ana, JSON.stringify({ email: false, whatsapp: true }))
    expect(saved.status).toBe(200)
    expect(await saved.json()).toEqual({ email: false, whatsapp: true })
    expect(await read(tokens.ana)).toEqual({ email: false, whatsapp: true })
    expect(await read(tokens.bruno)).toEqual({ email: true, whatsapp: true })
    // Saved again (a second tap, a retry): the same answer, still one row.
    await put(tokens.ana, JSON.stringify({ email: false, whatsapp: false }))
    expect(await read(tokens.ana)).toEqual({ email: false, whatsapp: false })
    expect(await countRows(server.db, reminderPreferences)).toBe(1)
  })

  it.each([
    [
      'a missing channel',
      { email: true },
      'Informe se quer receber lembretes por WhatsApp (true ou false).',
    ],
    [
      'text for a switch',
      { email: 'sim', whatsapp: true },
      'Informe se quer receber lembretes por e-mail (true ou false).',
    ],
    ['an unknown field', { email: true, whatsapp: true, sms: true }, 'Campo não permitido: sms.'],
    ['an array', [true, true], 'Corpo da requisição inválido: envie um objeto JSON.'],
  ])('%s answers 400 in Portuguese and stores nothing', async (_what, body, message) => {
    const writes = await watchWrites(server)
    const { result, changes } = await writes.during(() => put(tokens.ana, JSON.stringify(body)))
    expect(result.status).toBe(400)
    expect(await result.json()).toEqual({ message })
    expect(changeCounts(changes)).toEqual([])
  })

  it('without a session: 401, asking to log in again', async () => {
    for (const response of [
      await server.app.request(preferencesPath),
      await server.app.request(preferencesPath, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: false, whatsapp: false }),
      }),
    ]) {
      expect(response.status).toBe(401)
      expect(((await response.json()) as { message: string }).message).toContain(
        'faça o login novamente',
      )
    }
  })
})

describe.each(backends)('the instalments calendar (%s)', (backend) => {
  const { server, tokens } = useTestServer(backend, { logins: ['ana'] })

  async function anaInstalments() {
    const response = await server.app.request(
      `${client}/contract/payment-orders/${demoIds.ana.contract}`,
      bearer(tokens.ana),
    )
    return (await response.json()) as {
      id: string
      description: string
      installment: number
      status: string
      due_date: string
      value: number
      discount: number
    }[]
  }

  it('one all-day event per open instalment, with description, amount, due date and an alarm', async () => {
    const response = await server.app.request(
      `${client}/contract/payment-orders/${demoIds.ana.contract}/calendar`,
      bearer(tokens.ana),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${instalmentCalendarFileName}"`,
    )
    expect(response.headers.get('cache-control')).toBe('private, no-store')

    const calendar = new ICAL.Component(ICAL.parse(await response.text()) as unknown[])
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => ({
      event: new ICAL.Event(vevent),
      alarm: vevent.getFirstSubcomponent('valarm'),
    }))
    const open = (await anaInstalments()).filter((instalment) => instalment.status !== 'PAID')
    // Ana: instalment 4 overdue and 5–12 to pay, the ones /search lists as open.
    expect(open.map((instalment) => instalment.installment)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(events).toHaveLength(open.length)
    for (const [index, instalment] of open.entries()) {
      const found = events[index]
      if (!found) throw new Error(`sem evento para a parcela ${instalment.installment}`)
      const { event, alarm } = found
      expect(event.uid).toBe(`${instalment.id}@portal-do-titular`)
      expect(event.summary).toContain(instalment.description)
      expect(event.startDate.isDate).toBe(true)
      expect(event.startDate.toString()).toBe(instalment.due_date)
      expect(event.description).toContain('Pague pelo Portal do Titular')
      expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY')
      // Three days ahead (REMINDER_DAYS_BEFORE) at 09:00: 63 hours before the day's start.
      expect(String(alarm?.getFirstPropertyValue('trigger'))).toBe('-PT63H')
    }
    // A future instalment's amount is its value less its discount, as /search shows it.
    const fifth = open[1]
    if (!fifth) throw new Error('sem a parcela 5')
    const amount = ((fifth.value - fifth.discount) / 100).toLocaleString('pt-BR', {
      minimumFractionDigits: 2,
    })
    expect(events[1]?.event.summary).toBe(`${fifth.description}: R$ ${amount}`)
  })

  it("another holder's contract answers 404, like the instalment list", async () => {
    const response = await server.app.request(
      `${client}/contract/payment-orders/${demoIds.bruno.active.contract}/calendar`,
      bearer(tokens.ana),
    )
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'Contrato não encontrado.' })
  })
})
