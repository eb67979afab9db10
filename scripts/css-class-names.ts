/**
 * Short, stable class names for the built CSS modules. A module's class names are in its CSS and
 * in the JS of every screen that uses it, so their length is paid in the precache: as written
 * (`_contract_agwvi_1`) they cost ~2 KiB gzip more than two or three letters, and a random hash
 * compresses worse still. Every module under src/ is read in path order and each of its classes,
 * in order of appearance (and each animation it names), gets the next name (`_a`, `_b`, … `_ab`): no two can meet, and the
 * browser build and the server's rendering (scripts/build-ssr.ts) read the same files, so they
 * name every class alike.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** 0 → "a", 51 → "Z", 52 → "ab"…: as short as the count allows. */
export function shortName(index: number): string {
  let name = ''
  let rest = index
  do {
    name += letters[rest % letters.length]
    rest = Math.floor(rest / letters.length)
  } while (rest > 0)
  return name
}

function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return modulesUnder(path)
    return entry.name.endsWith('.module.css') ? [path] : []
  })
}

const posix = (path: string) => path.split(sep).join('/')

/** `generateScopedName` for Vite's CSS modules: (class, module's path) → its short name. */
export function shortClassNames(root: string) {
  const names = new Map<string, string>()
  const files = modulesUnder(join(root, 'src'))
    .map((file) => posix(relative(root, file)))
    .sort()
  for (const file of files) {
    // Comments out first: a word after a full stop there is no class.
    const css = readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
    // Classes, and the animations a module names (CSS modules scope them alike).
    for (const [, dotted, animation] of css.matchAll(
      /\.(-?[A-Za-z_][\w-]*)|@keyframes\s+(-?[A-Za-z_][\w-]*)/g,
    )) {
      const key = `${file}:${dotted ?? animation}`
      if (!names.has(key)) names.set(key, `_${shortName(names.size)}`)
    }
  }
  return (local: string, filename: string): string => {
    const file = posix(relative(root, filename.split('?')[0] ?? filename))
    const name = names.get(`${file}:${local}`)
    if (!name) throw new Error(`${file}: classe .${local} fora do mapa de nomes curtos`)
    return name
  }
}
