import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  type Brand,
  brandContrastPairs,
  contrastProblem,
  contrastRatio,
  mix,
  parseBrand,
} from './brand'

const read = (file: string) =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, '..', file), 'utf8')) as Brand
const today = read('brand.json')
const example = read('docs/brand-example/brand.json')

describe('contrast ratio (WCAG 2.x relative luminance)', () => {
  it.each([
    ['#ffffff', '#000000', 21],
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    // Figures any WCAG contrast checker gives.
    ['#ffffff', '#0b4fa8', 7.78],
    ['#ffffff', '#767676', 4.54],
    ['#ffffff', '#7fb2ff', 2.16],
  ])('%s on %s: %s:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2)
  })

  it('mixes a gradient in sRGB', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080')
    expect(mix('#0b4fa8', '#2f7ae5', 0)).toBe('#0b4fa8')
    expect(mix('#0b4fa8', '#2f7ae5', 1)).toBe('#2f7ae5')
  })
})

describe('the brand colours check', () => {
  it('passes today’s colours and the example brand’s', () => {
    expect(contrastProblem(today.colors)).toBeNull()
    expect(contrastProblem(example.colors)).toBeNull()
  })

  it('holds text to 4.5:1 and only icons and outlines to 3:1', () => {
    const minimums = brandContrastPairs(today.colors).map((pair) => [pair.what, pair.minimum])
    expect(minimums.filter(([, minimum]) => minimum === 3).map(([what]) => what)).toEqual([
      'os ícones brancos sobre a cor de destaque #2f7ae5 (fim do degradê do cabeçalho)',
      'o contorno de foco na cor de destaque #2f7ae5 sobre o branco',
    ])
  })

  it.each([
    [
      'a light primary',
      { primary: '#7fb2ff' },
      'o texto branco sobre a cor primária #7fb2ff tem contraste 2,1:1; o mínimo é 4,5:1.',
    ],
    [
      'a light gradient start',
      { primaryDark: '#5b8fd6' },
      'o texto branco sobre a cor primaryDark #5b8fd6 (início do degradê do cabeçalho) tem contraste 3,3:1; o mínimo é 4,5:1.',
    ],
    [
      'a gradient too light where the title reaches',
      { accent: '#9cc2f5' },
      'o texto branco sobre o degradê do cabeçalho onde o título pode chegar (#4b82ca) tem contraste 3,9:1; o mínimo é 4,5:1.',
    ],
    [
      'dark text on a dark primary',
      { onPrimary: '#1b2430' },
      'o texto #1b2430 sobre a cor primária #0b4fa8 tem contraste 2,0:1; o mínimo é 4,5:1.',
    ],
    [
      'a page background too close to the primary',
      { background: '#a9c4ea' },
      'a cor primária #0b4fa8 como texto sobre o fundo #a9c4ea tem contraste 4,3:1; o mínimo é 4,5:1.',
    ],
  ])('refuses %s with the pair and its ratio', (_, change, sentence) => {
    expect(contrastProblem({ ...today.colors, ...change })).toBe(sentence)
  })

  it('cuts the ratio rather than rounding it up to the minimum', () => {
    // 4.48:1 reads 4,4, never "4,5:1; o mínimo é 4,5:1".
    const grey = '#777777'
    expect(contrastRatio('#ffffff', grey)).toBeGreaterThan(4.45)
    expect(contrastProblem({ ...today.colors, primary: grey })).toContain('contraste 4,4:1')
  })
})

describe('the brand file schema', () => {
  it('reads today’s brand as it is, its CNPJ kept as digits', () => {
    expect(today.provider.cnpj).toBe('12.345.678/0001-95')
    expect(parseBrand(today)).toEqual({
      brand: { ...today, provider: { ...today.provider, cnpj: '12345678000195' } },
    })
  })

  it.each([
    [
      'a colour that is not #rrggbb',
      { colors: { ...today.colors, primary: 'blue' } },
      'colors.primary deve ser uma cor no formato #rrggbb, como #0b4fa8.',
    ],
    ['a missing field', { productName: undefined }, 'Falta productName.'],
    [
      'a missing field inside a section',
      { support: { ...today.support, email: undefined } },
      'support.email deve ser um e-mail.',
    ],
    ['a field the brand does not have', { slogan: 'x' }, 'slogan não é um campo da marca.'],
    ['an empty name', { provider: { name: ' ' } }, 'provider.name está vazio.'],
    [
      'a link that is neither a path nor https',
      { links: { privacy: 'http://x.example' } },
      'links.privacy deve ser um caminho do portal (como /privacidade) ou um endereço https://.',
    ],
    ['a logo that is not SVG', { logo: 'logo.png' }, 'logo deve ser o caminho de um arquivo .svg.'],
    [
      'a WhatsApp number without its country',
      { support: { ...today.support, whatsapp: '1140000000' } },
      'support.whatsapp deve ser + e de 10 a 15 dígitos, como +551140000000.',
    ],
  ])('refuses %s, naming the field', (_, change, sentence) => {
    const input = Object.fromEntries(
      Object.entries({ ...today, ...change }).filter(([, value]) => value !== undefined),
    )
    expect(parseBrand(input)).toEqual({ problem: sentence })
  })
})
