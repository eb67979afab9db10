/**
 * The data folder at start, with real servers (one process each, as the crash test starts them,
 * so SIGKILL stops the server itself): a second server on a folder in use refuses to start and
 * the first keeps serving; after a SIGKILL the folder is free again; a folder the server cannot
 * use stops it with one sentence, exit code 1, no stack trace.
 */
import type { ChildProcess } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { spawnServer } from '../testing/process'

const scratch = mkdtempSync(join(tmpdir(), 'pdt-data-dir-start-'))
// Readable by the unprivileged user the unwritable case runs as under root.
chmodSync(scratch, 0o755)
const running: ChildProcess[] = []

afterAll(async () => {
  await Promise.all(running.map((child) => stop(child, 'SIGKILL')))
  rmSync(scratch, { recursive: true, force: true })
})

async function startServer(dataDir: string, as?: { uid: number; gid: number }) {
  const server = await spawnServer(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO: '1',
      JWT_SECRET: 'segredo-do-teste-da-pasta-de-dados-32c',
      ...(as && { HOME: scratch }),
    },
    { ...as },
  )
  running.push(server.child)
  const exited = server.exited.then(({ code }) => code)
  const health = () =>
    fetch(`${server.url}/socios-api/health`).then(
      (response) => response.status,
      () => 0,
    )
  return { child: server.child, exited, health, output: server.output }
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

type Server = Awaited<ReturnType<typeof startServer>>

async function up(server: Server) {
  const deadline = Date.now() + 45_000
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`o servidor saiu:\n${server.output()}`)
    if ((await server.health()) === 200) return
    await new Promise((done) => setTimeout(done, 50))
  }
  throw new Error(`o servidor não subiu:\n${server.output()}`)
}

async function stop(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((done) => child.once('exit', done))
  child.kill(signal)
  await exited
}

describe('one server per data folder', () => {
  it('refuses a second server while the first serves; a SIGKILL leaves the folder free', async () => {
    const dataDir = join(scratch, 'dados')
    const first = await startServer(dataDir)
    await up(first)

    const second = await startServer(dataDir)
    const serving = up(second).then(() => 'também serve')
    expect(await Promise.race([second.exited, serving])).toBe(1)
    expect(second.output()).toMatch(
      new RegExp(
        `^A pasta de dados ${literal(dataDir)} já está em uso pelo processo ${first.child.pid} ` +
          `\\(iniciado em [^)]+\\)\\. Pare esse servidor ou use outro DATA_DIR\\.\\n$`,
      ),
    )
    expect(await first.health()).toBe(200)

    await stop(first.child, 'SIGKILL')
    const third = await startServer(dataDir)
    await up(third)
    await stop(third.child, 'SIGTERM')
    expect(third.child.exitCode).toBe(0)
    expect(readdirSync(dataDir).filter((name) => name.endsWith('.lock'))).toHaveLength(1)
  }, 90_000)
})

describe('a data folder the server cannot use', () => {
  const file = join(scratch, 'um-arquivo')
  writeFileSync(file, '')
  // Root writes anywhere whatever the mode, so under root the server runs as nobody.
  const unwritable = join(scratch, 'sem-permissao')
  mkdirSync(unwritable)
  const asRoot = process.getuid?.() === 0
  chmodSync(unwritable, asRoot ? 0o755 : 0o500)

  it.concurrent.each([
    [
      'a file',
      file,
      `A pasta de dados ${file} é um arquivo, não uma pasta. Aponte DATA_DIR para uma pasta.`,
    ],
    [
      'under a file',
      join(file, 'dados'),
      `A pasta de dados ${join(file, 'dados')} não pode existir: ${file} é um arquivo. Aponte DATA_DIR para uma pasta.`,
    ],
    [
      'not writable',
      unwritable,
      `Sem permissão para gravar na pasta de dados ${unwritable}. Dê permissão de escrita ao usuário do servidor ou use outro DATA_DIR.`,
    ],
  ])(
    '%s: one sentence and exit code 1',
    async (_, dataDir, sentence) => {
      const nobody = asRoot && dataDir === unwritable ? { uid: 65534, gid: 65534 } : undefined
      const server = await startServer(dataDir, nobody)
      expect(await server.exited).toBe(1)
      expect(server.output()).toBe(`${sentence}\n`)
    },
    60_000,
  )
})
