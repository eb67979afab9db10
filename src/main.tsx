/**
 * The entry: only what the first paint needs (the styles). The app itself is src/boot.tsx, its
 * chunks fetched alongside this one (their modulepreload links are in every page's HTML). When
 * the server rendered the screen into the HTML (decision 020), the browser paints it first and
 * the app starts after that paint, so no script stands between the person and the screen.
 */
import './styles/fonts.css'
import './styles/tokens.css'
import './styles/global.css'
import { keepEarlyTaps, letFormsGo } from './early-taps'
import { catchInstallOffers } from './features/install/logic/offer'

// The browser may offer installation before the app has started; the prompt takes it later.
catchInstallOffers()

const root = document.getElementById('root')
if (root?.firstElementChild) {
  keepEarlyTaps(root)
  // If the app's code never arrives, the server's screen keeps working as plain HTML.
  const start = () => import('./boot').catch(letFormsGo)
  requestAnimationFrame(() => setTimeout(start, 0))
} else void import('./boot')
