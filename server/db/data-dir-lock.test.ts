/**
 * The DATA_DIR lock: one holder, in this process or in another; a dead or reused pid does not
 * keep the folder; several starters over a dead lock have exactly one winner.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DataDirError } from './data-dir'
import { lockDataDir } from './data-dir-lock'

/** The folder as a starter saw it a while ago, for its next look only (a stale view). */
const view = vi.hoisted(() => ({ earlier: undefined as string[] | undefined }))
vi.mock('node:fs', async (original) => {
  const fs = await original<typeof import('node:fs')>()
  const readdirSync = (...args: Parameters<typeof fs.readdirSync>) => {
    const earlier = view.earlier
    view.earlier = undefined
    return earlier ?? fs.readdirSync(...args)
  }
  return { ...fs, readdirSync, default: { ...fs, readdirSync } }
})

const root = resolve(import.meta.dirname, '../..')
const folders: string[] = []
const children: ChildProcess[] = []

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

function scratch() {
  const folder = mkdtempSync(join(tmpdir(), 'pdt-lock-'))
  folders.push(folder)
  return folder
}

/** Another process running `script` with lockDataDir imported and the folder in argv[1]. */
function lockingProcess(folder: string, script: string) {
  const code = `import { lockDataDir } from './server/db/data-dir-lock.ts'\n${script}`
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', code, folder],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  children.push(child)
  return child
}

/** Another process that takes the lock at `startAt` (ms epoch) and holds it until killed. */
function holder(folder: string, startAt = 0) {
  const child = lockingProcess(
    folder,
    `while (Date.now() < ${startAt});
    try {
      await lockDataDir(process.argv[1])
      console.log('held')
    } catch (error) {
      console.log(error.message)
      process.exit(1)
    }
    setInterval(() => {}, 1000)`,
  )
  const said = new Promise<string>((done) => {
    let out = ''
    child.stdout?.on('data', (chunk) => {
      out += chunk
      if (out.includes('\n')) done(out.trim())
    })
    child.once('exit', () => done(out.trim()))
  })
  return { child, said }
}

async function killed(child: ChildProcess) {
  const exited = new Promise((done) => child.once('exit', done))
  child.kill('SIGKILL')
  await exited
}

/** A pid no process has: a child's, once it has ended (and been reaped). */
async function deadPid() {
  const child = spawn(process.execPath, ['-e', ''])
  await new Promise((done) => child.once('exit', done))
  return child.pid ?? 0
}

function lockFiles(folder: string) {
  return readdirSync(folder).filter((name) => name.endsWith('.lock'))
}

function writeLock(folder: string, number: number, content: object | string) {
  const text = typeof content === 'string' ? content : JSON.stringify(content)
  writeFileSync(join(folder, `server-${number}.lock`), text)
}

describe('lockDataDir', () => {
  it('refuses a second lock in the same process, naming it, until the first is released', async () => {
    const folder = scratch()
    const first = await lockDataDir(folder)
    const second = lockDataDir(folder)
    await expect(second).rejects.toBeInstanceOf(DataDirError)
    await expect(second).rejects.toThrow(
      new RegExp(`^A pasta de dados ${folder} já está em uso pelo processo ${process.pid} \\(`),
    )
    first.release()
    const third = await lockDataDir(folder)
    third.release()
    expect(lockFiles(folder)).toEqual(['server-2.lock'])
    expect(JSON.parse(readFileSync(join(folder, 'server-2.lock'), 'utf8'))).toMatchObject({
      pid: process.pid,
      released: true,
    })
  })

  it('refuses while another process holds it, and takes it once that process is killed', async () => {
    const folder = scratch()
    const other = holder(folder)
    expect(await other.said).toBe('held')
    await expect(lockDataDir(folder)).rejects.toThrow(
      `já está em uso pelo processo ${other.child.pid} (iniciado em`,
    )
    await killed(other.child)
    const lock = await lockDataDir(folder)
    lock.release()
  })

  it('lets go when its process exits without releasing (a crash, process.exit)', async () => {
    const folder = scratch()
    const child = lockingProcess(
      folder,
      `await lockDataDir(process.argv[1])
      process.exit(3)`,
    )
    expect(await new Promise((done) => child.once('exit', done))).toBe(3)
    const lock = JSON.parse(readFileSync(join(folder, 'server-1.lock'), 'utf8'))
    expect(lock).toMatchObject({ pid: child.pid, released: true })
  })

  it('takes over a lock whose pid is gone, and one left empty by a starter that died', async () => {
    const dead = { pid: await deadPid(), host: hostname(), startedAt: new Date().toISOString() }
    const folder = scratch()
    writeLock(folder, 7, dead)
    const lock = await lockDataDir(folder)
    expect(lockFiles(folder)).toEqual(['server-8.lock'])
    lock.release()

    const emptied = scratch()
    writeLock(emptied, 1, '')
    ;(await lockDataDir(emptied)).release()
    expect(lockFiles(emptied)).toEqual(['server-2.lock'])
  })

  it('tells a reused pid from its holder by the process start time (Linux)', async () => {
    const folder = scratch()
    // Our parent is alive, but it is not the process that wrote this lock.
    writeLock(folder, 1, {
      pid: process.ppid,
      host: hostname(),
      startedAt: new Date().toISOString(),
      processStart: 'another-boot:1',
    })
    const taking = lockDataDir(folder)
    if (process.platform === 'linux') (await taking).release()
    // Without /proc a live pid keeps the folder (the limitation said in the module).
    else await expect(taking).rejects.toBeInstanceOf(DataDirError)
  })

  it("refuses another machine's lock, saying which file to remove once that server is stopped", async () => {
    const folder = scratch()
    writeLock(folder, 3, { pid: 1, host: 'outra-maquina', startedAt: new Date().toISOString() })
    await expect(lockDataDir(folder)).rejects.toThrow(
      `pelo processo 1 da máquina outra-maquina (iniciado em`,
    )
    await expect(lockDataDir(folder)).rejects.toThrow(`apague ${join(folder, 'server-3.lock')}.`)
  })

  it('gives a dead lock to exactly one of several processes starting at the same moment', async () => {
    const folder = scratch()
    writeLock(folder, 1, {
      pid: await deadPid(),
      host: hostname(),
      startedAt: new Date().toISOString(),
    })
    const startAt = Date.now() + 1_500
    const starters = Array.from({ length: 4 }, () => holder(folder, startAt))
    const said = await Promise.all(starters.map((starter) => starter.said))
    const winners = starters.filter((_, index) => said[index] === 'held')
    expect(winners).toHaveLength(1)
    for (const message of said.filter((text) => text !== 'held')) {
      expect(message).toContain(`em uso pelo processo ${winners[0]?.child.pid} (`)
    }
    expect(lockFiles(folder)).toEqual(['server-2.lock'])
  })

  it.each([
    ['the dead lock the winner replaced', 1, 2],
    ['a dead lock that later holders have since passed', 5, 7],
  ])('backs off when it last looked at %s', async (_, seen, held) => {
    const folder = scratch()
    const dead = { pid: await deadPid(), host: hostname(), startedAt: '2026-01-01T00:00:00Z' }
    writeLock(folder, held - 1, dead)
    const other = holder(folder)
    expect(await other.said).toBe('held')
    writeLock(folder, seen, dead)
    view.earlier = [`server-${seen}.lock`]
    await expect(lockDataDir(folder)).rejects.toThrow(`em uso pelo processo ${other.child.pid} (`)
    expect(lockFiles(folder).sort()).toEqual([`server-${seen}.lock`, `server-${held}.lock`])
  })
})
