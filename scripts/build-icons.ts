/**
 * Draws the app icons (192, 512, a maskable 512 and Apple's 180) as PNG files into dist/icons at
 * build time, from the brand's logo (brand.json, decision 023), so no binary image lives in git.
 * resvg (Rust, as WebAssembly: one package for every platform) renders the SVG. A maskable icon
 * is cut to a circle or a squircle by the system, so it keeps the logo inside the central safe
 * zone (80 %) on a square of the primary colour.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { initWasm, Resvg } from '@resvg/resvg-wasm'
import type { LoadedBrand } from '../server/brand'
import { brandOrExit, outDir } from './brand-build'

const SAFE_ZONE = 0.8

/** The logo on a full square of the primary colour, at 80 %. */
function maskableSvg(brand: Pick<LoadedBrand, 'logoSvg' | 'colors'>): string {
  const logo = `data:image/svg+xml;base64,${Buffer.from(brand.logoSvg).toString('base64')}`
  const inset = ((1 - SAFE_ZONE) / 2) * 100
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="${brand.colors.primary}"/><image href="${logo}" x="${inset}" y="${inset}" width="${SAFE_ZONE * 100}" height="${SAFE_ZONE * 100}"/></svg>`
}

async function drawIcons(brand: LoadedBrand) {
  const wasm = createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm')
  await initWasm(readFileSync(wasm))
  const draw = (svg: string, size: number) =>
    new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng()
  const maskable = maskableSvg(brand)
  return {
    'icon-192.png': draw(brand.logoSvg, 192),
    'icon-512.png': draw(brand.logoSvg, 512),
    'icon-maskable-512.png': draw(maskable, 512),
    'apple-touch-icon.png': draw(maskable, 180),
  }
}

const icons = await drawIcons(brandOrExit())
for (const [name, png] of Object.entries(icons)) writeFileSync(resolve(outDir, 'icons', name), png)
console.log(`ícones: ${Object.keys(icons).length} PNG gerados em ${outDir}/icons`)
