/** GET /socios-api/openapi.json: the API's document, made once from the declarations. */
import { Hono } from 'hono'
import type { AppEnv } from '../deps'
import { openApiText } from '../openapi/document'

export function openApiRoutes() {
  let text: string | undefined
  return new Hono<AppEnv>().get('/openapi.json', (c) => {
    text ??= openApiText()
    return c.body(text, 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
    })
  })
}
