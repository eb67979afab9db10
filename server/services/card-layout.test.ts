import { describe, expect, it } from 'vitest'
import { cleanCardMarkup, filterCardMarkup } from '../../contract/card-markup-filter'
import { loadBrand } from '../brand'
import { type CardSheet, cardLook, defaultTemplates, renderCardLayouts } from './card-layout'

const look = cardLook({ brand: loadBrand() })
const sheet: CardSheet = {
  code: '0001230001',
  status: 'ACTIVE',
  expirationDate: '2027-01-10',
  personName: 'Ana Paula Souza',
  photoBase64:
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  holderName: 'Ana Paula Souza',
  contractNumber: '000123',
  serie: 'A',
  modelName: 'Plano Família Clube',
  layout: null,
}

describe('the card the server serves references nothing outside itself', () => {
  it('the portal’s own layout, and the templates a provider starts from, pass the filter unchanged', () => {
    const templates = defaultTemplates(look)
    for (const template of [templates.front, templates.back]) {
      expect(filterCardMarkup(template, true)).toEqual({ markup: template, problems: [] })
    }
    const own = renderCardLayouts(sheet, look)
    for (const face of [own.frontLayout, own.backLayout]) expect(cleanCardMarkup(face)).toBe(face)
    // Sent back as they came, they are the plan's own layout, and the card reads the same.
    const custom = renderCardLayouts({ ...sheet, layout: templates }, look)
    expect(custom.frontLayout).toContain('Ana Paula Souza')
    expect(custom.frontLayout).toContain(`src="data:image/png;base64,${sheet.photoBase64}"`)
  })

  it('a template stored before the check knew srcset, background= or image-set() is served without them', () => {
    const layout = {
      front:
        '<table background="https://rastreio.exemplo/bg.png"><tr><td><img src="{{foto}}" srcset="https://rastreio.exemplo/p.png 2x" alt="">{{nome}}</td></tr></table>',
      back: '<div style="background-image:image-set(\'https://rastreio.exemplo/p.png\' 1x);color:#102a43">{{titular}}</div>',
    }
    const served = renderCardLayouts({ ...sheet, layout }, look)
    expect(served.frontLayout).toBe(
      `<table><tr><td><img src="data:image/png;base64,${sheet.photoBase64}" alt="">Ana Paula Souza</td></tr></table>`,
    )
    expect(served.backLayout).toBe('<div>Ana Paula Souza</div>')
  })

  it('a member’s name that lands in a style cannot become a url()', () => {
    const layout = { front: '<div style="color:{{nome}}">{{matricula}}</div>', back: '<div></div>' }
    const personName = 'red;background:url(https://rastreio.exemplo/p.gif)'
    const served = renderCardLayouts({ ...sheet, personName, layout }, look)
    expect(served.frontLayout).toBe('<div>0001230001</div>')
  })
})
