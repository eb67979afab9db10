/**
 * The provider's brand (issue 28, decision 023): what `brand.json` may say, and the contrast its
 * colours must keep. The build (vite.config.ts, scripts/build-icons.ts) and the server
 * (server/brand.ts, read at start) both read the file through this schema, so a bad brand stops
 * either with the same sentence naming the field.
 */
import * as v from 'valibot'
import { isValidCnpj } from './rules'

const text = (field: string, max: number) =>
  v.pipe(
    v.string(`${field} deve ser um texto.`),
    v.trim(),
    v.nonEmpty(`${field} está vazio.`),
    v.maxLength(max, `${field} deve ter no máximo ${max} caracteres.`),
  )

const colour = (field: string) =>
  v.pipe(
    v.string(`${field} deve ser uma cor como #0b4fa8.`),
    v.regex(/^#[0-9a-f]{6}$/i, `${field} deve ser uma cor no formato #rrggbb, como #0b4fa8.`),
    v.toLowerCase(),
  )

/** A page of the portal (`/privacidade`) or a page on the web (`https://…`). */
const link = (field: string) =>
  v.pipe(
    v.string(`${field} deve ser um endereço.`),
    v.regex(
      /^(\/(?!\/)\S*|https:\/\/\S+)$/,
      `${field} deve ser um caminho do portal (como /privacidade) ou um endereço https://.`,
    ),
  )

/** Object-level messages: the field that is missing or not expected, by its full name. */
const fieldsOf =
  (prefix: string) =>
  (issue: v.ObjectIssue | v.StrictObjectIssue): string => {
    const key = issue.path?.[issue.path.length - 1]?.key
    if (key === undefined) return `${prefix || 'O arquivo'} deve ser um objeto JSON.`
    const name = `${prefix}${prefix ? '.' : ''}${String(key)}`
    return issue.expected === 'never' ? `${name} não é um campo da marca.` : `Falta ${name}.`
  }
const section = <T extends v.ObjectEntries>(prefix: string, entries: T) =>
  v.strictObject(entries, fieldsOf(prefix))

export const brandSchema = section('', {
  /** The app's name: the header, the title, the manifest, e-mails, documents. */
  productName: text('productName', 40),
  /** The installed app's name under its icon (manifest short_name). */
  shortName: text('shortName', 12),
  /** One sentence on what the app is for (manifest and the page's description). */
  description: text('description', 160),
  /** Who the portal speaks for: the controller of the holders' data. */
  provider: section('provider', {
    name: text('provider.name', 80),
    /** Its CNPJ, named on the payment page beside its name (who charges); digits or masked. */
    cnpj: v.optional(
      v.pipe(
        v.string('provider.cnpj deve ser um texto.'),
        v.transform((text) => text.replace(/\D/g, '')),
        v.check(isValidCnpj, 'provider.cnpj deve ser um CNPJ válido, como 12.345.678/0001-95.'),
      ),
    ),
  }),
  colors: section('colors', {
    /** Buttons, links, headings, the header's middle. */
    primary: colour('colors.primary'),
    /** The header's dark end, a pressed button, labels. */
    primaryDark: colour('colors.primaryDark'),
    /** The header's light end and the focus ring. */
    accent: colour('colors.accent'),
    /** Text and icons on primary, primaryDark and accent. */
    onPrimary: colour('colors.onPrimary'),
    /** The page behind the cards (and the installed app's splash). */
    background: colour('colors.background'),
  }),
  /** An SVG file, relative to the brand file: the header, the login, the icons, the card. */
  logo: v.pipe(
    v.string('logo deve ser o caminho de um arquivo SVG.'),
    v.regex(/\.svg$/i, 'logo deve ser o caminho de um arquivo .svg.'),
  ),
  support: section('support', {
    /** How a sentence names it: "fale com {name}". */
    name: text('support.name', 80),
    email: v.pipe(
      v.string('support.email deve ser um e-mail.'),
      v.email('support.email deve ser um e-mail válido.'),
    ),
    /** E.164 digits for wa.me. */
    whatsapp: v.pipe(
      v.string('support.whatsapp deve ser um número.'),
      v.regex(
        /^\+\d{10,15}$/,
        'support.whatsapp deve ser + e de 10 a 15 dígitos, como +551140000000.',
      ),
    ),
    /** As a person reads it. */
    whatsappText: text('support.whatsappText', 30),
  }),
  links: section('links', {
    /** The provider's privacy policy; /privacidade is the portal's own page. */
    privacy: link('links.privacy'),
    /** The provider's terms of use, when it has a page for them. */
    terms: v.optional(link('links.terms')),
  }),
})

export type Brand = v.InferOutput<typeof brandSchema>

/** The first problem of a brand file as one sentence, or the brand. */
export function parseBrand(input: unknown): { brand: Brand } | { problem: string } {
  const result = v.safeParse(brandSchema, input)
  if (result.success) return { brand: result.output }
  return { problem: result.issues[0].message }
}

// ---------------------------------------------------------------- contrast (WCAG 2.x)

const channel = (value: number) => {
  const c = value / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}
const rgb = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16))

export function relativeLuminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = rgb(hex).map(channel)
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x)
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)
}

/** The colour `share` of the way from `from` to `to` (how a CSS gradient mixes, in sRGB). */
export function mix(from: string, to: string, share: number): string {
  const [a, b] = [rgb(from), rgb(to)]
  return `#${a
    .map((value, i) => Math.round(value + ((b[i] ?? 0) - value) * share))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`
}

/** Where the header's title ends on the gradient, at most: see brandContrastPairs. */
export const TITLE_REACH = 0.75

export interface ContrastPair {
  /** The sentence's subject, e.g. "o texto branco sobre a cor primária #0b4fa8". */
  what: string
  ratio: number
  minimum: 4.5 | 3
}

const named = (hex: string, plural = false) => {
  const word = { '#ffffff': 'branco', '#000000': 'preto' }[hex]
  return word ? `${word}${plural ? 's' : ''}` : hex
}

/**
 * Every pair of colours the brand puts on screen. Text needs 4.5:1 (WCAG 1.4.3, AA, normal
 * text: the header's title is 16 px bold, not large). Two pairs carry no text, only icons and
 * outlines, and need 3:1 (WCAG 1.4.11): the header's light end (`accent`, its corner, where only
 * the icon buttons sit) and the focus ring (`accent` on white). The title sits mid-header: on the
 * narrowest phone (320 px) it reaches 75 % of the 135° gradient, so its colour there is checked
 * at 4.5:1 too, and both ends of the part it can cover (primaryDark, then primary → accent).
 */
export function brandContrastPairs(colors: Brand['colors']): ContrastPair[] {
  const { primary, primaryDark, accent, onPrimary, background } = colors
  const text = `o texto ${named(onPrimary)}`
  const titleEnd = mix(primary, accent, (TITLE_REACH - 0.55) / 0.45)
  const pair = (what: string, a: string, b: string, minimum: 4.5 | 3): ContrastPair => ({
    what,
    ratio: contrastRatio(a, b),
    minimum,
  })
  return [
    pair(`${text} sobre a cor primária ${primary}`, onPrimary, primary, 4.5),
    pair(
      `${text} sobre a cor primaryDark ${primaryDark} (início do degradê do cabeçalho)`,
      onPrimary,
      primaryDark,
      4.5,
    ),
    pair(
      `${text} sobre o degradê do cabeçalho onde o título pode chegar (${titleEnd})`,
      onPrimary,
      titleEnd,
      4.5,
    ),
    pair(
      `os ícones ${named(onPrimary, true)} sobre a cor de destaque ${accent} (fim do degradê do cabeçalho)`,
      onPrimary,
      accent,
      3,
    ),
    pair(`a cor primária ${primary} como texto sobre o branco`, primary, '#ffffff', 4.5),
    pair(
      `a cor primária ${primary} como texto sobre o fundo ${background}`,
      primary,
      background,
      4.5,
    ),
    pair(`a cor primaryDark ${primaryDark} como texto sobre o branco`, primaryDark, '#ffffff', 4.5),
    pair(`o contorno de foco na cor de destaque ${accent} sobre o branco`, accent, '#ffffff', 3),
  ]
}

/** "2,1": one decimal, cut rather than rounded, so a ratio under the minimum never reads as it. */
const ratioText = (ratio: number) => (Math.floor(ratio * 10) / 10).toFixed(1).replace('.', ',')

/** The first pair under its minimum as one sentence (without the file's name), or null. */
export function contrastProblem(colors: Brand['colors']): string | null {
  const failing = brandContrastPairs(colors).find((pair) => pair.ratio < pair.minimum)
  if (!failing) return null
  return `${failing.what} tem contraste ${ratioText(failing.ratio)}:1; o mínimo é ${String(failing.minimum).replace('.', ',')}:1.`
}
