/**
 * The purchase terms of a contract as a standalone HTML document (GET /client/term/contract).
 * The app opens it in a new tab; every value is escaped by hono/html's template (markup goes in
 * only as html`…` or raw()), and the app still sanitizes it (DESIGN.md §6).
 */
import { createHash } from 'node:crypto'
import { html, raw } from 'hono/html'
import type { TermDocument } from './terms'

/**
 * Readable on a screen, plain on paper. The app opens the body only and dresses it itself
 * (src/features/contracts/logic/term-style.ts); this is for the document opened as it is.
 */
const styleText = `
  body { font: 16px/1.6 system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif;
         color: #1b2430; margin: 0; background: #f3f6fb; }
  main { max-width: 46rem; margin: 0 auto; padding: 2rem 1.25rem 3rem; background: #fff; }
  h1 { font-size: 1.625rem; line-height: 1.25; margin: 0 0 .25rem; color: #0b4fa8; }
  h2 { font-size: 1.125rem; margin: 2rem 0 .5rem; color: #0b4fa8;
       padding-bottom: .25rem; border-bottom: 1px solid #c9d3e0; }
  .subtitle { margin: 0; color: #4d5a6a; }
  dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .375rem 1rem; margin: 0; }
  dt { font-weight: 600; color: #4d5a6a; }
  dd { margin: 0; overflow-wrap: break-word; }
  ol, ul { padding-left: 1.5rem; }
  li { margin-bottom: .75rem; }
  footer { margin-top: 2.5rem; padding-top: 1rem; border-top: 1px solid #c9d3e0;
           font-size: .875rem; color: #4d5a6a; }
  @media (max-width: 480px) { dl { grid-template-columns: 1fr; } }
  @media print {
    @page { margin: 2cm; }
    body { background: #fff; color: #000; font-size: 11pt; }
    main { max-width: none; padding: 0; }
    h1, h2, .subtitle, dt, footer { color: #000; }
    h2 { break-after: avoid; }
    li, dl { break-inside: avoid; }
  }
`
const style = raw(styleText)

/**
 * Nothing runs, nothing loads: the one style element above is allowed by its hash, so even
 * markup slipped into a value could not bring styles of its own (no 'unsafe-inline').
 */
export const termHtmlPolicy = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(styleText).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`

export function renderPurchaseTermsHtml(term: TermDocument) {
  const dependents =
    term.dependents.length > 0
      ? html`<ul>${term.dependents.map((d) => html`<li>${d.name} (${d.type})</li>`)}</ul>`
      : html`<p>Nenhum dependente incluído até o momento.</p>`
  const included =
    term.dependentsIncluded > 0 ? `até ${term.dependentsIncluded}` : 'nenhum (plano individual)'
  const acceptance = term.acceptedAt
    ? `Termos aceitos eletronicamente em ${term.acceptedAt}.`
    : 'Aceite pendente: leia os termos e confirme no Portal do Titular.'
  return html`<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Termos de Compra — ${term.modelName} — Contrato ${term.contractNumber}</title>
<style>${style}</style>
</head>
<body>
<main>
<h1>Termos de Compra</h1>
<p class="subtitle">${term.modelName} — Contrato ${term.contractNumber}</p>
<h2>Dados do titular e do contrato</h2>
<dl>
<dt>Titular</dt><dd>${term.holderName}</dd>
<dt>CPF</dt><dd>${term.cpf}</dd>
<dt>Plano</dt><dd>${term.modelName}</dd>
<dt>Série/Número</dt><dd>${term.contractNumber}</dd>
<dt>Data da venda</dt><dd>${term.saleDate}</dd>
<dt>Dependentes inclusos</dt><dd>${included}</dd>
</dl>
<h2>Dependentes</h2>
${dependents}
<h2>Cláusulas</h2>
<ol>
${term.clauses.map(
  (clause) => html`<li><strong>${clause.title}.</strong> ${clause.text}</li>
`,
)}</ol>
<footer>
<p>${acceptance}</p>
<p>Documento gerado em ${term.generatedAt}.</p>
</footer>
</main>
</body>
</html>
`
}
