/**
 * The member card template (GET /client/card-visualize): front and back as HTML fragments.
 * The app sanitizes them with DOMPurify's HTML profile and shows them in a box of any width, so
 * the markup uses inline styles only (no <style>, classes, scripts or <svg>: images are data:
 * URLs) and sizes everything relative to its width (credit-card landscape, 85.6 × 54 mm).
 * Every value from the database is escaped. A plan's own template passes the card markup filter
 * (contract/card-markup-filter.ts): a card references nothing outside itself.
 */
import type { Brand } from '../../contract/brand'
import { cleanCardMarkup } from '../../contract/card-markup-filter'
import type { CardLayouts } from '../../contract/cards'
import type { cardLayoutFields } from '../../contract/integration'
import type { Config } from '../config'
import { escapeHtml as e } from './html'

export interface CardSheet {
  code: string
  status: string
  /**
   * The contract's status: a card of a contract the gate refuses (anything but ACTIVE, as
   * /verificar rules) reads BLOQUEADA on its face, never a green ATIVO (issue 27). Absent: ACTIVE.
   */
  contractStatus?: string
  /** YYYY-MM-DD, or null for a card that does not expire. */
  expirationDate: string | null
  personName: string
  photoBase64: string | null
  holderName: string
  contractNumber: string | null
  serie: string | null
  modelName: string
  /** The plan's own templates (integration API), or null for the portal's layout. */
  layout: { front: string; back: string } | null
}

export const cardNotice = 'Documento pessoal e intransferível. Apresente com documento com foto.'

const svgDataUrl = (svg: string) =>
  `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`

/**
 * What the portal's own card takes from the brand (brand.json, decision 023): its name, logo and
 * colours, and the back's contact line.
 */
export interface CardLook {
  /** Whose card it is: the provider's name, the name a gate's staff know (audit 14 read the
      portal's name on it, not the club's). */
  issuer: string
  /** The logo as a data: URL (the card is drawn and kept on the device, offline). */
  logo: string
  colors: Brand['colors']
  contact: string
}

export function cardLook(config: Pick<Config, 'brand'>): CardLook {
  const { brand } = config
  return {
    issuer: brand.provider.name,
    logo: svgDataUrl(brand.logoSvg),
    colors: brand.colors,
    contact: contactLine(brand.support),
  }
}

const silhouette = svgDataUrl(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80"><rect width="60" height="80" fill="#dfe9f7"/><circle cx="30" cy="30" r="13" fill="#9fb7d6"/><path d="M4 80c0-17 12-28 26-28s26 11 26 28z" fill="#9fb7d6"/></svg>',
)

const imageTypes: [prefix: string, type: string][] = [
  ['iVBORw0KGgo', 'image/png'],
  ['/9j/', 'image/jpeg'],
  ['R0lGOD', 'image/gif'],
  ['UklGR', 'image/webp'],
]

/** A photo as an <img> source: its type read from the bytes, anything not base64 refused. */
export function photoDataUrl(base64: string | null): string | null {
  const clean = (base64 ?? '').replace(/^data:[^,]*,/, '').replace(/\s/g, '')
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(clean)) return null
  const type = imageTypes.find(([prefix]) => clean.startsWith(prefix))?.[1] ?? 'image/jpeg'
  return `data:${type};base64,${clean}`
}

/** 'YYYY-MM-DD' as dd/mm/aaaa. */
export function cardDate(isoDay: string | null): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDay ?? '')
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '—'
}

/**
 * Spec §4: ACTIVE is ATIVO (green); anything else INATIVO (orange). An active card of a contract
 * the gate refuses is BLOQUEADA (red), the word the card screen uses.
 */
const statusChip = (sheet: Pick<CardSheet, 'status' | 'contractStatus'>) =>
  sheet.status !== 'ACTIVE'
    ? { label: 'INATIVO', background: '#e8710a' }
    : (sheet.contractStatus ?? 'ACTIVE') === 'ACTIVE'
      ? { label: 'ATIVO', background: '#1e8e3e' }
      : { label: 'BLOQUEADA', background: '#b3261e' }

/**
 * A font size in container-width units, after a pixel value for a card about 340 px wide that
 * browsers without container units keep.
 */
const font = (cqw: number) => `font-size:${(cqw * 3.4).toFixed(1)}px;font-size:${cqw}cqw`

const card = (background: string, extra = '') =>
  [
    'container-type:inline-size;position:relative;box-sizing:border-box;width:100%',
    'aspect-ratio:1.586;overflow:hidden;border-radius:4.5%/7.1%',
    `background:${background}`,
    "font-family:'Inter Variable',Inter,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;line-height:1.25",
    extra,
  ]
    .filter(Boolean)
    .join(';')

const layer = 'position:absolute;inset:0;box-sizing:border-box;display:flex;flex-direction:column'
const bubble = (where: string, size: string, alpha: number) =>
  `<div style="position:absolute;${where};width:${size};aspect-ratio:1;border-radius:50%;background:rgba(255,255,255,${alpha})"></div>`
const label = (text: string, colour: string, size = 2.5) =>
  `<div style="${font(size)};letter-spacing:0.1em;text-transform:uppercase;color:${colour}">${text}</div>`
const oneLine = 'white-space:nowrap;overflow:hidden;text-overflow:ellipsis'

function front(sheet: CardSheet, look: CardLook): string {
  const chip = statusChip(sheet)
  const photo = photoDataUrl(sheet.photoBase64) ?? silhouette
  const field = (name: string, value: string, style: string) =>
    `<div style="min-width:0">${label(name, 'rgba(255,255,255,0.75)')}<div style="${style}">${e(value)}</div></div>`
  return `<div style="${card(`linear-gradient(135deg,${look.colors.primaryDark} 0%,${look.colors.primary} 48%,${look.colors.accent} 100%)`, `color:${look.colors.onPrimary}`)}">
${bubble('right:-22%;top:-50%', '70%', 0.08)}${bubble('right:-6%;bottom:-62%', '52%', 0.06)}
<div style="${layer};padding:5% 6%;gap:3%">
<div style="display:flex;align-items:center;gap:3%">
<img src="${look.logo}" alt="${e(look.issuer)}" style="width:10%;aspect-ratio:1;border-radius:22%;box-shadow:0 0 0 1px rgba(255,255,255,0.7)">
<div style="flex:1;min-width:0">${label(e(look.issuer), 'rgba(255,255,255,0.8)')}<div style="${font(4.4)};font-weight:700;${oneLine}">${e(sheet.modelName)}</div></div>
</div>
<div style="flex:1;min-height:0;display:flex;align-items:center;gap:5%">
<img src="${e(photo)}" alt="Foto de ${e(sheet.personName)}" style="width:23%;aspect-ratio:3/4;object-fit:cover;border-radius:8%/6%;border:2px solid rgba(255,255,255,0.9);background:#dfe9f7">
<div style="flex:1;min-width:0;display:flex;flex-direction:column;gap:0.5em;${font(3.2)}">
${field('Nome', sheet.personName, `${font(4.6)};font-weight:700;overflow-wrap:anywhere;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden`)}
${field('Matrícula', sheet.code, `${font(4.2)};font-family:ui-monospace,Menlo,Consolas,monospace;letter-spacing:0.08em`)}
${field('Validade', cardDate(sheet.expirationDate), `${font(3.8)};font-weight:600`)}
</div>
</div>
<div style="display:flex;align-items:center;justify-content:space-between;gap:3%">
<span style="${font(2.5)};letter-spacing:0.12em;text-transform:uppercase;opacity:0.8">Carteirinha de sócio</span>
<span style="${font(2.9)};font-weight:700;letter-spacing:0.08em;padding:0.35em 1em;border-radius:999px;background:${chip.background};color:#ffffff;box-shadow:0 0 0 1px rgba(255,255,255,0.5)">${chip.label}</span>
</div>
</div>
</div>`
}

function back(sheet: CardSheet, look: CardLook): string {
  const contract = [
    sheet.contractNumber ? `Nº ${sheet.contractNumber}` : null,
    sheet.serie ? `Série ${sheet.serie}` : null,
  ]
    .filter(Boolean)
    .join(' · ')
  // Read at arm's length on a phone, where the card is about 360 px wide: no line under 11 px
  // (issue 27), the stripe along the top edge to leave them the room.
  const field = (name: string, value: string) =>
    `<div style="min-width:0">${label(name, '#52606d', 3)}<div style="${font(4.8)};font-weight:700;color:#102a43;${oneLine}">${e(value)}</div></div>`
  return `<div style="${card('linear-gradient(180deg,#f7faff 0%,#e6eef9 100%)', 'color:#1f2933;border:1px solid #c9d6e8')}">
<div style="position:absolute;left:0;right:0;top:0;height:18%;background:linear-gradient(90deg,${look.colors.primaryDark},${look.colors.primary} 60%,${look.colors.accent})"></div>
<div style="${layer};padding:0 6% 4.5%">
<div style="height:25%;flex:none"></div>
<div style="display:flex;flex-direction:column;gap:0.4em;${font(3)}">
${field('Titular', sheet.holderName)}
${field('Contrato', contract || '—')}
</div>
<div style="margin-top:3%;${font(3.4)};color:#334e68;border-left:3px solid ${look.colors.primary};padding-left:2.5%">${e(cardNotice)}</div>
<div style="flex:1"></div>
<div style="display:flex;align-items:center;gap:2.5%">
<img src="${look.logo}" alt="" style="width:8%;aspect-ratio:1;border-radius:22%">
<div style="flex:1;min-width:0;${font(3.1)};line-height:1.3;color:#3e4c59;overflow-wrap:anywhere">${e(look.contact)}</div>
</div>
</div>
</div>`
}

/** The value each `{{field}}` of a plan's template stands for (contract/integration.ts). */
function templateValues(sheet: CardSheet): Record<(typeof cardLayoutFields)[number], string> {
  return {
    nome: sheet.personName,
    matricula: sheet.code,
    validade: cardDate(sheet.expirationDate),
    status: statusChip(sheet).label,
    titular: sheet.holderName,
    contrato: sheet.contractNumber ?? '',
    serie: sheet.serie ?? '',
    plano: sheet.modelName,
    foto: photoDataUrl(sheet.photoBase64) ?? silhouette,
  }
}

/** A plan's template with each field replaced by the card's value, escaped. */
export function fillTemplate(template: string, sheet: CardSheet): string {
  const values: Record<string, string> = templateValues(sheet)
  return template.replace(/\{\{\s*([a-z]+)\s*\}\}/g, (whole, name: string) =>
    name in values ? e(values[name] as string) : whole,
  )
}

/**
 * The card's two faces. A plan's template is filtered again once filled: one stored before the
 * upload check knew every way markup reaches the network, or a field value that lands somewhere
 * the check did not foresee, must still not make the card fetch anything at the gate.
 */
export function renderCardLayouts(sheet: CardSheet, look: CardLook): CardLayouts {
  if (sheet.layout)
    return {
      frontLayout: cleanCardMarkup(fillTemplate(sheet.layout.front, sheet)),
      backLayout: cleanCardMarkup(fillTemplate(sheet.layout.back, sheet)),
    }
  return { frontLayout: front(sheet, look), backLayout: back(sheet, look) }
}

/** The portal's own templates, as a provider starts from (GET …/card-layout). */
export function defaultTemplates(look: CardLook) {
  const sheet: CardSheet = {
    code: '{{matricula}}',
    status: 'ACTIVE',
    expirationDate: null,
    personName: '{{nome}}',
    photoBase64: null,
    holderName: '{{titular}}',
    contractNumber: '{{contrato}}',
    serie: '{{serie}}',
    modelName: '{{plano}}',
    layout: null,
  }
  return {
    front: front(sheet, look)
      .replace(e(silhouette), '{{foto}}')
      .replace('—', '{{validade}}')
      .replace('>ATIVO<', '>{{status}}<'),
    back: back(sheet, look),
  }
}

/** The back's contact line: whom to ask, from the brand's support contact (not the server's address). */
function contactLine(support: Brand['support']): string {
  return `Dúvidas e 2ª via: WhatsApp ${support.whatsappText} · ${support.email}`
}
