/** The floor of start-up work: React mounting one heading, built like the app (scripts/bench/pages.ts). */
import { createRoot } from 'react-dom/client'

const root = document.getElementById('root')
if (root) createRoot(root).render(<h1>Portal do Titular</h1>)
