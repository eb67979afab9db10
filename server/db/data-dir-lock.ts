/**
 * One server per DATA_DIR. Two PGlite instances on one folder each keep their own copy of the
 * database in memory and overwrite each other's files: saves the other acknowledged are lost.
 * So the first server to start takes the folder, and the next refuses to start, naming it.
 *
 * Node has no flock(), so the lock is a file created exclusively ('wx') with the holder's pid,
 * host and start. A holder killed with SIGKILL leaves its file behind; the next start sees the
 * pid is gone and takes over. For two starters over one dead lock to have exactly one winner,
 * lock files are numbered (`server-<n>.lock`) and the highest number is the lock: whoever finds
 * its holder gone creates the next number, and 'wx' lets only one of them create it. Numbers
 * only grow: a released lock stays on disk marked `released`, and a starter that finds a higher
 * number than its own right after creating it (it looked long ago) backs off.
 */
import {
  closeSync,
  ftruncateSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { DataDirError } from './data-dir'

export interface DataDirLock {
  release(): void
}

interface Holder {
  pid: number
  host: string
  /** ISO time, for the operator. */
  startedAt: string
  /** Linux: boot id and start tick of the process, telling a reused pid from the holder. */
  processStart?: string | undefined
  released?: true
}

const lockName = /^server-(\d+)\.lock$/

/** Lock files this process holds: another lock naming our own pid is someone else's (stale). */
const heldHere = new Set<string>()

/** Takes `folder` (absolute) for this process, or throws a DataDirError naming who has it. */
export async function lockDataDir(folder: string): Promise<DataDirLock> {
  const me: Holder = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date(performance.timeOrigin).toISOString(),
    processStart: readProcess(process.pid)?.start,
  }
  for (let attempt = 0; attempt < 100; attempt++) {
    const newest = await readNewest(folder)
    if (newest === 'changed') continue
    if (newest && isHeld(newest.holder, newest.path)) {
      throw new DataDirError(inUse(folder, newest.holder, newest.path))
    }
    const number = (newest?.number ?? 0) + 1
    const path = join(folder, `server-${number}.lock`)
    try {
      writeFileSync(path, JSON.stringify(me), { flag: 'wx' })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue // another starter won it
      throw error
    }
    const numbers = lockNumbers(folder)
    if (Math.max(...numbers) > number) {
      rmSync(path, { force: true })
      continue
    }
    for (const older of numbers.filter((other) => other < number)) {
      rmSync(join(folder, `server-${older}.lock`), { force: true })
    }
    return hold(path, me)
  }
  throw new DataDirError(
    `A pasta de dados ${folder} não pôde ser travada: outros servidores começam nela ao mesmo tempo. Tente de novo.`,
  )
}

function hold(path: string, me: Holder): DataDirLock {
  heldHere.add(path)
  const release = () => {
    process.off('exit', release)
    if (!heldHere.delete(path)) return
    // Kept on disk (numbers only grow), marked released; not recreated if someone removed it.
    let fd: number
    try {
      fd = openSync(path, 'r+')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    try {
      ftruncateSync(fd)
      writeSync(fd, JSON.stringify({ ...me, released: true }))
    } finally {
      closeSync(fd)
    }
  }
  // A crash or process.exit() lets go too; SIGKILL leaves the file, which the next start sees.
  process.on('exit', release)
  return { release }
}

function lockNumbers(folder: string): number[] {
  return readdirSync(folder).flatMap((name) => {
    const match = lockName.exec(name)
    return match ? [Number(match[1])] : []
  })
}

type Newest = { number: number; path: string; holder: Holder | undefined }

/** The highest-numbered lock and its holder; 'changed' when it vanished while being read. */
async function readNewest(folder: string): Promise<Newest | undefined | 'changed'> {
  const numbers = lockNumbers(folder)
  if (numbers.length === 0) return undefined
  const number = Math.max(...numbers)
  const path = join(folder, `server-${number}.lock`)
  // Empty for the instant between its creation and its content being written.
  for (let wait = 0; wait < 25; wait++) {
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'changed'
      throw error
    }
    if (text !== '') return { number, path, holder: parseHolder(text) }
    await new Promise((done) => setTimeout(done, 20))
  }
  // Still empty: its creator died before writing it.
  return { number, path, holder: undefined }
}

function parseHolder(text: string): Holder | undefined {
  try {
    const holder = JSON.parse(text) as Partial<Holder>
    // pid 0 or below would signal whole process groups in isHeld.
    return Number.isInteger(holder.pid) && Number(holder.pid) > 0 && typeof holder.host === 'string'
      ? (holder as Holder)
      : undefined
  } catch {
    return undefined // not ours or damaged: nobody can be shown to hold it
  }
}

function isHeld(holder: Holder | undefined, path: string): holder is Holder {
  if (!holder || holder.released) return false
  // Another machine (or container) sharing the folder: its pid means nothing here. Containers
  // that share the host name but not the pids are beyond this check.
  if (holder.host !== hostname()) return true
  if (holder.pid === process.pid) return heldHere.has(path)
  try {
    process.kill(holder.pid, 0)
  } catch (error) {
    // EPERM: alive, run by another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false
  }
  // A zombie (dead, not yet reaped by its parent) holds nothing. The pid may also belong to
  // another process by now. Only Linux tells (/proc); elsewhere a reused pid keeps the folder
  // taken until that process ends or the lock file is removed.
  const now = readProcess(holder.pid)
  if (now?.zombie) return false
  return !(now && holder.processStart && now.start !== holder.processStart)
}

/**
 * On Linux, a process's boot id and start time (clock ticks since boot), which tell it from a
 * later process with the same pid, and whether it is a zombie; undefined elsewhere.
 */
function readProcess(pid: number): { start: string; zombie: boolean } | undefined {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // From field 3 (state) on; the command name (field 2) is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const start = fields[19] // field 22
    return start ? { start: `${boot}:${start}`, zombie: /^[ZX]$/.test(fields[0] ?? '') } : undefined
  } catch {
    return undefined // no /proc (macOS, Windows) or the process just ended
  }
}

function inUse(folder: string, holder: Holder, path: string): string {
  const since = new Date(holder.startedAt).toLocaleString('pt-BR')
  if (holder.host !== hostname()) {
    return `A pasta de dados ${folder} já está em uso pelo processo ${holder.pid} da máquina ${holder.host} (iniciado em ${since}). Pare esse servidor ou use outro DATA_DIR; se ele já parou, apague ${path}.`
  }
  return `A pasta de dados ${folder} já está em uso pelo processo ${holder.pid} (iniciado em ${since}). Pare esse servidor ou use outro DATA_DIR.`
}
