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
    // The screen's code, named by the server but held until now (server/http/static.ts).
    const code = document.getElementById('screen-code')
    if (code instanceof HTMLTemplateElement) document.head.append(code.content)
    void import('./boot').catch(letFormsGo)
  })
} else void import('./boot')
