/**
 * The proxy sees what goes from the client to the PSP; a PSP's notifications go the other way,
 * to the receiver's webhook. Their bodies are declared in the document as callbacks of the
 * operation that registers the webhook (PUT /webhookrec → POST {webhookUrl}/rec); this checks
 * a body that arrived against that declaration, with the same response validator the proxy
 * uses (a callback's body is, for the receiver, what the PSP answers it with).
 */
import type { OpenApiDocument } from './documents'
import type { Operation } from './operations'
import { resolve } from './operations'
import { responseErrors } from './validators'

type Node = Record<string, unknown>

/** The errors of `body` as the callback `name` of `method path` in the document, or []. */
export function callbackErrors(
  document: OpenApiDocument,
  method: string,
  path: string,
  name: string,
  body: string,
): string[] {
  const operation = document.paths[path]?.[method.toLowerCase()] as Node | undefined
  const callback = (operation?.callbacks as Node | undefined)?.[name] as Node | undefined
  const expression = callback && Object.keys(callback)[0]
  const post = expression ? ((callback[expression] as Node).post as Node) : undefined
  if (!post) return [`callback ${name} de ${method} ${path} não declarado no documento`]
  const requestBody = resolve(document, post.requestBody) as {
    content: Record<string, { schema?: Node }>
  }
  const declared: Operation = {
    id: `callback ${name} de ${method.toUpperCase()} ${path}`,
    method: 'post',
    template: expression ?? '',
    parameters: [],
    requestBody: undefined,
    responses: { '200': { content: requestBody.content } },
  }
  return responseErrors(document, declared, 200, 'application/json', Buffer.from(body))
}
