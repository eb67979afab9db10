/**
 * `npm run portal -- backup` and `restore` on the embedded database (issue 28), with a real
 * server process taking writes while the copy is made: every save acknowledged before the copy
 * began is in it, none is in it by half (the holder's row and its `holder.updated` event come
 * together), the restore refuses a folder in use and keeps what was there, and after it the
 * holder logs in and reads the saves.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { count, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it, onTestFailed } from 'vitest'
import { apiContract, apiSaveHolderPhone, apiToken } from '../../tests/helpers/api'
import { copyDemoDataDir } from '../../tests/helpers/database-templates'
import { serverCommand } from '../../tests/helpers/server-command'
import { checkCopy } from '../db/backup'
import { openDatabase } from '../db/client'
import { integrationEvents } from '../db/schema'
import { demoEmails } from '../demo/seed'
import { spawnServer } from '../testing/process'
import { DataError, runPortalCommand } from './portal'

const root = resolve(import.meta.dirname, '../..')
const scratch = mkdtempSync(join(tmpdir(), 'pdt-backup-'))
const running = new Set<ChildProcess>()

afterAll(() => {
  for (const child of running) child.kill('SIGKILL')
  rmSync(scratch, { recursive: true, force: true })
})

async function startServer(dataDir: string) {
  const server = await spawnServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO: '1',
    JWT_SECRET: 'segredo-do-teste-de-backup-com-32-caracteres',
  })
  const { child, url, output, exited } = server
  running.add(child)
  for (let tries = 0; ; tries++) {
    const status = await fetch(`${url}/socios-api/health/ready`).then(
      (response) => response.status,
      () => 0,
    )
    if (status === 200) break
    if (child.exitCode !== null || tries > 600)
      throw new Error(`o servidor não ficou pronto:\n${output()}`)
    await new Promise((done) => setTimeout(done, 100))
  }
  return {
    url,
    output,
    async stop() {
      child.kill('SIGTERM')
      await exited
      running.delete(child)
    },
  }
}

const portal = async (dataDir: string, ...argv: string[]) => {
  const lines: string[] = []
  await runPortalCommand(
    argv,
    { out: (line) => lines.push(line) },
    { DATA_DIR: dataDir, DEMO: '1' },
  )
  return lines
}

/** The command line as its own process: the run's bundle beside the server's (or the source). */
async function builtPortal(dataDir: string, ...argv: string[]) {
  const { command, args } = serverCommand()
  const server = args.at(-1) ?? ''
  const entry = server.endsWith('.mjs')
    ? [...args.slice(0, -1), join(dirname(server), 'portal.mjs')]
    : ['--import', 'tsx', 'server/cli/portal.ts']
  const child = spawn(command, [...entry, ...argv], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', DEMO: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const code = await new Promise<number | null>((done) => child.once('exit', done))
  return { code, output }
}

/** Ana's mobile for save number `n`: the save is known by its last four digits. */
const phoneOf = (base: string, n: number) => `${base.slice(0, -4)}${String(n).padStart(4, '0')}`
const saveOf = (phone: string) => Number(phone.slice(-4))

async function holderUpdates(dataDir: string) {
  const handle = await openDatabase({ dataDir })
  try {
    const [row] = await handle.db
      .select({ updates: count() })
      .from(integrationEvents)
      .where(eq(integrationEvents.type, 'holder.updated'))
    return row?.updates ?? 0
  } finally {
    await handle.close()
  }
}

describe('npm run portal -- backup / restore (embedded database)', () => {
  it('copies while the server takes saves: each acknowledged save is wholly in the copy or after it', async () => {
    const dataDir = join(scratch, 'data')
    if (!copyDemoDataDir(dataDir)) throw new Error('sem o banco de demonstração da execução')
    const updatesBefore = await holderUpdates(dataDir)
    const server = await startServer(dataDir)
    onTestFailed(() => console.error(`servidor:\n${server.output()}`))
    const token = await apiToken(server.url, demoEmails.ana)
    const basePhone = (await apiContract(server.url, token)).holder.person.phone.number ?? ''

    // Saves one after another, each known by its number, until told to stop.
    const acknowledged: { n: number; at: number }[] = []
    let started = 0
    let stopAfter = Number.POSITIVE_INFINITY
    const writer = (async () => {
      for (let n = 1; n <= stopAfter; n++) {
        started = n
        await apiSaveHolderPhone(server.url, token, phoneOf(basePhone, n))
        acknowledged.push({ n, at: performance.now() })
      }
    })()
    while (acknowledged.length < 3) await new Promise((done) => setTimeout(done, 20))

    const file = join(scratch, 'copia.tar.gz')
    const copyStarted = performance.now()
    const said = await portal(dataDir, 'backup', file)
    const copyEnded = performance.now()
    const startedBeforeEnd = started
    stopAfter = started + 3
    await writer

    expect(said[0]).toMatch(/^Cópia do banco de .* feita pelo servidor em execução\)\.$/)
    expect(existsSync(file)).toBe(true)
    expect(existsSync(`${file}.parcial`)).toBe(false)
    // A second copy never overwrites the first.
    await expect(portal(dataDir, 'backup', file)).rejects.toThrow(/já existe/)
    // What a host or a container with no sources runs (`node dist-server/portal.mjs`): the
    // built command, in a process of its own, asks the running server for the same copy.
    const second = join(scratch, 'copia-2.tar.gz')
    const built = await builtPortal(dataDir, 'backup', second)
    expect(built.code, built.output).toBe(0)
    expect(built.output).toMatch(/feita pelo servidor em execução\)\.$/m)
    expect(await checkCopy(new Blob([readFileSync(second)]), second)).toBeGreaterThan(0)

    const lastSave = acknowledged.at(-1)?.n ?? 0
    expect((await apiContract(server.url, token)).holder.person.phone.number).toBe(
      phoneOf(basePhone, lastSave),
    )
    // While the server runs on the folder, a restore is refused and changes nothing.
    await expect(portal(dataDir, 'restore', file)).rejects.toThrow(
      /^Nada foi restaurado: A pasta de dados .* já está em uso pelo processo \d+/,
    )
    await server.stop()
    expect(await holderUpdates(dataDir)).toBe(updatesBefore + lastSave)

    // Into an empty folder: the copy as it was.
    const restoredDir = join(scratch, 'restored')
    expect(await portal(restoredDir, 'restore', file)).toEqual([
      `Banco restaurado em ${restoredDir} a partir de ${file}.`,
    ])
    const updatesInCopy = (await holderUpdates(restoredDir)) - updatesBefore
    const restored = await startServer(restoredDir)
    onTestFailed(() => console.error(`servidor restaurado:\n${restored.output()}`))
    const phone =
      (await apiContract(restored.url, await apiToken(restored.url, demoEmails.ana))).holder.person
        .phone.number ?? ''
    await restored.stop()
    const inCopy = saveOf(phone)
    const lastBefore = acknowledged.filter(({ at }) => at < copyStarted).at(-1)?.n ?? 0
    expect(inCopy).toBeGreaterThanOrEqual(lastBefore)
    expect(inCopy).toBeLessThanOrEqual(startedBeforeEnd)
    // Never half: the save's row and its event are both in the copy, and no later event is.
    expect(updatesInCopy).toBe(inCopy)
    console.info(
      `[backup] ${acknowledged.length} saves acknowledged, ${acknowledged.filter(({ at }) => at >= copyStarted && at <= copyEnded).length} during the copy (${Math.round(copyEnded - copyStarted)} ms); the copy holds save ${inCopy} (acknowledged before it began: ${lastBefore}).`,
    )

    // Over the folder it came from: what was there is kept beside it, not overwritten.
    const [line, kept] = await portal(dataDir, 'restore', file)
    expect(line).toBe(`Banco restaurado em ${dataDir} a partir de ${file}.`)
    expect(kept).toMatch(/^O banco que estava lá foi guardado em .*pglite\.antes-da-restauracao-/)
    expect(readdirSync(dataDir).filter((name) => name.startsWith('pglite.antes'))).toHaveLength(1)
    expect((await holderUpdates(dataDir)) - updatesBefore).toBe(inCopy)
  }, 180_000)

  it('refuses what is not a copy, and PostgreSQL, with a sentence and nothing changed', async () => {
    const notACopy = join(scratch, 'planilha.tar.gz')
    writeFileSync(notACopy, 'nome;cpf\n')
    const empty = join(scratch, 'vazia')
    await expect(portal(empty, 'restore', notACopy)).rejects.toThrow(
      /^O arquivo .*planilha\.tar\.gz não é uma cópia do banco do portal \(.*\)\. Nada foi alterado\.$/,
    )
    expect(existsSync(join(empty, 'pglite'))).toBe(false)
    await expect(portal(empty, 'backup', join(scratch, 'nada.tar.gz'))).rejects.toThrow(
      `Não há banco de dados em ${empty}.`,
    )
    await expect(
      runPortalCommand(
        ['backup', 'x.tar.gz'],
        { out: () => undefined },
        {
          DATABASE_URL: 'postgres://ninguem@127.0.0.1:1/portal',
          DEMO: '1',
        },
      ),
    ).rejects.toThrow(DataError)
  })
})
