/**
 * `npm run conformance -- <base-url> [--token <token>] [--email <e-mail>] [--code-from demo-outbox]
 * [--api-base /socios-api]`: checks a backend against docs/api/openapi.json (decision 018). Prints
 * each check and exits 1 when one fails.
 */
import { parseArgs } from 'node:util'
import { runConformance } from './conformance/kit'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    token: { type: 'string' },
    email: { type: 'string' },
    'code-from': { type: 'string' },
    'api-base': { type: 'string' },
  },
})
const baseUrl = positionals[0]?.replace(/\/$/, '')
if (!baseUrl) {
  console.error(
    'Uso: npm run conformance -- <url-base> [--token <token>] [--email <e-mail>] [--code-from demo-outbox]',
  )
  process.exit(2)
}
if (values['code-from'] !== undefined && values['code-from'] !== 'demo-outbox') {
  console.error('--code-from aceita só demo-outbox.')
  process.exit(2)
}
const results = await runConformance({
  baseUrl,
  token: values.token,
  email: values.email,
  codeFrom: values['code-from'] === 'demo-outbox' ? 'demo-outbox' : undefined,
  apiBase: values['api-base'],
})
for (const result of results)
  console.log(
    `${result.ok ? '✓' : '✗'} ${result.name}${result.detail ? `\n    ${result.detail}` : ''}`,
  )
const failed = results.filter((result) => !result.ok).length
console.log(`\n${results.length - failed} de ${results.length} verificações passaram.`)
process.exit(failed ? 1 : 0)
