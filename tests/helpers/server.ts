import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { connect, createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { copyDemoDataDir } from './database-templates'
import { serverCommand } from './server-command'

const root = resolve(import.meta.dirname, '../..')

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail()))
    })
  })
}

export type RunningServer = {
  url: string
  port: number
  dataDir: string
  /** Everything the server printed, for failure messages and the demo code line. */
  output: () => string
  stop: () => Promise<void>
  /**
   * "No signal" without stopping the process: the port the browser uses refuses connections and
   * drops the open ones, as a stopped server's does, while the server itself keeps running (and
   * its jobs too, as they would for a person who loses signal). `restoreSignal` undoes it.
   */
  cutSignal: () => Promise<void>
  restoreSignal: () => Promise<void>
  /**
   * Stops and starts again on the same port and DATA_DIR ("the signal comes back"), with
   * `env` on top of the first start's (e.g. another JWT_SECRET: every token turns invalid).
   */
  restart: (env?: Record<string, string>) => Promise<void>
  /** Starts it again if a journey left it stopped; a no-op when it runs. */
  ensureRunning: () => Promise<void>
  close: () => Promise<void>
}

/**
 * Starts the server exactly as `npm start` does after its build (server-command.ts), on a
 * free port with a fresh DATA_DIR, and waits until it answers.
 */
export async function startServer(
  env: Record<string, string> = {},
  /** The name the browser uses: 'localhost' for passkeys (WebAuthn refuses an IP address). */
  hostname = '127.0.0.1',
): Promise<RunningServer> {
  if (!existsSync(join(root, 'dist/index.html')))
    throw new Error('dist/ não existe: rode `npm run build` antes dos testes de navegador.')
  // The browser reaches the server through a switch of ours (port); the process listens behind it.
  const [port, serverPort] = await Promise.all([freePort(), freePort()])
  const dataDir = mkdtempSync(join(tmpdir(), 'pdt-e2e-'))
  // A demo server on the embedded database starts from the run's copy of it, not from initdb.
  const demoOnPglite = (env.DEMO ?? '1') === '1' && !env.DATABASE_URL && !env.DATA_DIR
  if (demoOnPglite) copyDemoDataDir(dataDir)
  const url = `http://${hostname}:${port}`
  let child: ChildProcess | null = null
  let log = ''

  let overrides: Record<string, string> = {}
  const start = async () => {
    const { command, args } = serverCommand()
    child = spawn(command, args, {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(serverPort),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO: '1',
        // The links the app navigates to (payment links) point where the browser found us.
        PUBLIC_URL: url,
        // Journeys log the same demo people in many times; the limits have their own API tests.
        OTP_LIMIT_PER_DESTINATION: '1000',
        OTP_LIMIT_PER_ADDRESS: '1000',
        ...env,
        ...overrides,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', (chunk) => {
      log += chunk
    })
    child.stderr?.on('data', (chunk) => {
      log += chunk
    })
    await waitUntilUp(
      `http://127.0.0.1:${serverPort}`,
      () => child?.exitCode ?? null,
      () => log,
    )
  }

  const stop = async () => {
    const running = child
    child = null
    if (!running || running.exitCode !== null) return
    const exited = new Promise((done) => running.once('exit', done))
    running.kill('SIGTERM')
    const killer = setTimeout(() => running.kill('SIGKILL'), 5000)
    await exited
    clearTimeout(killer)
  }

  const signal = signalSwitch(port, serverPort)
  await Promise.all([start(), signal.restore()])
  return {
    url,
    port,
    dataDir,
    output: () => log,
    stop,
    cutSignal: signal.cut,
    restoreSignal: signal.restore,
    restart: async (env = {}) => {
      await stop()
      overrides = { ...overrides, ...env }
      await start()
      await signal.restore()
    },
    ensureRunning: async () => {
      if (!child || child.exitCode !== null) await start()
    },
    close: async () => {
      await Promise.all([stop(), signal.cut()])
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A TCP relay from `port` to the server's own port that can be switched off: then it stops
 * listening (a new connection is refused) and drops every open one (a request in flight fails),
 * which is what the browser saw when the journeys stopped the server, without the 3 to 6 s of a
 * restart each time the signal came back.
 */
function signalSwitch(port: number, serverPort: number) {
  let listener: Server | null = null
  const sockets = new Set<Socket>()
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  }
  const relay = (client: Socket) => {
    const upstream = connect(serverPort, '127.0.0.1')
    track(client)
    track(upstream)
    // One side failing (the server restarting, the signal cut) ends the other.
    client.once('error', () => upstream.destroy())
    upstream.once('error', () => client.destroy())
    client.pipe(upstream)
    upstream.pipe(client)
  }
  return {
    async restore() {
      if (listener) return
      const opened = createServer(relay)
      listener = opened
      await new Promise<void>((done, fail) => {
        opened.once('error', fail)
        opened.listen(port, '127.0.0.1', done)
      })
    },
    async cut() {
      const open = listener
      listener = null
      for (const socket of sockets) socket.destroy()
      sockets.clear()
      if (open) await new Promise((done) => open.close(done))
    },
  }
}

async function waitUntilUp(url: string, exitCode: () => number | null, log: () => string) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (exitCode() !== null) throw new Error(`O servidor saiu com código ${exitCode()}:\n${log()}`)
    try {
      const response = await fetch(`${url}/socios-api/health`)
      if (response.ok) return
    } catch {
      // Not listening yet: poll again shortly.
    }
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`O servidor não respondeu em 60 s:\n${log()}`)
}
