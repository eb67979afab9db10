/**
 * The entry: only what the first paint needs (the styles). The app itself is src/boot.tsx, its
 * chunks fetched alongside this one (their modulepreload links are in every page's HTML). When
 * the server rendered the screen into the HTML (decision 020), the browser paints it first and
 * the app starts after that paint, so no script stands between the person and the screen: the
 * screen's code is only named in the HTML (a `<template>` of links) and fetched from then on.
 */
import './styles/fonts.css'
import './styles/tokens.css'
import './styles/global.css'
import { keepEarlyTaps, letFormsGo } from './early-taps'
import { catchInstallOffers } from './features/install/logic/offer'
import { afterFirstPaint } from './first-paint'

// The browser may offer installation before the app has started; the prompt takes it later.
catchInstallOffers()

const root = document.getElementById('root')
if (root?.firstElementChild) {
  keepEarlyTaps(root)
  // If the app's code never arrives, the server's screen keeps working as plain HTML.
  afterFirstPaint(() => {
    // The screen's code, named by the server but held until now (server/http/static.ts): the
    // stylesheets' links at once (Vite's loader looks for them), the chunks' a few per task: each
    // link starts a fetch, and 30 at once made one 100-400 ms task of a phone's main thread (at
    // 4× CPU). The app's own chunks need none: importing it preloads them.
    const code = document.getElementById('screen-code')
    const links = code instanceof HTMLTemplateElement ? [...code.content.children] : []
    const styles = (link: Element) => link.getAttribute('rel') === 'stylesheet'
    document.head.append(...links.filter(styles))
    void import('./boot').catch(letFormsGo)
    const chunks = links.filter((link) => !styles(link))
    const more = () => {
      document.head.append(...chunks.splice(0, 4))
      if (chunks.length > 0) setTimeout(more, 0)
    }
    setTimeout(more, 0)
  })
} else void import('./boot')
