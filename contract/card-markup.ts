/**
 * What a member card's markup may hold. The card is shown at the gate with no signal and drawn to
 * a PNG on the device, so it may reference no resource at all: no URL but an inline image
 * (`data:image/png|jpeg|gif|webp`, or an SVG with nothing active or external in it), and the
 * fields the server fills in. Allow-lists, not deny-lists: an element, attribute or CSS function
 * not named here is refused, so the next way HTML finds to fetch something is refused too.
 *
 * Both sides use these rules: the server's filter (card-markup-filter.ts) at upload and when it
 * serves a card, and the app's DOMPurify hook (src/lib/sanitize.ts) for any backend's markup.
 */

/** Presentational elements only: nothing embeds, links, submits, plays or holds its own text. */
export const cardMarkupTags: readonly string[] = [
  'div',
  'span',
  'p',
  'br',
  'hr',
  'b',
  'i',
  'u',
  's',
  'em',
  'strong',
  'small',
  'mark',
  'sub',
  'sup',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'figure',
  'figcaption',
  'img',
]

const anyTagAttributes = ['style', 'title', 'lang', 'dir', 'role', 'aria-label', 'aria-hidden']
const tagAttributes: Record<string, readonly string[]> = {
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  ol: ['start'],
}

/** Every attribute name some card element may carry (DOMPurify's ALLOWED_ATTR). */
export const cardMarkupAttributes: readonly string[] = [
  ...new Set([...anyTagAttributes, ...Object.values(tagAttributes).flat()]),
]

export const cardAttributeAllowed = (tag: string, name: string) =>
  anyTagAttributes.includes(name) ||
  (Object.hasOwn(tagAttributes, tag) && (tagAttributes[tag]?.includes(name) ?? false))

// One character class to the end: a class followed by optional parts backtracks quadratically.
const rasterImage = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i
const svgImage = /^data:image\/svg\+xml(?:;charset=[\w-]+)?(;base64)?,([\s\S]*)$/i

/**
 * What an SVG may not hold even shown as an image (where browsers already run no script and load
 * nothing): a script, foreign HTML, a DTD or entity, a handler, a reference that is not `#id`, an
 * @import, a CSS escape that could spell any of them.
 */
const activeSvg =
  /<script|<foreignobject|<iframe|<!(?!--)|<\?xml-stylesheet|\son[a-z]+\s*=|\\|@import|(?:href|src)\s*=\s*(?!["']?#)|url\(\s*(?!["']?#)/i

function decodedSvg(encoded: string, base64: boolean): string | null {
  try {
    return base64 ? atob(encoded.replace(/\s/g, '')) : decodeURIComponent(encoded)
  } catch {
    // Not base64 or not percent-encoding: nothing to show, so nothing to allow.
    return null
  }
}

/** A URL the card may show: an inline image of a safe type, nothing that goes to the network. */
export function isInlineImage(url: string): boolean {
  const trimmed = url.trim()
  if (rasterImage.test(trimmed)) return true
  const svg = svgImage.exec(trimmed)
  if (!svg) return false
  const text = decodedSvg(svg[2] ?? '', svg[1] !== undefined)
  return text !== null && !activeSvg.test(text.replace(/<!--[\s\S]*?-->/g, ''))
}

/**
 * CSS functions a card's style may call: colours, gradients, arithmetic, transforms, filters.
 * `url()` is checked on its own; anything else (image-set, image, cross-fade, element, paint,
 * src, expression, var, attr, env…) is refused.
 */
const cssFunctions = new Set([
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'hwb',
  'lab',
  'lch',
  'oklab',
  'oklch',
  'color-mix',
  'linear-gradient',
  'radial-gradient',
  'conic-gradient',
  'repeating-linear-gradient',
  'repeating-radial-gradient',
  'repeating-conic-gradient',
  'calc',
  'min',
  'max',
  'clamp',
  'translate',
  'translatex',
  'translatey',
  'rotate',
  'scale',
  'scalex',
  'scaley',
  'skew',
  'skewx',
  'skewy',
  'matrix',
  'cubic-bezier',
  'steps',
  'repeat',
  'minmax',
  'fit-content',
  'blur',
  'brightness',
  'contrast',
  'drop-shadow',
  'grayscale',
  'hue-rotate',
  'invert',
  'opacity',
  'saturate',
  'sepia',
])

const shown = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text)

/**
 * Why a style attribute's CSS (entity-decoded, as the browser reads it) may not stay, or null.
 * Comments are removed before looking (`ur/**\/l(` is read as `url(`), case is ignored, and a
 * backslash or an at-rule is refused outright: an escape can spell any name, and an inline
 * style has no use for either.
 */
export function cssProblem(css: string): string | null {
  if (css.includes('\\')) return `escape de CSS (\\) em style="${shown(css)}"`
  // Whitespace collapsed and each name matched from its start only: the scan stays linear on a
  // style of 200,000 letters or spaces.
  const plain = css
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
  if (plain.includes('@')) return `regra @ (@import…) em style="${shown(css)}"`
  if (/(?:^|[; ])(?:behaviou?r|-moz-binding) ?:/.test(plain))
    return `propriedade que carrega código em style="${shown(css)}"`
  const argument = /\s*(["']?)([^"')]*)\1\s*\)/y
  for (const call of plain.matchAll(/(?<![-\w])([-\w]*) ?\(/g)) {
    const name = call[1] ?? ''
    if (name === 'url') {
      argument.lastIndex = (call.index ?? 0) + call[0].length
      const inside = argument.exec(plain)
      if (!inside || !isInlineImage(inside[2] ?? ''))
        return `url() que não é imagem data: em style="${shown(css)}"`
    } else if (name !== '' && !cssFunctions.has(name))
      return `função ${name}() em style="${shown(css)}"`
  }
  return null
}

/**
 * Why an attribute (its value entity-decoded) may not stay on a card element, or null.
 * `template`: the provider's template, where `src` may be `{{foto}}` and a field may not stand
 * in a style (a member's name would become CSS).
 */
export function cardAttributeProblem(
  tag: string,
  name: string,
  value: string,
  template = false,
): string | null {
  if (!cardAttributeAllowed(tag, name)) return `atributo ${name} em <${tag}>`
  if (name === 'src' && !(template && /^\s*\{\{\s*foto\s*\}\}\s*$/.test(value)))
    return isInlineImage(value)
      ? null
      : `<${tag} src="${shown(value)}">: só imagens data:image/png, jpeg, gif, webp ou svg sem script`
  if (name === 'style') {
    if (template && value.includes('{{')) return `campo {{…}} dentro de style="${shown(value)}"`
    return cssProblem(value)
  }
  return null
}
