/**
 * Reads the provider's brand file (issue 28, decision 023): `BRAND_FILE`, else `brand.json` in
 * the folder the command runs from. The build (vite.config.ts, scripts/build-icons.ts) and the
 * server's start (config.ts) read it here, so both refuse the same bad file with the same
 * sentence: the file, then the field or the colour pair and its contrast.
 */
import { readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { type Brand, contrastProblem, parseBrand } from '../contract/brand.ts'

export type { Brand } from '../contract/brand'

export interface LoadedBrand extends Brand {
  /** The logo's SVG text, read from the file the brand names. */
  logoSvg: string
  /** Where it was read from, for messages. */
  file: string
}

export class BrandError extends Error {
  override name = 'BrandError'
}

export const defaultBrandFile = 'brand.json'
/** Where the build keeps the brand it was made with, inside the built app (never served). */
export const builtBrandFile = '.brand/brand.json'

export function loadBrand(file = process.env.BRAND_FILE || defaultBrandFile): LoadedBrand {
  const path = resolve(file)
  const inside = relative(process.cwd(), path)
  const shown = inside && !inside.startsWith('..') ? inside : path
  const fail = (sentence: string): never => {
    throw new BrandError(`${shown}: ${sentence}`)
  }
  let raw: string
  try {
    raw = readFileSync(path, 'utf8')
  } catch {
    return fail('o arquivo da marca não pôde ser lido (BRAND_FILE aponta para ele).')
  }
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return fail('o arquivo da marca não é um JSON válido.')
  }
  const parsed = parseBrand(json)
  if ('problem' in parsed) return fail(parsed.problem)
  const { brand } = parsed
  const contrast = contrastProblem(brand.colors)
  if (contrast) return fail(contrast)
  let logoSvg = ''
  try {
    logoSvg = readFileSync(resolve(dirname(path), brand.logo), 'utf8')
  } catch {
    return fail(`logo: o arquivo ${brand.logo} não pôde ser lido (o caminho é relativo à marca).`)
  }
  if (!/<svg[\s>]/.test(logoSvg)) fail(`logo: ${brand.logo} não é um SVG.`)
  return { ...brand, logoSvg, file: path }
}
