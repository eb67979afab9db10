// @vitest-environment jsdom
import type { AnyRouter } from '@tanstack/react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { focusHeadingAfterNavigation } from './route-focus'

type Listener = (event: { fromLocation?: unknown; pathChanged: boolean }) => void

/** The two router events the helper listens to, fired by hand. */
function fakeRouter() {
  const listeners: Record<string, Listener[]> = {}
  const router = {
    subscribe: (type: string, listener: Listener) => {
      listeners[type] = [...(listeners[type] ?? []), listener]
      return () => undefined
    },
  } as unknown as AnyRouter
  const fire = (type: string, event: Parameters<Listener>[0]) => {
    for (const listener of listeners[type] ?? []) listener(event)
  }
  return { router, fire }
}

/** Swaps the screen: a new <main> with its heading and a link, as a route change does. */
function showScreen(title: string, extra = '') {
  document.body.innerHTML = `<main><h1>${title}</h1><a href="/x">Link</a>${extra}</main>`
  return document.querySelector('h1') as HTMLElement
}

const navigate = async (fire: ReturnType<typeof fakeRouter>['fire'], show: () => void) => {
  fire('onBeforeNavigate', { fromLocation: {}, pathChanged: true })
  show()
  fire('onResolved', { fromLocation: {}, pathChanged: true })
  // A frame for the render to commit, then the helper's look for the heading.
  await new Promise((done) => setTimeout(done, 60))
}

describe('focus after navigation', () => {
  beforeEach(() => {
    document.body.innerHTML = ''
  })

  it('leaves the first load alone, then focuses each new heading once the person acted', async () => {
    const { router, fire } = fakeRouter()
    focusHeadingAfterNavigation(router)
    showScreen('Perfil')
    fire('onResolved', { fromLocation: undefined, pathChanged: true })
    await navigate(fire, () => showScreen('Pagamentos'))
    expect(document.activeElement).toBe(document.body)

    document.dispatchEvent(new Event('pointerdown'))
    await navigate(fire, () => showScreen('Carteirinhas'))
    const heading = document.querySelector('h1')
    expect(document.activeElement).toBe(heading)
    expect(heading?.getAttribute('tabindex')).toBe('-1')
  })

  it('keeps the focus a screen gave itself, and ignores changes of the query only', async () => {
    const { router, fire } = fakeRouter()
    focusHeadingAfterNavigation(router)
    document.dispatchEvent(new Event('keydown'))
    await navigate(fire, () => {
      showScreen('Inserir código de entrada', '<input aria-label="Código">')
      document.querySelector('input')?.focus()
    })
    expect(document.activeElement?.tagName).toBe('INPUT')

    const link = document.querySelector('a') as HTMLElement
    link.focus()
    fire('onResolved', { fromLocation: {}, pathChanged: false })
    await new Promise((done) => setTimeout(done, 50))
    expect(document.activeElement).toBe(link)
  })
})
