/**
 * The public screens people arrive at cold (a payment link, its receipt, the login) rendered
 * into their HTML (decision 020). The renderer is the app itself, built by scripts/build-ssr.ts
 * into `<staticDir>/.ssr/entry-server.mjs`: the server never imports src/, it loads that build
 * the way it serves the rest of dist/. The renderer reads the API through this process's own
 * routes (the same answers, logs and metrics as a browser's request), and what it read goes into
 * the page for the script to take over. No build, or a screen that does not come out whole: the
 * page starts empty, as before.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { apiBase } from '../../contract/operation'
import type { Logger } from '../logger'

/** An API answer the screen was rendered with (src/page-data.ts reads them back). */
export interface PageAnswer {
  path: string
  status: number
  body: string
}

interface Renderer {
  renderScreen(url: string): Promise<string | null>
  setTransport(fetcher: typeof fetch): void
}

/** How the renderer reaches the API: the app's own `fetch`, with the page request's env. */
export type ApiFetch = (request: Request, env: unknown) => Promise<Response>

export interface RenderedScreen {
  html: string
  answers: PageAnswer[]
}

interface Rendering {
  env: unknown
  answers: PageAnswer[]
}

export function serverRender(staticDir: string, api: ApiFetch, logger: Logger) {
  const current = new AsyncLocalStorage<Rendering>()
  const file = join(staticDir, '.ssr', 'entry-server.mjs')
  let loaded: { mtime: number; renderer: Promise<Renderer | null> } | undefined

  const transport: typeof fetch = async (input, init) => {
    const rendering = current.getStore()
    const request = new Request(new URL(String(input), 'http://localhost'), init)
    const response = await api(request, rendering?.env)
    if (rendering && request.method === 'GET') {
      const url = new URL(request.url)
      rendering.answers.push({
        path: `${url.pathname.slice(apiBase.length)}${url.search}`,
        status: response.status,
        body: await response.clone().text(),
      })
    }
    return response
  }

  /** The renderer of the current build (a rebuild needs no restart), or null without one. */
  async function renderer(): Promise<Renderer | null> {
    const mtime = await stat(file).then(
      (info) => info.mtimeMs,
      () => null,
    )
    if (mtime === null) return null
    if (loaded?.mtime !== mtime) {
      const renderer = import(`${pathToFileURL(file).href}?v=${mtime}`).then(
        (module: Renderer) => {
          module.setTransport(transport)
          return module
        },
        (error: unknown) => {
          logger.error({ err: error, file }, 'ssr: renderer not loaded; pages start empty')
          return null
        },
      )
      loaded = { mtime, renderer }
    }
    return loaded.renderer
  }

  /** The screen at `url` (path and query), or null: the page then starts empty. */
  return async function render(url: string, env: unknown): Promise<RenderedScreen | null> {
    const loadedRenderer = await renderer()
    if (!loadedRenderer) return null
    const rendering: Rendering = { env, answers: [] }
    try {
      const html = await current.run(rendering, () => loadedRenderer.renderScreen(url))
      return html === null ? null : { html, answers: rendering.answers }
    } catch (error) {
      // The screen's own failure must not cost the person the page: the script renders it.
      logger.error({ err: error, url }, 'ssr: screen not rendered; page starts empty')
      return null
    }
  }
}

export type ServerRender = ReturnType<typeof serverRender>
