import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { startConnectivity } from './api/connectivity'
import { App } from './app'
import { startContractRead } from './features/contracts/api/early-read'
import './styles/fonts.css'
import './styles/tokens.css'
import './styles/global.css'

startConnectivity()
startContractRead()

const root = document.getElementById('root')
if (!root) throw new Error('Elemento #root ausente em index.html')

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

// After the page has loaded, and its code with it: the login screen's first view does not carry it.
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  window.addEventListener('load', () =>
    import('./offline/sw-bridge').then(({ registerServiceWorker }) => registerServiceWorker()),
  )
