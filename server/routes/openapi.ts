/**
 * GET /socios-api/openapi.json, the API's document, and GET /socios-api/docs, the page that
 * shows it (decision 018): both made once, from the declarations, on first use.
 */

import { Hono } from 'hono'
import type { AppEnv } from '../deps'
import { at } from '../http/declared'
import { docsPagePolicy, renderDocsPage } from '../openapi/docs-page'
import { openApiText } from '../openapi/document'

export function openApiRoutes() {
  let text: string | undefined
  let page: string | undefined
  return new Hono<AppEnv>()
    .get(at('openApi'), (c) => {
      text ??= openApiText()
      return c.body(text, 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'public, max-age=300',
      })
    })
    .get(at('apiDocs'), async (c) => {
      page ??= String(await renderDocsPage())
      return c.html(page, 200, {
        'Cache-Control': 'public, max-age=300',
        'Content-Security-Policy': docsPagePolicy,
      })
    })
}
