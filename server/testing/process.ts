/**
 * The real server as a child process (tests/helpers/server-command.ts), for tests that need
 * processes: several instances on one database, or a SIGKILL in the middle of a write. One
 * process, no tsx wrapper, so a signal reaches the server itself. Needs no build (the browser
 * journeys' `startServer` in tests/helpers serves the built app instead).
 */
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { freePort } from '../../tests/helpers/server'
import { serverCommand } from '../../tests/helpers/server-command'

// The repository's root, where a server started from the sources finds ./brand.json and ./dist.
const root = resolve(import.meta.dirname, '../..')

export class ServerProcess {
  private child: ChildProcess | null = null
  /** Everything the server printed, for failure messages and for waiting on a log line. */
  log = ''

  constructor(
    readonly url: string,
    private readonly env: Record<string, string>,
  ) {}

  /** Starts it and waits until it is ready (database migrated) to answer. */
  async start() {
    const { command, args } = serverCommand()
    this.child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child.stdout?.on('data', (chunk) => {
      this.log += chunk
    })
    this.child.stderr?.on('data', (chunk) => {
      this.log += chunk
    })
    await this.until(
      async () =>
        (await fetch(`${this.url}/socios-api/health/ready`).catch(() => undefined))?.ok === true,
      'o servidor não ficou pronto',
    )
  }

  /** Polls `check` (a process that exited is a failure at once), 60 s at most. */
  async until(check: () => boolean | Promise<boolean>, what: string) {
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      if (this.child?.exitCode !== null) throw new Error(`o servidor saiu:\n${this.log}`)
      if (await check()) return
      await new Promise((done) => setTimeout(done, 25))
    }
    throw new Error(`${what}:\n${this.log}`)
  }

  /** Ends it with `signal` (by default a crash: SIGKILL) and waits for the exit. */
  async kill(signal: NodeJS.Signals = 'SIGKILL') {
    const child = this.child
    this.child = null
    if (!child || child.exitCode !== null) return
    const exited = new Promise((done) => child.once('exit', done))
    child.kill(signal)
    await exited
  }

  /** A graceful stop, as a deploy sends it. */
  stop() {
    return this.kill('SIGTERM')
  }
}

/**
 * The real server as a child process on a free port, for a test that runs its life itself (when
 * it is ready, which signal ends it): the process, its port, everything it printed, its exit.
 * `env` comes over the test's own environment; `options` adds to spawn's (another user, say).
 */
export async function spawnServer(env: Record<string, string>, options: SpawnOptions = {}) {
  const port = await freePort()
  const { command, args } = serverCommand()
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  )
  return { child, port, url: `http://127.0.0.1:${port}`, exited, output: () => output }
}
