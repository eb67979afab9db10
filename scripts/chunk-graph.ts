/**
 * Reads the build's chunk graph from Vite's manifest (dist/.vite/manifest.json, `build.manifest`):
 * which files a route's first view loads, which chunks load later, and which chunks only an
 * online-only route reaches. Used by the size budgets test and by the service worker build.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

export type ManifestChunk = {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type Manifest = Record<string, ManifestChunk>

export const readManifest = (dist: string): Manifest =>
  JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))

export function entryKey(manifest: Manifest): string {
  const keys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry)
  if (keys.length !== 1) throw new Error(`Esperava uma entrada no manifest, achei ${keys.length}`)
  return keys[0] as string
}

/**
 * The app proper: the entry (src/main.tsx) only brings the styles and imports this at once, or
 * after the first paint of a server-rendered screen (decision 020). With the entry it is every
 * page's start: its chunks' links go into index.html (scripts/build-sw.ts).
 */
/** The entry and the app it imports (its one dynamic import): the chunks every page starts with. */
export function startKeys(manifest: Manifest): string[] {
  const entry = entryKey(manifest)
  const imported = manifest[entry]?.dynamicImports ?? []
  if (imported.length !== 1)
    throw new Error(`A entrada deveria importar só src/boot.tsx, importa: ${imported.join(', ')}`)
  // A module the entry shares with the app lands in the app's chunk, and the entry then imports
  // that chunk statically: the whole app before the first paint, which decision 020 forbids.
  const [app] = imported as [string]
  if (closure(manifest, [entry]).has(app))
    throw new Error(
      `A entrada importa ${manifest[app]?.file} de forma estática: um módulo dela também está no app (src/boot.tsx); o app só pode vir depois da primeira pintura`,
    )
  return [entry, app]
}

/** JavaScript files every page starts with, beyond the entry itself (for index.html's preloads). */
export function startJs(manifest: Manifest): string[] {
  const entryFile = manifest[entryKey(manifest)]?.file
  return jsFiles(manifest, closure(manifest, startKeys(manifest))).filter(
    (file) => file !== entryFile,
  )
}

/** Stylesheets of the start chunks that the entry's own import does not bring (index.html's). */
export function startCss(manifest: Manifest): string[] {
  const entryCss = new Set(manifest[entryKey(manifest)]?.css ?? [])
  const css = [...closure(manifest, startKeys(manifest))].flatMap((key) => manifest[key]?.css ?? [])
  return [...new Set(css)].filter((file) => !entryCss.has(file))
}

/**
 * The chunks TanStack Router's autoCodeSplitting made of one route file
 * (`src/routes/login.tsx?tsr-split=component`, `…?tsr-split=component---loader`, …).
 */
export const routeChunkKeys = (manifest: Manifest, routeFile: string) =>
  Object.keys(manifest).filter((key) => key === routeFile || key.startsWith(`${routeFile}?`))

/** `roots` and every chunk they import, statically only or also dynamically. */
export function closure(
  manifest: Manifest,
  roots: string[],
  { dynamic = false, stopAt = new Set<string>() } = {},
): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || stopAt.has(key)) return
    const chunk = manifest[key]
    if (!chunk) throw new Error(`Chunk ${key} ausente do manifest`)
    seen.add(key)
    for (const next of chunk.imports ?? []) visit(next)
    if (dynamic) for (const next of chunk.dynamicImports ?? []) visit(next)
  }
  for (const root of roots) visit(root)
  return seen
}

const jsFiles = (manifest: Manifest, keys: Iterable<string>) =>
  [...new Set([...keys].map((key) => manifest[key]?.file ?? ''))].filter((file) =>
    file.endsWith('.js'),
  )

/** JavaScript of a route's first view: the entry, the route's chunks and what they import. */
export function firstViewJs(manifest: Manifest, routeFile: string): string[] {
  const route = routeChunkKeys(manifest, routeFile)
  if (route.length === 0) throw new Error(`Rota ${routeFile} ausente do manifest`)
  return jsFiles(manifest, closure(manifest, [...startKeys(manifest), ...route]))
}

/** Every JavaScript chunk the entry does not load up front. */
export function lazyJs(manifest: Manifest): string[] {
  const upFront = new Set(jsFiles(manifest, closure(manifest, startKeys(manifest))))
  return jsFiles(manifest, Object.keys(manifest)).filter((file) => !upFront.has(file))
}

/**
 * Files (JS and CSS) that are reached only through `roots`: walking the whole graph from the
 * entry without entering a root misses them. These can stay out of the precache when the roots
 * are online-only screens or libraries loaded on first use.
 */
export function reachedOnlyThrough(manifest: Manifest, roots: string[]): string[] {
  const withoutRoots = closure(manifest, [entryKey(manifest)], {
    dynamic: true,
    stopAt: new Set(roots),
  })
  const kept = new Set(
    [...withoutRoots].flatMap((key) => [manifest[key]?.file, ...(manifest[key]?.css ?? [])]),
  )
  const throughRoots = closure(manifest, roots, { dynamic: true })
  const files = [...throughRoots].flatMap((key) => [
    manifest[key]?.file ?? '',
    ...(manifest[key]?.css ?? []),
  ])
  return [...new Set(files)].filter((file) => file && !kept.has(file)).sort()
}

/** The precache manifest workbox-build injected into the service worker. */
export const precacheUrls = (swSource: string) =>
  [...swSource.matchAll(/"url":"([^"]+)"/g)].map((match) => (match[1] ?? '').replace(/^\//, ''))

/** Size of a dist/ file as the server would send it, gzip level 9, in KiB. */
export const gzipKiB = (dist: string, file: string) =>
  gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024

/** What the server puts in the HTML of a path so its screen's code loads with the entry. */
export interface RoutePreload {
  /** The route's path as a regular expression source (`$id` segments match any one segment). */
  pattern: string
  /** Chunks the route's screen (and its layouts) import up front, beyond the entry's own. */
  modulepreload: string[]
  stylesheets: string[]
}

/**
 * For every route file of src/routes: its path (pathless `_layout` folders dropped), and the
 * files its first view needs that the entry does not load itself (the route's component and
 * loader chunks, its layouts', and their static imports). Static paths come before `$param`
 * ones, so `/dependent/new` is matched before `/dependent/$id`.
 */
export function routePreloads(manifest: Manifest): RoutePreload[] {
  const upFront = closure(manifest, startKeys(manifest))
  const upFrontCss = new Set([...upFront].flatMap((key) => manifest[key]?.css ?? []))
  const screenChunks = (routeFile: string) =>
    routeChunkKeys(manifest, routeFile).filter((key) =>
      (key.split('?tsr-split=')[1] ?? '')
        .split('---')
        .some((part) => /^(component|loader)$/.test(part)),
    )
  const routeFiles = [
    ...new Set(
      Object.keys(manifest)
        .filter((key) => key.startsWith('src/routes/'))
        .map((key) => key.split('?')[0] as string),
    ),
  ]
  const preloads: Array<RoutePreload & { dynamic: boolean }> = []
  for (const routeFile of routeFiles) {
    const segments = routeFile
      .replace(/^src\/routes\//, '')
      .replace(/\.tsx?$/, '')
      .split('/')
    // Layout files (`_app.tsx`) and the catch-all (`$.tsx`) are no page of their own.
    const page = segments.at(-1) ?? ''
    if (page.startsWith('_') || page === '$') continue
    const layouts = segments
      .slice(0, -1)
      .map((_, index) => `src/routes/${segments.slice(0, index + 1).join('/')}.tsx`)
    const roots = [...layouts, routeFile].flatMap((file) => screenChunks(file))
    if (roots.length === 0) continue
    const needed = [...closure(manifest, roots)].filter((key) => !upFront.has(key))
    const pathSegments = segments
      .filter((segment) => !segment.startsWith('_') && segment !== 'index')
      .map((segment) => (segment.startsWith('$') ? '[^/]+' : segment.replace(/[.-]/g, '\\$&')))
    preloads.push({
      pattern: `^/${pathSegments.join('/')}/?$`,
      modulepreload: jsFiles(manifest, needed).map((file) => `/${file}`),
      stylesheets: [...new Set(needed.flatMap((key) => manifest[key]?.css ?? []))]
        .filter((file) => !upFrontCss.has(file))
        .map((file) => `/${file}`),
      dynamic: segments.some((segment) => segment.startsWith('$')),
    })
  }
  return preloads
    .sort((a, b) => Number(a.dynamic) - Number(b.dynamic) || a.pattern.localeCompare(b.pattern))
    .map(({ dynamic: _, ...preload }) => preload)
}
