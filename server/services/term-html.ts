/**
 * The purchase terms of a contract as a standalone HTML document (GET /client/term/contract).
 * The app opens it in a new tab; every value is escaped by hono/html's template (markup goes in
 * only as html`…` or raw()), and the app still sanitizes it (DESIGN.md §6).
 */
import { html, raw } from 'hono/html'
import type { TermDocument } from './terms'

/** Only inline styles; served with a CSP that allows nothing else. */
export const termHtmlPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

const style = raw(`
  body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1f2933;
         line-height: 1.5; margin: 0; background: #f5f7fa; }
  main { max-width: 46rem; margin: 0 auto; padding: 2rem 1.25rem; background: #fff; }
  h1 { font-size: 1.5rem; margin: 0 0 .25rem; color: #0b4f8a; }
  h2 { font-size: 1.1rem; margin: 1.75rem 0 .5rem; color: #0b4f8a; }
  .subtitle { margin: 0; color: #52606d; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  ol { padding-left: 1.25rem; }
  li { margin-bottom: .75rem; }
  footer { margin-top: 2rem; font-size: .85rem; color: #52606d; }
`)

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
