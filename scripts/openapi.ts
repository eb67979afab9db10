/**
 * `npm run openapi`: writes docs/api/openapi.json from contract/operations.ts. The test
 * server/openapi/document.test.ts fails when the committed copy differs from what this writes.
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { openApiText } from '../server/openapi/document'

const root = resolve(import.meta.dirname, '..')
const target = resolve(root, 'docs/api/openapi.json')
writeFileSync(target, openApiText())
console.log(`docs/api/openapi.json escrito.`)
