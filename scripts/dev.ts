/** `npm run dev`: the API server in watch mode plus Vite with hot reload, proxying the API. */
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '8080'
const children = [
  spawn('tsx', ['watch', 'server/index.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('vite', [], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
]

const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children)
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
