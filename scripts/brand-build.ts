/**
 * What the build makes from the provider's brand file (issue 28, decision 023): the values
 * src/brand.ts reads (a `define`, so no module and no byte beyond the values themselves), the
 * colours of src/styles/tokens.css, the page's title, description and theme colour, the web
 * manifest and the logo at /icons/icon.svg. The PNG icons are drawn from the same logo by
 * scripts/build-icons.ts. A bad brand file stops the build with its one sentence.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { Plugin, ResolvedConfig } from 'vite'
import { BrandError, builtBrandFile, type LoadedBrand, loadBrand } from '../server/brand.ts'
import type { AppBrand } from '../src/brand'

/** The folder the build writes the app to: `OUT_DIR`, else dist/ (the browser test's own brand). */
export const outDir = resolve(import.meta.dirname, '..', process.env.OUT_DIR || 'dist')

/** The brand, or the build ends here with the file's sentence (no stack: it is not a bug). */
export function brandOrExit(): LoadedBrand {
  try {
    return loadBrand()
  } catch (error) {
    if (!(error instanceof BrandError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}

/** What the app reads (src/brand.ts): only what a screen shows. */
export const appBrand = (brand: LoadedBrand): AppBrand => ({
  productName: brand.productName,
  name: brand.provider.name,
  cnpj: brand.provider.cnpj ?? null,
  primary: brand.colors.primary,
  support: brand.support,
  links: brand.links,
})

const defineBrand = (brand: LoadedBrand) => ({ __BRAND__: JSON.stringify(appBrand(brand)) })
/** For vitest's projects that render or import src/ (they do not load vite.config.ts). */
export const brandDefine = () => defineBrand(brandOrExit())

/** tokens.css with the brand's colours: each custom property must be there, once. */
export function brandTokens(css: string, { colors }: LoadedBrand): string {
  const values: Record<string, string> = {
    '--color-primary': colors.primary,
    '--color-primary-dark': colors.primaryDark,
    '--color-primary-light': colors.accent,
    '--color-on-primary': colors.onPrimary,
    '--color-bg': colors.background,
    '--header-gradient': `linear-gradient(135deg, ${colors.primaryDark} 0%, ${colors.primary} 55%, ${colors.accent} 100%)`,
  }
  let out = css
  for (const [property, value] of Object.entries(values)) {
    const declaration = new RegExp(`(\\n\\s*${property}:)[^;]*;`, 'g')
    if ((css.match(declaration) ?? []).length !== 1)
      throw new Error(`src/styles/tokens.css: ${property} deve aparecer uma vez.`)
    out = out.replace(declaration, `$1 ${value};`)
  }
  return out
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** index.html with the brand's title, description and theme colour. */
export function brandHtml(html: string, brand: LoadedBrand): string {
  const description = `${brand.productName}: ${brand.description.charAt(0).toLowerCase()}${brand.description.slice(1)}`
  const swaps: Array<[RegExp, string]> = [
    [/<title>[^<]*<\/title>/, `<title>${escapeHtml(brand.productName)}</title>`],
    [/(<meta name="description" content=")[^"]*"/, `$1${escapeHtml(description)}"`],
    [/(<meta name="theme-color" content=")[^"]*"/, `$1${brand.colors.primary}"`],
  ]
  let out = html
  for (const [pattern, replacement] of swaps) {
    if (!pattern.test(out)) throw new Error(`index.html: falta ${pattern.source}.`)
    out = out.replace(pattern, replacement)
  }
  return out
}

/** public/manifest.webmanifest with the brand's names and colours. */
export function brandManifest(template: string, brand: LoadedBrand): string {
  const manifest = JSON.parse(template) as Record<string, unknown>
  return `${JSON.stringify(
    {
      ...manifest,
      name: brand.productName,
      short_name: brand.shortName,
      description: brand.description,
      background_color: brand.colors.background,
      theme_color: brand.colors.primary,
    },
    null,
    2,
  )}\n`
}

const manifestTemplate = resolve(import.meta.dirname, '../public/manifest.webmanifest')

export function brandPlugin(): Plugin {
  const brand = brandOrExit()
  let config: ResolvedConfig
  return {
    name: 'brand',
    enforce: 'pre',
    config: () => ({ define: defineBrand(brand) }),
    configResolved(resolved) {
      config = resolved
    },
    transform: {
      filter: { id: /[\\/]src[\\/]styles[\\/]tokens\.css$/ },
      handler: (css) => ({ code: brandTokens(css, brand), map: null }),
    },
    transformIndexHtml: (html) => brandHtml(html, brand),
    // The dev server: the same manifest and logo the build writes.
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = request.url?.split('?')[0]
        if (path === '/manifest.webmanifest') {
          response.setHeader('Content-Type', 'application/manifest+json')
          response.end(brandManifest(readFileSync(manifestTemplate, 'utf8'), brand))
        } else if (path === '/icons/icon.svg') {
          response.setHeader('Content-Type', 'image/svg+xml')
          response.end(brand.logoSvg)
        } else next()
      })
    },
    writeBundle() {
      if (config.build.ssr) return
      const out = resolve(config.root, config.build.outDir)
      const manifest = resolve(out, 'manifest.webmanifest')
      writeFileSync(manifest, brandManifest(readFileSync(manifest, 'utf8'), brand))
      mkdirSync(resolve(out, 'icons'), { recursive: true })
      writeFileSync(resolve(out, 'icons/icon.svg'), brand.logoSvg)
      // The brand this app was built with, for a server started on it without BRAND_FILE (a
      // container holding only the built files); under "/.", which the server never serves.
      const kept = resolve(out, builtBrandFile)
      mkdirSync(dirname(kept), { recursive: true })
      const { logoSvg, file: _, ...fields } = brand
      writeFileSync(kept, `${JSON.stringify({ ...fields, logo: 'logo.svg' }, null, 2)}\n`)
      writeFileSync(resolve(dirname(kept), 'logo.svg'), logoSvg)
    },
  }
}
