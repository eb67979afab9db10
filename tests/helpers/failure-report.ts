/**
 * What a failed browser journey leaves in the log, so a failure seen once on a busy CI machine
 * can be understood from its output alone: where the page was, what it said (alerts, toasts,
 * the heading) and the last API requests with their answers and times.
 */
import type { BrowserContext, Page } from 'playwright-core'

const kept = 20

export function watchRequests(context: BrowserContext) {
  const started = Date.now()
  const lines: string[] = []
  const note = (line: string) => {
    lines.push(`${String(Date.now() - started).padStart(6)} ms  ${line}`)
    if (lines.length > kept) lines.shift()
  }
  const api = (url: string) => new URL(url).pathname.startsWith('/socios-api/')
  context.on('requestfinished', (request) => {
    if (!api(request.url())) return
    // Asked of the browser: a device closed meanwhile answers with an error, not a status.
    void request
      .response()
      .catch(() => null)
      .then((response) =>
        note(
          `${request.method()} ${new URL(request.url()).pathname} → ${response?.status() ?? '?'}`,
        ),
      )
  })
  context.on('requestfailed', (request) => {
    if (api(request.url()))
      note(
        `${request.method()} ${new URL(request.url()).pathname} ✗ ${request.failure()?.errorText}`,
      )
  })
  context.on('page', (page) =>
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) note(`navegou para ${new URL(frame.url()).pathname}`)
    }),
  )
  return () => lines
}

export async function describePage(page: Page, requests: string[]) {
  const said = await page
    .evaluate(() =>
      [...document.querySelectorAll('h1, [role="alert"], [role="status"], [data-sonner-toast]')]
        .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.trim()}`)
        .filter((line) => !line.endsWith(':')),
    )
    .catch((error: unknown) => [`(a página não respondeu: ${String(error)})`])
  return [
    `Página no momento da falha: ${page.url()}`,
    ...said.map((line) => `  ${line}`),
    'Últimas requisições à API:',
    ...requests.map((line) => `  ${line}`),
  ].join('\n')
}
