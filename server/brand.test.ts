import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadBrand } from './brand'
import { loadConfig } from './config'

const today = JSON.parse(readFileSync(resolve('brand.json'), 'utf8'))
const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** A brand file (and, unless told otherwise, its logo) in a folder of its own. */
function brandFile(brand: unknown, logo: string | null = '<svg viewBox="0 0 1 1"/>') {
  const folder = mkdtempSync(join(tmpdir(), 'pdt-brand-'))
  folders.push(folder)
  const file = join(folder, 'brand.json')
  writeFileSync(file, typeof brand === 'string' ? brand : JSON.stringify(brand))
  if (logo !== null) writeFileSync(join(folder, 'logo.svg'), logo)
  // Outside the folder the command runs in: named by its whole path.
  return { file, shown: file }
}

describe('loadBrand', () => {
  it('reads brand.json by default, with its logo', () => {
    const brand = loadBrand()
    expect(brand.productName).toBe('Portal do Titular')
    expect(brand.provider.name).toBe('Clube Exemplo')
    // Written masked or not, kept as its 14 digits.
    expect(brand.provider.cnpj).toBe('12345678000195')
    expect(brand.logoSvg).toContain('<svg')
  })

  it('reads the example brand, its logo beside it', () => {
    const brand = loadBrand('docs/brand-example/brand.json')
    expect(brand.provider.name).toBe('Associação Atlética Vila Nova')
    expect(brand.logoSvg).toContain('Associação Atlética Vila Nova')
  })

  it.each([
    [
      'a colour pair under the minimum',
      { ...today, colors: { ...today.colors, primary: '#7fb2ff' } },
      'o texto branco sobre a cor primária #7fb2ff tem contraste 2,1:1; o mínimo é 4,5:1.',
    ],
    [
      'a bad field',
      { ...today, shortName: 'Um nome curto demais' },
      'shortName deve ter no máximo 12 caracteres.',
    ],
    [
      'a CNPJ whose check digits do not match',
      { ...today, provider: { ...today.provider, cnpj: '12.345.678/0001-96' } },
      'provider.cnpj deve ser um CNPJ válido, como 12.345.678/0001-95.',
    ],
    ['a file that is not JSON', '{ "productName": ', 'o arquivo da marca não é um JSON válido.'],
  ])('refuses %s in one sentence that starts with the file', (_, brand, sentence) => {
    const { file, shown } = brandFile(brand)
    expect(() => loadBrand(file)).toThrow(`${shown}: ${sentence}`)
  })

  it('refuses a logo that is missing or not SVG', () => {
    const missing = brandFile(today, null)
    expect(() => loadBrand(missing.file)).toThrow(
      `${missing.shown}: logo: o arquivo logo.svg não pôde ser lido (o caminho é relativo à marca).`,
    )
    const png = brandFile(today, '\x89PNG')
    expect(() => loadBrand(png.file)).toThrow(`${png.shown}: logo: logo.svg não é um SVG.`)
  })

  it('names a file inside the working folder by its relative path', () => {
    expect(() => loadBrand('docs/nao-existe.json')).toThrow(
      /^docs\/nao-existe\.json: o arquivo da marca não pôde ser lido/,
    )
  })

  it('refuses a file that is not there', () => {
    expect(() => loadBrand('/nao/existe/brand.json')).toThrow(
      '/nao/existe/brand.json: o arquivo da marca não pôde ser lido (BRAND_FILE aponta para ele).',
    )
  })

  it('starts with the brand the served app was built with when BRAND_FILE is not set', () => {
    // What the build keeps in <STATIC_DIR>/.brand/ (a container holds only the built files).
    const staticDir = mkdtempSync(join(tmpdir(), 'pdt-built-app-'))
    folders.push(staticDir)
    cpSync('docs/brand-example', join(staticDir, '.brand'), { recursive: true })
    expect(loadConfig({ STATIC_DIR: staticDir }).brand.productName).toBe('Sócio Vila Nova')
    expect(loadConfig({ STATIC_DIR: staticDir, BRAND_FILE: 'brand.json' }).brand.productName).toBe(
      'Portal do Titular',
    )
    expect(loadConfig({ STATIC_DIR: join(staticDir, 'sem-build') }).brand.productName).toBe(
      'Portal do Titular',
    )
  })
})
