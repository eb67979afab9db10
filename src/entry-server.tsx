/**
 * The server's rendering of the public screens people arrive at cold (a payment link opened from
 * WhatsApp, its receipt, the login): the same app, routes and components the browser runs,
 * rendered to HTML by the API server at the page's URL so the screen paints with the HTML,
 * before any script (decision 020). Built by `vite build --ssr` into dist/.ssr/ and loaded by
 * server/http/server-render.ts, which gives it the server's own API (`setTransport`) and writes
 * the answers the screen read into the page, for the script to take over with no second request.
 */
import { createMemoryHistory } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { setTransport } from './api/client'
import { createQueryClient } from './api/query-client'
import { App } from './app'
import { serverRendered } from './page-data'
import { createAppRouter } from './router'

export { setTransport }

/**
 * The screen at `url` (path and query) as HTML for inside #root; null when this path is not
 * rendered here, an error when it did not come out whole. Either way the page starts empty.
 */
export async function renderScreen(url: string): Promise<string | null> {
  const { pathname } = new URL(url, 'http://server')
  if (!serverRendered.test(pathname)) return null
  const queryClient = createQueryClient()
  // What the server read is what it renders: a refusal is shown, not asked again (no effects run
  // here; a query that would ask again on mount renders as still loading).
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false },
  })
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }))
  await router.load()
  // A redirect or an unknown path is the browser's to follow.
  if (router.state.location.pathname !== pathname) return null
  const html = renderToString(<App parts={{ queryClient, router }} />)
  queryClient.clear()
  // A Suspense boundary that rendered its fallback (`<!--$!-->`, `<!--$?-->`: a component threw
  // or waited): not the screen. The server logs it and sends the page empty.
  if (/<!--\$[!?]-->/.test(html))
    throw new Error(`${pathname}: tela incompleta na renderização do servidor`)
  return html
}
