import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { startConnectivity } from './api/connectivity'
import { App } from './app'
import { startContractRead } from './features/contracts/api/early-read'
import { registerServiceWorker } from './offline/sw-bridge'
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

if (import.meta.env.PROD) registerServiceWorker()
