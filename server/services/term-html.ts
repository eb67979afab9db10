/**
 * The purchase terms of a contract as a standalone HTML document (GET /client/term/contract).
 * The app opens it in a new tab; every value is escaped by hono/html's template (markup goes in
 * only as html`…` or raw()), and the app still sanitizes it (docs/design.md §6).
 */
import { createHash } from 'node:crypto'
import { html, raw } from 'hono/html'
import { termDocumentStyle } from '../../contract/term-style'
import type { TermDocument } from './terms'

/** The terms' one style (contract/term-style.ts), shared with the app's reading of them. */
const styleText = (primary: string) => termDocumentStyle(undefined, primary)

/**
 * Nothing runs, nothing loads: the one style element of the document is allowed by its hash, so
 * even markup slipped into a value could not bring styles of its own (no 'unsafe-inline').
 */
export const termHtmlPolicy = (primary: string) =>
  `default-src 'none'; style-src 'sha256-${createHash('sha256').update(styleText(primary)).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`

export function renderPurchaseTermsHtml(term: TermDocument) {
  const dependents =
    term.dependents.length > 0
      ? html`<ul>${term.dependents.map((d) => html`<li>${d.name} (${d.type})</li>`)}</ul>`
      : html`<p>Nenhum dependente incluído até o momento.</p>`
  const included =
    term.dependentsIncluded > 0 ? `até ${term.dependentsIncluded}` : 'nenhum (plano individual)'
  const acceptance = term.acceptedAt
    ? `Termos aceitos eletronicamente em ${term.acceptedAt}.`
    : `Aceite pendente: leia os termos e confirme no ${term.portal}.`
  return html`<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Termos de Compra — ${term.modelName} — Contrato ${term.contractNumber}</title>
<style>${raw(styleText(term.primary))}</style>
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
${
  term.price
    ? html`<h2>Valores</h2>
<dl>
<dt>Parcelas</dt><dd>${term.price.instalments}</dd>
<dt>Total</dt><dd>${term.price.total}</dd>
<dt>Vencimentos</dt><dd>${term.price.dueDates}</dd>
</dl>`
    : ''
}
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
