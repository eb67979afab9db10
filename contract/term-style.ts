/**
 * How the purchase terms read: a readable column on screen, plain black on white on paper, the
 * clause list never split mid-clause when printed. One style for both readers of the terms:
 * the server's standalone document (server/services/term-html.ts, allowed by its CSP hash) and
 * the app, which opens the sanitized body only and dresses it with this style plus its own font
 * (`fontUrl`, an absolute URL: a blob document has no base of its own). Headings take the
 * brand's primary colour (brand.json).
 */
export function termDocumentStyle(fontUrl: string | undefined, primary: string) {
  const fontFace = fontUrl
    ? `@font-face { font-family: "Inter Variable"; font-style: normal; font-weight: 100 900;
  font-display: swap; src: url("${fontUrl}") format("woff2-variations"); }
`
    : ''
  const family = `${fontUrl ? '"Inter Variable", ' : ''}system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif`
  return `
${fontFace}:root { color-scheme: light; }
body { margin: 0; background: #f3f6fb; color: #1b2430; font: 16px/1.6 ${family};
  display: flex; flex-direction: column; min-height: 100vh; }
main, body > :not(main) { box-sizing: border-box; width: 100%; }
main { max-width: 46rem; margin: 0 auto; padding: 2rem 1.25rem 3rem; background: #fff;
  flex: 1 0 auto; }
h1 { font-size: 1.625rem; line-height: 1.25; margin: 0 0 .25rem; color: ${primary}; }
h2 { font-size: 1.125rem; line-height: 1.3; margin: 2rem 0 .5rem; color: ${primary};
  padding-bottom: .25rem; border-bottom: 1px solid #c9d3e0; }
p { margin: 0 0 .75rem; }
.subtitle { margin: 0; color: #4d5a6a; }
dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .375rem 1rem; margin: 0; }
dt { font-weight: 600; color: #4d5a6a; }
dd { margin: 0; overflow-wrap: break-word; }
ol, ul { padding-left: 1.5rem; }
li { margin-bottom: .75rem; }
footer { margin-top: 2.5rem; padding-top: 1rem; border-top: 1px solid #c9d3e0;
  font-size: .875rem; color: #4d5a6a; }
@media (max-width: 480px) { dl { grid-template-columns: 1fr; } dd { margin-bottom: .5rem; } }
.portal-bar, .portal-next { max-width: 46rem; margin: 0 auto; padding: .75rem 1.25rem;
  background: #fff; }
.portal-bar { border-bottom: 1px solid #c9d3e0; }
.portal-next { padding-bottom: 2.5rem; }
.portal-back { display: inline-flex; align-items: center; min-height: 44px; padding: 0 1rem;
  border-radius: 10px; background: ${primary}; color: #fff; font-weight: 600; text-decoration: none; }
.portal-bar .portal-back { padding: 0; background: none; color: ${primary}; }
.portal-bar .portal-back::before { content: "← "; white-space: pre; }
@media print {
  @page { margin: 2cm; }
  body { background: #fff; color: #000; font-size: 11pt; }
  body { display: block; min-height: 0; }
  main { max-width: none; padding: 0; }
  .portal-bar, .portal-next { display: none; }
  h1, h2, .subtitle, dt, footer { color: #000; }
  h2 { break-after: avoid; }
  li, dl { break-inside: avoid; }
}
`
}
