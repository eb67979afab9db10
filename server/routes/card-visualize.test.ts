import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cardLayouts } from '../../contract/cards'
import { modelContracts, persons } from '../db/schema'
import { demoEmails, demoIds } from '../demo/seed'
import { cardDate, cardNotice } from '../services/card-layout'
import { backends, bearer, createTestServer, loginAs, type TestServer } from '../testing'

const cardNotFound = { message: 'Carteirinha não encontrada.' }

/** What DOMPurify's HTML profile would strip or what needs a stylesheet or script to work. */
const forbiddenMarkup = [
  /<script/i,
  /<style/i,
  /<svg/i,
  /<[^>]*\sclass=/i,
  /<[^>]*\son\w+=/i,
  /javascript:/i,
]

describe.each(backends)('GET /socios-api/client/card-visualize/:cardId (%s)', (backend) => {
  let server: TestServer
  let anaToken = ''
  beforeAll(async () => {
    server = await createTestServer(backend)
    anaToken = await loginAs(server.app, demoEmails.ana)
  })
  afterAll(() => server.close())

  const visualize = (cardId: string) =>
    server.app.request(`/socios-api/client/card-visualize/${cardId}`, bearer(anaToken))

  async function layoutsOf(cardId: string) {
    const response = await visualize(cardId)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const layouts = v.parse(cardLayouts, await response.json())
    for (const markup of [layouts.frontLayout, layouts.backLayout]) {
      for (const pattern of forbiddenMarkup) expect(markup).not.toMatch(pattern)
      expect(markup).toContain('aspect-ratio:1.586')
    }
    return layouts
  }

  /** Changes one row for a test, then puts the demo data back. */
  async function withChange(change: () => Promise<unknown>, run: () => Promise<void>) {
    await change()
    try {
      await run()
    } finally {
      await server.reset()
      anaToken = await loginAs(server.app, demoEmails.ana)
    }
  }

  it("renders Ana's card: logo, model, photo, name, code, expiry, status; holder and contract on the back", async () => {
    const { frontLayout, backLayout } = await layoutsOf(demoIds.ana.cards.ana)
    const [person] = await server.db
      .select({ photo: persons.imageBase64 })
      .from(persons)
      .where(eq(persons.id, demoIds.ana.person))
    // Whose card: the club's name, the one the gate's staff know (not the portal's).
    expect(frontLayout).toContain('alt="Clube Exemplo"')
    expect(frontLayout).toContain('>Clube Exemplo<')
    expect(frontLayout).not.toContain('Portal do Titular')
    expect(frontLayout).toContain('Plano Família Clube')
    expect(frontLayout).toContain(`src="data:image/png;base64,${person?.photo}"`)
    expect(frontLayout).toContain('Ana Paula Souza')
    expect(frontLayout).toContain('0001230001')
    expect(frontLayout).toMatch(/\d{2}\/\d{2}\/\d{4}/)
    expect(frontLayout).toContain('ATIVO')
    expect(backLayout).toContain('Ana Paula Souza')
    expect(backLayout).toContain('Nº 000123 · Série A')
    expect(backLayout).toContain(cardNotice)
    // Whom to ask, from the brand's support contact: not the server's address (issue 27).
    expect(backLayout).toContain(
      'Dúvidas e 2ª via: WhatsApp (11) 4000-0000 · atendimento@exemplo.com.br',
    )
  })

  it("shows a dependent's own name in front and the holder's on the back", async () => {
    const { frontLayout, backLayout } = await layoutsOf(demoIds.ana.cards.pedro)
    expect(frontLayout).toContain('Pedro Souza')
    expect(frontLayout).toContain('0001230002')
    expect(backLayout).toContain('Ana Paula Souza')
    expect(backLayout).not.toContain('Pedro')
  })

  it('labels an inactive card INATIVO', async () => {
    const { frontLayout } = await layoutsOf(demoIds.ana.cards.maria)
    expect(frontLayout).toContain('INATIVO')
    expect(frontLayout).toContain('Maria Oliveira Souza')
  })

  it('escapes markup stored in names, and refuses a photo that is not base64', async () => {
    const name = '<script>alert("x")</script>Ana'
    await withChange(
      () =>
        Promise.all([
          server.db
            .update(persons)
            .set({ firstName: name, imageBase64: '"><img src=x onerror=alert(1)>' })
            .where(eq(persons.id, demoIds.ana.person)),
          server.db
            .update(modelContracts)
            .set({ name: '"><img src=x onerror=alert(2)>' })
            .where(eq(modelContracts.id, demoIds.models.familyClub)),
        ]),
      async () => {
        const { frontLayout, backLayout } = await layoutsOf(demoIds.ana.cards.ana)
        const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;Ana Souza'
        expect(frontLayout).toContain(escaped)
        expect(backLayout).toContain(escaped)
        expect(frontLayout).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;')
        expect(frontLayout).not.toContain('<img src=x')
        // The silhouette stands in for the refused photo.
        expect(frontLayout).toMatch(/<img src="data:image\/svg\+xml;base64,[^"]+" alt="Foto de /)
      },
    )
  })

  it('uses a silhouette for a person without a photo', async () => {
    await withChange(
      () =>
        server.db
          .update(persons)
          .set({ imageBase64: null })
          .where(eq(persons.id, demoIds.ana.pedro.person)),
      async () => {
        const { frontLayout } = await layoutsOf(demoIds.ana.cards.pedro)
        expect(frontLayout).toMatch(
          /<img src="data:image\/svg\+xml;base64,[^"]+" alt="Foto de Pedro Souza"/,
        )
      },
    )
  })

  it.each([
    ["Bruno's card", demoIds.bruno.active.card],
    ['a card that does not exist', randomUUID()],
    ["Ana's contract id", demoIds.ana.contract],
    ['an id that is not a uuid', 'nao-e-um-id'],
  ])('answers 404 for %s', async (_what, cardId) => {
    const response = await visualize(cardId)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual(cardNotFound)
  })

  it('answers 401 without a session', async () => {
    const response = await server.app.request(
      `/socios-api/client/card-visualize/${demoIds.ana.cards.ana}`,
    )
    expect(response.status).toBe(401)
  })
})

describe('cardDate', () => {
  it.each([
    ['2027-11-22', '22/11/2027'],
    ['2027-01-05T00:00:00Z', '05/01/2027'],
    [null, '—'],
    ['amanhã', '—'],
  ])('%j is %j', (day, shown) => {
    expect(cardDate(day)).toBe(shown)
  })
})
