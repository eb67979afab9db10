/**
 * CPU time of the process listening on a port (Linux /proc), so a load figure can say how much
 * server CPU one request costs: unlike req/s, that holds when other work shares the machine.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'

const ticksPerSecond = 100 // USER_HZ: 100 on every Linux the bench runs on

function listeningInode(port: number): string | undefined {
  const portHex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines: string[]
    try {
      lines = readFileSync(table, 'utf8').split('\n').slice(1)
    } catch {
      continue
    }
    for (const line of lines) {
      const fields = line.trim().split(/\s+/)
      // local_address, state 0A = LISTEN, inode
      if (fields[1]?.endsWith(portHex) && fields[3] === '0A') return fields[9]
    }
  }
  return undefined
}

/** The pid owning the listening socket on `port`, or undefined where /proc cannot tell. */
export function pidListeningOn(port: number): number | undefined {
  const inode = listeningInode(port)
  if (!inode) return undefined
  const socket = `socket:[${inode}]`
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      for (const fd of readdirSync(`/proc/${entry}/fd`))
        if (readlinkSync(`/proc/${entry}/fd/${fd}`) === socket) return Number(entry)
    } catch {
      // A process that ended meanwhile, or one we may not inspect.
    }
  }
  return undefined
}

/** User + system CPU milliseconds the process has used so far. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name (which may hold spaces) start at state, field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond
}
