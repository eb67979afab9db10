/**
 * The card markup filter with no DOM (the server has none at run time): reads the HTML as a
 * browser's tokenizer would, keeps what card-markup.ts allows and writes it out again in one
 * canonical form (lower-case names, every value decoded then quoted and escaped). What it writes
 * is all a browser ever sees, so whatever the browser makes of it is what was checked here; a
 * construct read differently (a comment, a broken tag) is dropped, never passed through.
 */
import { cardAttributeProblem, cardMarkupTags } from './card-markup'

const voidTags = new Set(['br', 'hr', 'img'])
/** Elements whose content is not markup: dropped whole, content included. */
const rawTextTags = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'template',
])

const named: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
}

/**
 * An attribute value as the browser reads it, and whether it holds a reference this decoder does
 * not know (`&#104ttp`, `&Tab;`…), which is kept as literal text: harmless in an `alt`, refused
 * in a `src` or `style`, where it could spell a URL.
 */
function decodeValue(raw: string): { value: string; unknown: boolean } {
  let unknown = false
  const value = raw.replace(
    /&(#x[0-9a-f]+;|#\d+;|[a-z]+;|[#a-z0-9]+)?/gi,
    (whole, ref?: string) => {
      if (!ref) return whole
      const code = /^#x([0-9a-f]+);$/i.exec(ref)?.[1] ?? /^#(\d+);$/.exec(ref)?.[1]
      if (code !== undefined) {
        const point = Number.parseInt(code, ref[1]?.toLowerCase() === 'x' ? 16 : 10)
        if (point > 0 && point <= 0x10ffff && (point < 0xd800 || point > 0xdfff))
          return String.fromCodePoint(point)
      }
      const name = ref.slice(0, -1)
      const entity = /^[a-z]+;$/.test(ref) && Object.hasOwn(named, name) ? named[name] : undefined
      if (entity !== undefined) return entity
      unknown = true
      return whole
    },
  )
  return { value, unknown }
}

const escapeValue = (text: string) =>
  text.replace(/[&"<>]/g, (char) => `&${{ '&': 'amp', '"': 'quot', '<': 'lt', '>': 'gt' }[char]};`)

interface Tag {
  name: string
  end: boolean
  attributes: [name: string, raw: string][]
}

/** One tag from `<` at `start`: the tag and where the markup goes on, or null for a broken one. */
function readTag(html: string, start: number): { tag: Tag; next: number } | null {
  const end = html[start + 1] === '/'
  const tagName = /[a-z][^\s/>]*/iy
  tagName.lastIndex = start + (end ? 2 : 1)
  const nameMatch = tagName.exec(html)
  if (!nameMatch) return null
  const tag: Tag = { name: nameMatch[0].toLowerCase(), end, attributes: [] }
  let at = tagName.lastIndex
  const attribute = /[\s/]*(?:(>)|([^\s/>][^\s/>=]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?)/y
  while (at < html.length) {
    attribute.lastIndex = at
    const match = attribute.exec(html)
    if (!match) return null
    at = attribute.lastIndex
    if (match[1]) return { tag, next: at }
    if (match[2] === undefined) return null
    const name = match[2].toLowerCase()
    // A repeated attribute: the browser keeps the first.
    if (!tag.attributes.some(([seen]) => seen === name))
      tag.attributes.push([name, match[3] ?? match[4] ?? match[5] ?? ''])
  }
  return null
}

/**
 * Where a comment, doctype, processing instruction or bogus `</…` opened at `start` ends, as the
 * browser reads them (`<!-->` and `<!--->` are whole comments; `--!>` closes one too).
 */
function skipDeclaration(html: string, start: number): number {
  if (html.startsWith('<!--', start)) {
    const empty = /^<!---?>/.exec(html.slice(start, start + 6))
    if (empty) return start + empty[0].length
    const close = /--!?>/g
    close.lastIndex = start + 4
    return close.exec(html) ? close.lastIndex : html.length
  }
  const close = html.indexOf('>', start + 1)
  return close < 0 ? html.length : close + 1
}

/**
 * Reads a card's markup: its allowed parts written out canonically, and what was not allowed,
 * each named once. `template`: the provider's upload, where `src="{{foto}}"` stands for the photo.
 */
export function filterCardMarkup(html: string, template = false) {
  const out: string[] = []
  const problems = new Set<string>()
  const text = (chunk: string) =>
    out.push(chunk.replace(/\0/g, '').replace(/</g, '&lt;').replace(/>/g, '&gt;'))
  const lower = html.toLowerCase()
  let at = 0
  while (at < html.length) {
    const open = html.indexOf('<', at)
    if (open < 0) {
      text(html.slice(at))
      break
    }
    text(html.slice(at, open))
    const after = html[open + 1] ?? ''
    if (after === '!' || after === '?' || (after === '/' && !/[a-z]/i.test(html[open + 2] ?? ''))) {
      at = skipDeclaration(html, open)
      continue
    }
    const read = /[a-z/]/i.test(after) ? readTag(html, open) : null
    if (!read) {
      if (/[a-z/]/i.test(after)) {
        // A tag never closed: the browser drops it with the rest of the text.
        problems.add('marcação incompleta (um < sem >)')
        break
      }
      text('<')
      at = open + 1
      continue
    }
    const { tag } = read
    at = read.next
    if (!tag.end && rawTextTags.has(tag.name)) {
      const close = lower.indexOf(`</${tag.name}`, at)
      at = close < 0 ? html.length : close
    }
    if (!cardMarkupTags.includes(tag.name)) {
      if (!tag.end) problems.add(`elemento <${tag.name}>`)
      continue
    }
    if (tag.end) {
      if (!voidTags.has(tag.name)) out.push(`</${tag.name}>`)
      continue
    }
    let written = `<${tag.name}`
    for (const [name, raw] of tag.attributes) {
      const { value, unknown } = decodeValue(raw)
      const problem =
        unknown && (name === 'src' || name === 'style')
          ? `referência de caractere desconhecida em ${name}="${raw.slice(0, 40)}"`
          : cardAttributeProblem(tag.name, name, value, template)
      if (problem) problems.add(problem)
      else written += ` ${name}="${escapeValue(value)}"`
    }
    out.push(`${written}>`)
  }
  return { markup: out.join(''), problems: [...problems] }
}

/** A filled card as the app may show it: everything not allowed removed. */
export const cleanCardMarkup = (html: string) => filterCardMarkup(html).markup

/** What a provider's template holds that a card may not, each named (empty: accepted). */
export const cardTemplateProblems = (html: string) => filterCardMarkup(html, true).problems
